/**
 * What user administration asks of three modules that stand on users: the audit trail, the
 * password codes and the sessions. Their tables reference `users`, so they depend on this module;
 * were users to import them back, the modules would form a cycle (issue 33). Instead app.ts hands
 * their services in when it registers the users routes, and this module names only their shape.
 */
import type { AuditKind } from '@portal/domain/rules';
import type { Database, Queryable } from '../../db/client.js';
import type { Principal } from '../../http/principal.js';

/** One entry of the audit trail (modules/audit recordAudit). */
export type UserAuditChange = { kind: AuditKind; subject: string; subjectId: number; before?: unknown; after?: unknown };

/** An invitation's code, made before the transaction that stores it (modules/password prepareCode). */
export type PreparedInviteCode = { code: string; codeHash: string };

export type UsersCollaborators = {
  /** Writes one audit entry inside the caller's transaction. */
  recordAudit(tx: Queryable, principal: Principal, change: UserAuditChange): Promise<void>;
  /** Makes a new invitation code (hashing it takes time, so it runs before the transaction). */
  prepareCode(): Promise<PreparedInviteCode>;
  /** Stores the invitation's code and queues its email, inside the caller's transaction. */
  issueInvite(
    tx: Queryable,
    invite: {
      user: { id: number; email: string; firstName: string };
      prepared: PreparedInviteCode;
      origin: string;
      organizationName: string;
      invitedBy: string;
    },
  ): Promise<void>;
  /** Ends every session of a user (a deactivated user's sessions end at once). */
  revokeUserSessions(db: Database, userId: number): Promise<void>;
};

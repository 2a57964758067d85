/**
 * The audit trail (issue 20): every change to users, addresses, saved carts and organization
 * settings is written with who, when, what and the values before and after. `recordAudit` runs in
 * the caller's transaction, so an entry exists exactly when its change was committed.
 */
import { totalPagesOf, type AuditKind } from '@portal/domain/rules';
import type { AuditEntry, AuditListQuery, AuditListResponse } from '@portal/domain';
import type { Queryable } from '../../db/client.js';
import type { Principal } from '../../http/principal.js';
import { countAuditEntries, insertAuditEntry, listAuditEntries, type AuditRow } from './repository.js';

export type AuditChange = {
  kind: AuditKind;
  /** What was changed, in words: an email, an address name, a saved cart's name. */
  subject: string;
  /** The id of what was changed (user id, address id, saved cart id), when it has one. */
  subjectId?: number | null;
  /** JSON-serialisable values; null (or omitted) for a creation's before or a deletion's after. */
  before?: unknown;
  after?: unknown;
};

/** Who acts: a session's principal, or a user acting without one (an invitee activating their account). */
export type AuditActor = { user: Pick<Principal['user'], 'id' | 'firstName' | 'lastName' | 'email'>; organization: { id: number } };

/** Write one audit entry for `principal`'s organization, inside the caller's transaction `tx`. */
export async function recordAudit(tx: Queryable, principal: AuditActor, change: AuditChange): Promise<void> {
  const { user } = principal;
  await insertAuditEntry(tx, {
    organizationId: principal.organization.id,
    userId: user.id,
    userName: `${user.firstName} ${user.lastName}`.trim(),
    userEmail: user.email,
    kind: change.kind,
    subject: change.subject,
    subjectId: change.subjectId ?? null,
    before: toJson(change.before),
    after: toJson(change.after),
  });
}

/**
 * An entry for a change made with the command-line tool (`npm run portal`): no portal user made
 * it, so the entry names the tool instead of a user.
 */
export async function recordCommandLineAudit(tx: Queryable, organizationId: number, change: AuditChange): Promise<void> {
  await insertAuditEntry(tx, {
    organizationId,
    userId: null,
    userName: COMMAND_LINE_ACTOR,
    userEmail: '',
    kind: change.kind,
    subject: change.subject,
    subjectId: change.subjectId ?? null,
    before: toJson(change.before),
    after: toJson(change.after),
  });
}

/** The name an entry written by the command-line tool shows as its author. */
export const COMMAND_LINE_ACTOR = 'Command line (npm run portal)';

/** Dates become ISO strings and undefined fields disappear, as they would in an API answer. */
function toJson(value: unknown): unknown {
  return value === undefined || value === null ? null : JSON.parse(JSON.stringify(value));
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    kind: row.kind as AuditKind,
    subject: row.subject,
    subjectId: row.subjectId,
    before: row.before ?? null,
    after: row.after ?? null,
  };
}

/** `GET /api/organization/audit` (manageUsers, checked by the route): newest first, filtered, paged. */
export async function listAudit(db: Queryable, principal: Principal, query: AuditListQuery): Promise<AuditListResponse> {
  const filter = { organizationId: principal.organization.id, userId: query.userId, kind: query.kind };
  const [rows, totalResults] = await Promise.all([
    listAuditEntries(db, filter, query.pageSize, (query.page - 1) * query.pageSize),
    countAuditEntries(db, filter),
  ]);
  return {
    entries: rows.map(toEntry),
    page: query.page,
    pageSize: query.pageSize,
    totalResults,
    totalPages: totalPagesOf(totalResults, query.pageSize),
  };
}

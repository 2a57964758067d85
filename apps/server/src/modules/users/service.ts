/**
 * User administration and the own profile (spec 2, 4 "User detail", 6, 7). Every rule is enforced
 * here, whatever a client shows or hides: only manageUsers lists and edits others; nobody changes
 * their own permissions or deactivates themselves; deactivation ends the user's sessions at once.
 */
import type { z } from 'zod';
import { changedFields, USER_MESSAGES } from '@portal/domain/rules';
import type { ManagedUser, userInviteSchema, userUpdateSchema } from '@portal/domain';
import type { Database, Queryable } from '../../db/client.js';
import { forbidden, HttpError, notFound } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import type { UsersCollaborators } from './collaborators.js';
import { resolvePermissions, samePermissions, type PermissionState } from './permissions.js';
import {
  assignedBranchIds,
  emailInUse,
  findOrganizationUser,
  findSubscribers,
  findUserByEmail,
  insertUser,
  isUniqueViolation,
  listOrganizationUsers,
  organizationBranches,
  replaceUserBranches,
  updateOrganizationUser,
  type SubscriptionKind,
  type UserInsert,
  type UserRow,
} from './repository.js';
import { storedPermissions, toManagedUser } from './view.js';

type UpdateBody = z.output<typeof userUpdateSchema>;
type InviteBody = z.output<typeof userInviteSchema>;
export type EditMode = 'admin' | 'profile';

const emailTaken = () => new HttpError(409, [{ field: 'email', message: USER_MESSAGES.emailTaken }]);
const badRequest = (field: string, message: string) => new HttpError(400, [{ field, message }]);

function requireManageUsers(principal: Principal): void {
  if (!principal.roles.manageUsers) throw forbidden();
}

async function loadUser(db: Database, principal: Principal, id: number): Promise<UserRow> {
  const user = await findOrganizationUser(db, principal.organization.id, id);
  if (!user) throw notFound(USER_MESSAGES.notFound);
  return user;
}

async function viewOf(db: Database, principal: Principal, user: UserRow): Promise<ManagedUser> {
  const [orgBranches, assigned] = await Promise.all([
    organizationBranches(db, principal.organization.id),
    assignedBranchIds(db, [user.id]),
  ]);
  return toManagedUser(user, principal.organization, assigned.get(user.id) ?? [], orgBranches);
}

/** `GET /api/users`: the organization's users (manageUsers, checked by the route). */
export async function listUsers(db: Database, principal: Principal): Promise<ManagedUser[]> {
  const rows = await listOrganizationUsers(db, principal.organization.id);
  const [orgBranches, assigned] = await Promise.all([
    organizationBranches(db, principal.organization.id),
    assignedBranchIds(
      db,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((row) => toManagedUser(row, principal.organization, assigned.get(row.id) ?? [], orgBranches));
}

/** `GET /api/users/{id}`: any user of the organization for manageUsers; one's own with `type=profile`. */
export async function getUser(db: Database, principal: Principal, id: number, mode: EditMode): Promise<ManagedUser> {
  if (mode === 'profile') {
    if (id !== principal.user.id) throw forbidden(USER_MESSAGES.ownProfileOnly);
  } else {
    requireManageUsers(principal);
  }
  return viewOf(db, principal, await loadUser(db, principal, id));
}

/** `PUT /api/users/{id}`: an administrator's edit, or with `type=profile` one's own name, phone and subscriptions. */
export async function updateUser(
  db: Database,
  collaborators: UsersCollaborators,
  principal: Principal,
  id: number,
  mode: EditMode,
  body: UpdateBody,
): Promise<void> {
  if (mode === 'profile') {
    if (id !== principal.user.id) throw forbidden(USER_MESSAGES.ownProfileOnly);
  } else {
    requireManageUsers(principal);
    // Spec 5: an update must name its user.
    if (body.id === undefined) throw badRequest('id', USER_MESSAGES.idRequired);
  }
  if (body.id !== undefined && body.id !== id) throw badRequest('id', USER_MESSAGES.idMismatch);

  const user = await loadUser(db, principal, id);
  const isSelf = user.id === principal.user.id;
  const orgBranches = await organizationBranches(db, principal.organization.id);
  const assigned = (await assignedBranchIds(db, [user.id])).get(user.id) ?? [];
  const stored = storedPermissions(user, assigned);
  const requested = resolvePermissions(body, stored, principal.organization, orgBranches);
  const email = body.email?.toLowerCase() ?? user.email;
  const isActive = body.isActive ?? user.isActive;

  // Spec 6: a user cannot deactivate themselves nor edit their own permissions.
  if (isSelf && !isActive) throw forbidden(USER_MESSAGES.deactivateSelf);
  if (isSelf && !samePermissions(stored, requested)) throw forbidden(USER_MESSAGES.ownPermissions);
  if (mode === 'profile' && (email !== user.email || isActive !== user.isActive)) throw forbidden(USER_MESSAGES.profileFieldsOnly);

  if (email !== user.email && (await emailInUse(db, email, user.id))) throw emailTaken();

  const subscriptions = body.subscriptions;
  const common = {
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone,
    ...(subscriptions
      ? { subConfirmation: subscriptions.confirmation, subShipping: subscriptions.shipping, subInvoice: subscriptions.invoice }
      : {}),
  };
  const before = auditSnapshot(user, stored, orgBranches);
  try {
    await db.transaction(async (tx) => {
      if (mode === 'profile') {
        await updateOrganizationUser(tx, principal.organization.id, user.id, common);
        await auditUserChange(
          collaborators,
          tx,
          principal,
          user,
          before,
          auditSnapshot({ ...user, ...definedOnly(common) }, stored, orgBranches),
        );
        return;
      }
      await updateOrganizationUser(tx, principal.organization.id, user.id, { ...common, email, isActive, ...permissionColumns(requested) });
      if (!requested.useOrganizationBranches) await replaceUserBranches(tx, user.id, requested.branchIds);
      const after = auditSnapshot({ ...user, ...definedOnly(common), email, isActive }, requested, orgBranches);
      await auditUserChange(collaborators, tx, principal, user, before, after);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  // Spec 6 / server-rules: a deactivated user's sessions end at once.
  if (user.isActive && !isActive) await collaborators.revokeUserSessions(db, user.id);
}

/** A user as the audit trail records it (issue 20): contact, status, options, roles and branches. */
function auditSnapshot(
  user: Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'phone' | 'isActive' | 'subConfirmation' | 'subShipping' | 'subInvoice'>,
  permissions: PermissionState,
  orgBranches: { id: number; branchNumber: number }[],
) {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    isActive: user.isActive,
    subscriptions: { confirmation: user.subConfirmation, shipping: user.subShipping, invoice: user.subInvoice },
    restrictedPricing: permissions.restrictedPricing,
    limitOrderHistory: permissions.limitOrderHistory,
    allowCashSales: permissions.allowCashSales,
    useOrganizationRoles: permissions.useOrganizationRoles,
    roles: [...permissions.roles].sort(),
    useOrganizationBranches: permissions.useOrganizationBranches,
    branches: permissions.useOrganizationBranches
      ? []
      : orgBranches.filter((b) => permissions.branchIds.includes(b.id)).map((b) => b.branchNumber),
  };
}
type AuditSnapshot = ReturnType<typeof auditSnapshot>;

function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * One entry per saved change, holding only the fields that changed: 'user.activate' or
 * 'user.deactivate' when the status changed, else 'user.update'. Nothing changed, nothing written.
 */
async function auditUserChange(
  collaborators: UsersCollaborators,
  tx: Queryable,
  principal: Principal,
  user: UserRow,
  before: AuditSnapshot,
  after: AuditSnapshot,
) {
  const diff = changedFields(before, after);
  if (!diff) return;
  const kind = before.isActive === after.isActive ? 'user.update' : after.isActive ? 'user.activate' : 'user.deactivate';
  await collaborators.recordAudit(tx, principal, { kind, subject: user.email, subjectId: user.id, before: diff.before, after: diff.after });
}

function permissionColumns(state: PermissionState) {
  return {
    restrictedPricing: state.restrictedPricing,
    limitOrderHistory: state.limitOrderHistory,
    allowCashSales: state.allowCashSales,
    useOrganizationRoles: state.useOrganizationRoles,
    roles: state.roles,
    useOrganizationBranches: state.useOrganizationBranches,
  };
}

const NO_PERMISSIONS: PermissionState = {
  restrictedPricing: false,
  limitOrderHistory: false,
  allowCashSales: false,
  useOrganizationRoles: false,
  roles: [],
  useOrganizationBranches: false,
  branchIds: [],
};

/**
 * `PUT /api/users` (invite): an active, unverified user without a password, and an email with an
 * activation link. `origin` is where the inviting administrator reached the portal.
 */
export async function inviteUser(
  db: Database,
  collaborators: UsersCollaborators,
  principal: Principal,
  body: InviteBody,
  origin: string,
): Promise<ManagedUser> {
  requireManageUsers(principal);
  const orgBranches = await organizationBranches(db, principal.organization.id);
  const permissions = resolvePermissions(body, NO_PERMISSIONS, principal.organization, orgBranches);
  const email = body.email.toLowerCase();
  if (await emailInUse(db, email)) throw emailTaken();

  const prepared = await collaborators.prepareCode();
  const inviter = principal.user;
  try {
    const created = await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        organizationId: principal.organization.id,
        email,
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone,
        ...(body.subscriptions
          ? {
              subConfirmation: body.subscriptions.confirmation,
              subShipping: body.subscriptions.shipping,
              subInvoice: body.subscriptions.invoice,
            }
          : {}),
        isActive: true,
        isVerified: false,
        ...permissionColumns(permissions),
      });
      if (!permissions.useOrganizationBranches) await replaceUserBranches(tx, user.id, permissions.branchIds);
      await collaborators.recordAudit(tx, principal, {
        kind: 'user.invite',
        subject: user.email,
        subjectId: user.id,
        after: auditSnapshot(user, permissions, orgBranches),
      });
      await collaborators.issueInvite(tx, {
        user,
        prepared,
        origin,
        organizationName: principal.organization.name,
        invitedBy: `${inviter.firstName} ${inviter.lastName}`.trim() || inviter.email,
      });
      return user;
    });
    return await viewOf(db, principal, created);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

/** A user by login email (stored lower-case), in any organization; undefined when there is none. */
export async function userByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(db, email.toLowerCase());
}

/**
 * Adds a user inside the caller's transaction, with its own branches unless it inherits the
 * organization's (the command line's `users create`; the API invites with inviteUser).
 */
export async function addUser(tx: Queryable, values: UserInsert, ownBranchIds: number[]): Promise<UserRow> {
  const user = await insertUser(tx, values);
  if (!values.useOrganizationBranches) await replaceUserBranches(tx, user.id, ownBranchIds);
  return user;
}

/** Who receives an order's mail of this kind (orders/order-emails.ts): the order's organization and who entered it. */
export async function orderMailRecipients(
  db: Queryable,
  order: { organizationId: number; enteredByUserId: number | null },
  kind: SubscriptionKind,
): Promise<{ id: number; email: string; firstName: string; restrictedPricing: boolean }[]> {
  return findSubscribers(db, order.organizationId, order.enteredByUserId, kind);
}

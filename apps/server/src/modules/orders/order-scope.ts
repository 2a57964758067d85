/**
 * Which orders a caller may read (server-rules "Orders", spec 6): the session's organization, the
 * chosen branch (or every branch of the user where no branch is named), and with limitOrderHistory
 * only the orders the user entered. Every order query takes a scope; none reads without one.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { orders } from './schema.js';
import { forbidden } from '../../http/errors.js';
import { branchOf, type Principal } from '../../http/principal.js';

export type OrderScope = {
  organizationId: number;
  /** One branch for the lists; all of the user's branches for a detail opened without one. */
  branchIds: number[];
  /** Set when the user has limitOrderHistory. */
  enteredByUserId: number | null;
};

/** The scope of one branch; a branch the user does not have is refused (403), never widened. */
export function branchScope(principal: Principal, branchNumber: number): OrderScope {
  const branch = branchOf(principal, branchNumber);
  if (!branch) throw forbidden('You do not have access to that branch.');
  return {
    organizationId: principal.organization.id,
    branchIds: [branch.id],
    enteredByUserId: principal.user.limitOrderHistory ? principal.user.id : null,
  };
}

export function userScope(principal: Principal): OrderScope {
  return {
    organizationId: principal.organization.id,
    branchIds: principal.branches.map((b) => b.id),
    enteredByUserId: principal.user.limitOrderHistory ? principal.user.id : null,
  };
}

/** The WHERE terms of a scope, for every order query. */
export function scopeCondition(scope: OrderScope): SQL {
  const branch = scope.branchIds.length === 1 ? eq(orders.branchId, scope.branchIds[0]!) : inArray(orders.branchId, scope.branchIds);
  return and(
    eq(orders.organizationId, scope.organizationId),
    branch,
    scope.enteredByUserId === null ? undefined : eq(orders.enteredByUserId, scope.enteredByUserId),
  )!;
}

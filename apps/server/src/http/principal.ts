/**
 * The signed-in caller as every route sees it: who, which organization, effective roles and
 * branches (after inheritance from the organization), and the flags that gate features.
 *
 * A plain object of the http layer, not database rows (issue 33): ids, names, roles, flags, the
 * user's own options and branches, nothing more. The auth module builds it from a session
 * (modules/auth/principal.ts), access control (access.ts) checks its roles and flags, and every
 * module reads it from here, so no module depends on auth's tables to know its caller. Anything
 * else a module needs of the user or the organization it reads when it needs it, through the
 * owning module's entrance or joined in its own SQL: the cart and the session answer read the
 * organization's fees through organizations/index.ts; the catalog reads its price list in the
 * statement that checks the catalog (catalog/repository.ts visibleCatalogSql).
 */
import type { FastifyRequest } from 'fastify';
import type { OrganizationFlag, RoleMap } from '@portal/domain/rules';
import { unauthorized } from './errors.js';

/** One branch the caller may use (spec 6: users see only their own branches). */
export type PrincipalBranch = { id: number; branchNumber: number; name: string };

/** The caller's user: its ids, its name and email (for mail and the audit trail) and its own options. */
export type CallerUser = {
  id: number;
  organizationId: number;
  email: string;
  firstName: string;
  lastName: string;
  restrictedPricing: boolean;
  limitOrderHistory: boolean;
  allowCashSales: boolean;
  useOrganizationBranches: boolean;
  useOrganizationRoles: boolean;
  useOrganizationCatalogs: boolean;
};

/** The caller's organization: its id and name, its roles and its flags. */
export type CallerOrganization = {
  id: number;
  name: string;
  /** The organization's roles (spec 6): what its users may be given or inherit. */
  roles: string[];
} & Record<OrganizationFlag, boolean>;

export type Principal = {
  tokenHash: string;
  deviceId: string;
  /** When the session was last used, before this request. */
  sessionLastSeenAt: Date;
  user: CallerUser;
  organization: CallerOrganization;
  roles: RoleMap;
  branches: PrincipalBranch[];
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller of a session route, kept by access control (access.ts) once admitted (app.ts). */
    principal?: Principal;
  }
}

/** The caller of a session route; the access hook has already guaranteed it exists. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

/** The branch of a branch number if the caller may use it (spec 6: users see only their own branches). */
export function branchOf(principal: Principal, branchNumber: number): PrincipalBranch | undefined {
  return principal.branches.find((b) => b.branchNumber === branchNumber);
}

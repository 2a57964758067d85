/**
 * Which catalog and branch a catalog call may use (spec 6): the branch must be one of the caller's
 * (403 otherwise, like every branch-scoped call), the catalog one the user may see (404 otherwise,
 * so another organization's catalog looks like one that does not exist).
 */
import type { Database } from '../../db/client.js';
import { forbidden, notFound } from '../../http/errors.js';
import { branchOf, type Principal, type PrincipalBranch } from '../../http/principal.js';
import { queryRows } from '../../db/query-rows.js';
import { visibleCatalogSql, type CatalogCaller, type PricingContext, type PricingTerms, type VisibleCatalogRow } from './repository.js';

export type { PricingContext } from './repository.js';

export const CATALOG_NOT_FOUND = 'The catalog was not found.';
export const BRANCH_FORBIDDEN = 'You do not have access to this branch.';

export function requireBranch(principal: Principal, branchNumber: number): PrincipalBranch {
  const branch = branchOf(principal, branchNumber);
  if (!branch) throw forbidden(BRANCH_FORBIDDEN);
  return branch;
}

/** Who asks for which catalog, as the visibility rule (repository.ts visibleCatalogSql) needs it. */
export function catalogCallerOf(principal: Principal, catalogId: string): CatalogCaller {
  const { user } = principal;
  return { catalogId, organizationId: user.organizationId, userId: user.id, useOrganizationCatalogs: user.useOrganizationCatalogs };
}

/**
 * The caller's own pricing terms: the organization's price list (from the visible catalog's row),
 * and MSRP only when the user is restricted.
 */
function pricingTermsOf(principal: Principal, catalog: VisibleCatalogRow): PricingTerms {
  return { organizationPriceListId: catalog.organization_price_list_id, restrictedPricing: principal.user.restrictedPricing };
}

/** The catalog row if the user may see it, with its search totals and the data revision: one prepared, indexed statement. */
export async function visibleCatalog(db: Database, principal: Principal, catalogId: string): Promise<VisibleCatalogRow | undefined> {
  const [row] = await queryRows<VisibleCatalogRow>(db, visibleCatalogSql(catalogCallerOf(principal, catalogId)), { prepared: true });
  return row;
}

export async function pricingContextFor(db: Database, principal: Principal, catalogId: string): Promise<PricingContext> {
  return pricingContextOf(principal, await visibleCatalog(db, principal, catalogId));
}

/** The pricing context of the caller's visible catalog row; 404 when there is none. */
export function pricingContextOf(principal: Principal, catalog: VisibleCatalogRow | undefined): PricingContext {
  if (!catalog) throw notFound(CATALOG_NOT_FOUND);
  return {
    ...pricingTermsOf(principal, catalog),
    catalogId: catalog.id,
    catalogPriceListId: catalog.price_list_id,
    shipsOnlyFrom: catalog.ships_only_from,
    productCount: Number(catalog.products ?? 0),
    searchVersion: Number(catalog.version ?? 0),
    dataRevision: catalog.data_revision,
  };
}

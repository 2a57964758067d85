/**
 * Which catalog and branch a catalog call may use (spec 6): the branch must be one of the caller's
 * (403 otherwise, like every branch-scoped call), the catalog one the user may see (404 otherwise,
 * so another organization's catalog looks like one that does not exist).
 */
import { and, asc, eq, exists, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { catalogSearchTotals, catalogs, organizationCatalogs, userCatalogs } from '../../db/schema.js';
import { forbidden, notFound } from '../../http/errors.js';
import { branchOf, type Principal, type PrincipalBranch } from '../auth/principal.js';

/** The fallback catalog id of the dashboard link: the user's first catalog (spec 2, 9). */
export const FALLBACK_CATALOG_ID = 'portal';

export type PricingContext = {
  catalogId: string;
  catalogPriceListId: number;
  /** Customer-specific prices that override the catalog's (server-rules "Catalog"). */
  organizationPriceListId: number | null;
  /** Catalog `show` ships only from SHW2; null means every warehouse not reserved to such a catalog. */
  shipsOnlyFrom: string | null;
  /** restrictedPricing users get price = msrp everywhere (spec 6). */
  restrictedPricing: boolean;
  /** How many products the catalog lists: the pager's total when browsing (catalog_search_totals). */
  productCount: number;
  /** Moves with every change of the catalog's search rows; cached search results key on it. */
  searchVersion: number;
};

export const CATALOG_NOT_FOUND = 'The catalog was not found.';
export const BRANCH_FORBIDDEN = 'You do not have access to this branch.';

export function requireBranch(principal: Principal, branchNumber: number): PrincipalBranch {
  const branch = branchOf(principal, branchNumber);
  if (!branch) throw forbidden(BRANCH_FORBIDDEN);
  return branch;
}

function prepareVisibleCatalogQuery(db: Database) {
  const catalogId = sql.placeholder('catalogId');
  const ownList = exists(
    db
      .select({ one: userCatalogs.userId })
      .from(userCatalogs)
      .where(and(eq(userCatalogs.userId, sql.placeholder('userId')), eq(userCatalogs.catalogId, catalogs.id))),
  );
  return db
    .select({
      id: catalogs.id,
      priceListId: catalogs.priceListId,
      shipsOnlyFrom: catalogs.shipsOnlyFrom,
      productCount: catalogSearchTotals.products,
      searchVersion: catalogSearchTotals.version,
    })
    .from(organizationCatalogs)
    .innerJoin(catalogs, eq(catalogs.id, organizationCatalogs.catalogId))
    .leftJoin(catalogSearchTotals, eq(catalogSearchTotals.catalogId, catalogs.id))
    .where(
      and(
        eq(organizationCatalogs.organizationId, sql.placeholder('organizationId')),
        or(sql`${catalogId} = ${FALLBACK_CATALOG_ID}`, eq(catalogs.id, catalogId)),
        or(sql`${sql.placeholder('useOrganizationCatalogs')}::boolean`, ownList),
      ),
    )
    .orderBy(asc(organizationCatalogs.position), asc(catalogs.id))
    .limit(1)
    .prepare('visible_catalog');
}

/** Every catalog call runs it: prepared once per database, never planned again. */
const visibleCatalogQueries = new WeakMap<Database, ReturnType<typeof prepareVisibleCatalogQuery>>();

/**
 * The catalog row if the user may see it: one of the organization's catalogs and, for a user with
 * its own list (useOrganizationCatalogs false), also one of the user's; 'portal' is the first such.
 * One indexed query, with the catalog's search totals.
 */
export async function visibleCatalog(db: Database, principal: Principal, catalogId: string) {
  const { user } = principal;
  let query = visibleCatalogQueries.get(db);
  if (!query) visibleCatalogQueries.set(db, (query = prepareVisibleCatalogQuery(db)));
  const [row] = await query.execute({
    catalogId,
    userId: user.id,
    organizationId: user.organizationId,
    useOrganizationCatalogs: user.useOrganizationCatalogs,
  });
  return row;
}

export async function pricingContextFor(db: Database, principal: Principal, catalogId: string): Promise<PricingContext> {
  const catalog = await visibleCatalog(db, principal, catalogId);
  if (!catalog) throw notFound(CATALOG_NOT_FOUND);
  return {
    catalogId: catalog.id,
    catalogPriceListId: catalog.priceListId,
    organizationPriceListId: principal.organization.priceListId,
    shipsOnlyFrom: catalog.shipsOnlyFrom,
    restrictedPricing: principal.user.restrictedPricing,
    productCount: catalog.productCount ?? 0,
    searchVersion: catalog.searchVersion ?? 0,
  };
}

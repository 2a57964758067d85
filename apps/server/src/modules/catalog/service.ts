/**
 * Catalog use cases (spec 2 "Catalog", spec 7 catalog calls): search, one product, the cart's
 * batch lookup and the CSV export. Every call is scoped to the caller's organization, one of the
 * caller's branches (403 otherwise) and a catalog the caller may see (404 otherwise).
 */
import type { CatalogSearchCriteria, CatalogSearchResponse, Product } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import type { Principal } from '../auth/principal.js';
import { pricingContextFor, requireBranch } from './catalog-access.js';
import { toProduct } from './product-mapper.js';
import {
  pageCarriesTotal,
  productsBySkusSql,
  queryRows,
  searchCountSql,
  searchPageSql,
  type MatchMode,
  type PricedProductRow,
  type SearchRow,
} from './repository.js';

export const PRODUCT_NOT_FOUND = 'The product was not found.';

export type ProductLookup = { skus: string[]; catalog: string; branchNumber: number; shipToState: string };

/**
 * The products of a SKU list priced for the caller, in the list's order; SKUs that are not in the
 * catalog are left out (the cart then drops them, spec 4). Used by `POST /api/catalog/products`
 * and by the cart and checkout modules to re-price a cart on the server.
 */
export async function findProductsBySkus(db: Database, principal: Principal, input: ProductLookup): Promise<Product[]> {
  requireBranch(principal, input.branchNumber);
  const ctx = await pricingContextFor(db, principal, input.catalog);
  const skus = [...new Set(input.skus.map((s) => s.trim()).filter((s) => s.length > 0))];
  if (skus.length === 0) return [];
  const rows = await queryRows<PricedProductRow>(db, productsBySkusSql(ctx, input.shipToState, skus), { prepared: true });
  return rows.map((row) => toProduct(row, ctx.catalogId));
}

export async function findProduct(
  db: Database,
  principal: Principal,
  input: { sku: string; catalog: string; branchNumber: number; shipToState: string },
): Promise<Product> {
  const [product] = await findProductsBySkus(db, principal, { ...input, skus: [input.sku] });
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/**
 * Spec 5: a search without ship-to state, branch or catalog answers an empty result. A branch or
 * catalog that is given but not the caller's is still refused, so the empty answer hides nothing.
 */
export async function searchCatalog(db: Database, principal: Principal, criteria: CatalogSearchCriteria): Promise<CatalogSearchResponse> {
  const { page, pageSize } = criteria;
  const empty: CatalogSearchResponse = { page, pageSize, totalResults: 0, results: [] };
  if (criteria.branchNumber) requireBranch(principal, criteria.branchNumber);
  const ctx = criteria.catalog ? await pricingContextFor(db, principal, criteria.catalog) : undefined;
  if (!ctx || !criteria.branchNumber || !criteria.shipToState) return empty;

  const filter = { keywords: criteria.keywords ?? '', brand: criteria.brand?.trim() || null };
  const shipToState = criteria.shipToState;
  const count = async (mode: MatchMode) =>
    Number((await queryRows<{ total: number }>(db, searchCountSql(ctx, filter, mode)))[0]?.total ?? 0);
  const run = async (mode: MatchMode) => {
    const pageSql = searchPageSql(ctx, shipToState, filter, { page, pageSize, mode });
    let rows: SearchRow[];
    let total: number;
    if (pageCarriesTotal(filter)) {
      rows = await queryRows<SearchRow>(db, pageSql);
      // Only a page past the last match needs counting on its own.
      total = rows[0] ? Number(rows[0].total_results) : page > 1 ? await count(mode) : 0;
    } else {
      // Browsing: two cheap index reads, on two pooled connections at once on PostgreSQL.
      [rows, total] = await Promise.all([queryRows<SearchRow>(db, pageSql), count(mode)]);
    }
    return { page, pageSize, totalResults: total, results: rows.map((row) => toProduct(row, ctx.catalogId)) };
  };
  const strict = await run('strict');
  // Typos only matter when the words found nothing (see MatchMode).
  return strict.totalResults === 0 && filter.keywords.trim() ? run('fuzzy') : strict;
}

/**
 * Catalog use cases (spec 2 "Catalog", spec 7 catalog calls): search, one product, the cart's
 * batch lookup and the CSV export. Every call is scoped to the caller's organization, one of the
 * caller's branches (403 otherwise) and a catalog the caller may see (404 otherwise).
 */
import type { CatalogSearchCriteria, CatalogSearchResponse, Product } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { jsonArrayText } from '../../http/json-lists.js';
import type { Principal } from '../auth/principal.js';
import { catalogCallerOf, pricingContextFor, requireBranch, type PricingContext } from './catalog-access.js';
import { exportLine } from './export.js';
import { keywordPlan, searchWords } from './keywords.js';
import {
  browseSkusSql,
  catalogExportSql,
  isBrowsing,
  listedSkusSql,
  pageBySkusSql,
  queryRows,
  rankedSkusSql,
  type ExportRow,
  type ProductTextRow,
  type SearchFilter,
} from './repository.js';
import { pricedTextCacheOf } from './priced-cache.js';
import { productTextCacheOf, type StaticProductText } from './product-text-cache.js';
import { browsePageCacheOf, CACHED_SKUS, searchCacheOf, type RankedResult } from './search-cache.js';
import { catalogVocabulary, typoBudget } from './vocabulary.js';

export const PRODUCT_NOT_FOUND = 'The product was not found.';

export type ProductLookup = { skus: string[]; catalog: string; branchNumber: number; shipToState: string };
export type ProductQuery = { sku: string; catalog: string; branchNumber: number; shipToState: string };

/**
 * The products of a SKU list priced for the caller, in the list's order; SKUs that are not in the
 * catalog are left out (the cart then drops them, spec 4). Used by `POST /api/catalog/products`
 * and by the cart and checkout modules to re-price a cart on the server.
 */
export async function findProductsBySkus(db: Database, principal: Principal, input: ProductLookup): Promise<Product[]> {
  return (await productTextsBySkus(db, principal, input)).map(parseProduct);
}

/**
 * findProductsBySkus as the products' JSON texts, for the routes that send them on unparsed
 * (ProductTextRow). The catalog's visibility check comes first (404 when it is not the caller's).
 */
export async function productTextsBySkus(db: Database, principal: Principal, input: ProductLookup): Promise<string[]> {
  requireBranch(principal, input.branchNumber);
  const ctx = await pricingContextFor(db, principal, input.catalog);
  const skus = [...new Set(input.skus.map((s) => s.trim()).filter((s) => s.length > 0))];
  return pricedPage(db, ctx, input.shipToState, skus);
}

/** One product's JSON text; 404 when the catalog does not list it. */
export async function productText(db: Database, principal: Principal, input: ProductQuery): Promise<string> {
  const [product] = await productTextsBySkus(db, principal, { ...input, skus: [input.sku] });
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  return product;
}

/**
 * The SKUs of the list that any catalog the caller may see lists: one statement. The quick order
 * asks it only for the SKUs its own catalog did not price, to tell "not in this catalog" from
 * "unknown SKU".
 */
export async function skusInCallerCatalogs(db: Database, principal: Principal, skus: string[]): Promise<Set<string>> {
  const unique = [...new Set(skus)];
  if (unique.length === 0) return new Set();
  const { organizationId, userId, useOrganizationCatalogs } = catalogCallerOf(principal, '');
  const rows = await queryRows<{ sku: string }>(db, listedSkusSql({ organizationId, userId, useOrganizationCatalogs }, unique));
  return new Set(rows.map((row) => row.sku));
}

export async function findProduct(db: Database, principal: Principal, input: ProductQuery): Promise<Product> {
  return parseProduct(await productText(db, principal, input));
}

const parseProduct = (text: string) => JSON.parse(text) as Product;

/**
 * The products of these SKUs that the catalog lists, priced for the caller, in the SKUs' order, as
 * JSON texts. A product's text is its static fragments (product-text-cache.ts) around its priced one
 * (priced-cache.ts). Products whose both parts are held cost no statement; one prepared statement
 * prices the others, told which row revisions' static texts this process holds so that it sends
 * them only for the rest, and what it answers is kept for next time.
 */
async function pricedPage(db: Database, ctx: PricingContext, shipToState: string, skus: string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const staticTexts = productTextCacheOf(db);
  const pricedTexts = pricedTextCacheOf(db);
  const pricedKeyPrefix = pricedTexts.keyPrefix(ctx, shipToState);
  // This request's own references: the caches may drop entries while the statement runs.
  const held = new Map<string, StaticProductText>();
  const answered = new Map<string, string>();
  const toPrice: string[] = [];
  for (const sku of skus) {
    const text = staticTexts.get(sku);
    if (text) held.set(sku, text);
    const priced = text && pricedKeyPrefix !== null ? pricedTexts.get(pricedKeyPrefix + sku) : undefined;
    if (text && priced?.rev === text.rev) answered.set(sku, joinedText(text, priced.body));
    else toPrice.push(sku);
  }
  if (toPrice.length > 0) {
    const statement = pageBySkusSql(
      ctx,
      shipToState,
      toPrice,
      toPrice.map((sku) => held.get(sku)?.rev ?? null),
    );
    for (const row of await queryRows<ProductTextRow>(db, statement, { prepared: true })) {
      let text = row.head !== null && row.tail !== null ? undefined : held.get(row.sku);
      if (!text || text.rev !== row.rev) {
        if (row.head === null || row.tail === null) throw new Error(`product ${row.sku}: texts left out for a revision not held`);
        text = { rev: row.rev, head: members(row.head), tail: members(row.tail) };
        staticTexts.set(row.sku, text);
      }
      const body = members(row.body);
      if (pricedKeyPrefix !== null) pricedTexts.set(pricedKeyPrefix + row.sku, { rev: row.rev, body });
      answered.set(row.sku, joinedText(text, body));
    }
  }
  // SKUs the catalog does not list have no text.
  return skus.flatMap((sku) => answered.get(sku) ?? []);
}

const joinedText = (text: StaticProductText, body: string) => `{${text.head},${body},${text.tail}}`;

/** A JSON object's members: the text between its braces. */
const members = (objectJson: string) => objectJson.slice(1, -1);

/**
 * The SKUs of a page of the whole catalog in SKU order (browsing without keywords or brand), kept
 * under the catalog's search version like the ranked results: a repeated page asks only for prices.
 */
async function browsedSkus(db: Database, ctx: PricingContext, page: { limit: number; offset: number }): Promise<string[]> {
  const cache = browsePageCacheOf(db);
  const key = `${ctx.catalogId}|${ctx.searchVersion}|${page.limit}|${page.offset}`;
  let skus = cache.get(key);
  if (!skus) {
    skus = (await queryRows<{ sku: string }>(db, browseSkusSql(ctx, page), { prepared: true })).map((row) => row.sku);
    cache.set(key, skus);
  }
  return skus;
}

/**
 * The total and one page of SKUs of a keyword or brand search, in relevance order. The ranking
 * reads only catalog_search; its total and first CACHED_SKUS SKUs are kept per catalog version
 * (search-cache.ts), so paging and repeating a search rank nothing again.
 */
async function rankedPage(
  db: Database,
  ctx: PricingContext,
  filter: SearchFilter,
  page: { limit: number; offset: number },
): Promise<RankedResult> {
  const cache = searchCacheOf(db);
  const words = keywordPlan(filter.keywords)?.text ?? '';
  // The corrections follow from the words and the catalog's version, both in the key.
  const key = JSON.stringify([ctx.catalogId, ctx.searchVersion, filter.brand?.toLowerCase() ?? null, words]);
  let head = cache.get(key);
  if (!head) {
    const rows = await queryRows<{ sku: string; total: number }>(db, rankedSkusSql(ctx, filter, { limit: CACHED_SKUS, offset: 0 }));
    head = { total: rows[0] ? Number(rows[0].total) : 0, skus: rows.map((row) => row.sku) };
    cache.set(key, head);
  }
  const end = page.offset + page.limit;
  if (end <= head.skus.length || head.skus.length >= head.total) return { total: head.total, skus: head.skus.slice(page.offset, end) };
  // A page beyond the kept head: ranked again, for this page only.
  const rows = await queryRows<{ sku: string }>(db, rankedSkusSql(ctx, filter, page));
  return { total: head.total, skus: rows.map((row) => row.sku) };
}

/** Catalog words for each typed word of 5+ letters that no catalog word starts with (issue 32). */
async function typoCorrections(db: Database, ctx: PricingContext, keywords: string): Promise<Map<string, string[]>> {
  const corrections = new Map<string, string[]>();
  const words = searchWords(keywords).filter((word) => typoBudget(word) > 0);
  if (words.length === 0) return corrections;
  const vocabulary = await catalogVocabulary(db, ctx.catalogId, ctx.searchVersion);
  for (const word of words) {
    const found = vocabulary.corrections(word);
    if (found.length > 0) corrections.set(word, found);
  }
  return corrections;
}

/**
 * Spec 5: a search without ship-to state, branch or catalog answers an empty result. A branch or
 * catalog that is given but not the caller's is still refused, so the empty answer hides nothing.
 */
export async function searchCatalog(db: Database, principal: Principal, criteria: CatalogSearchCriteria): Promise<CatalogSearchResponse> {
  return JSON.parse(await searchCatalogText(db, principal, criteria)) as CatalogSearchResponse;
}

/** searchCatalog's answer as JSON text, its products written by PostgreSQL (ProductTextRow). */
export async function searchCatalogText(db: Database, principal: Principal, criteria: CatalogSearchCriteria): Promise<string> {
  const { results, ...head } = await searchAnswer(db, principal, criteria);
  return `${JSON.stringify(head).slice(0, -1)},"results":${jsonArrayText(results)}}`;
}

/** A search answer whose products are still JSON texts. */
type SearchAnswer = Omit<CatalogSearchResponse, 'results'> & { results: string[] };

async function searchAnswer(db: Database, principal: Principal, criteria: CatalogSearchCriteria): Promise<SearchAnswer> {
  const { page, pageSize } = criteria;
  const empty: SearchAnswer = { page, pageSize, totalResults: 0, results: [] };
  if (criteria.branchNumber) requireBranch(principal, criteria.branchNumber);
  const ctx = criteria.catalog ? await pricingContextFor(db, principal, criteria.catalog) : undefined;
  if (!ctx || !criteria.branchNumber || !criteria.shipToState) return empty;

  const filter: SearchFilter = { keywords: criteria.keywords ?? '', brand: criteria.brand?.trim() || null };
  const shipToState = criteria.shipToState;
  const window = { limit: pageSize, offset: (page - 1) * pageSize };

  if (isBrowsing(filter)) {
    // The whole catalog in SKU order: the total is kept per catalog, the page's SKUs per search version.
    const total = ctx.productCount;
    if (window.offset >= total) return { ...empty, totalResults: total };
    const results = await pricedPage(db, ctx, shipToState, await browsedSkus(db, ctx, window));
    return { page, pageSize, totalResults: total, results };
  }

  const ranked = await rankedPage(db, ctx, { ...filter, corrections: await typoCorrections(db, ctx, filter.keywords) }, window);
  return { page, pageSize, totalResults: ranked.total, results: await pricedPage(db, ctx, shipToState, ranked.skus) };
}

/**
 * One keyset batch of a catalog's CSV export lines (the columns of GET /api/catalog/export), in SKU
 * order after `after`, priced by `ctx`: the command line's `export catalog`
 * (modules/imports/catalog-file.ts) reads the whole catalog with it. `lastSku` is where the next
 * batch starts; fewer than `limit` rows means the catalog is done.
 */
export async function catalogExportBatch(
  db: Database,
  ctx: PricingContext,
  batch: { after: string; limit: number },
): Promise<{ csv: string; rows: number; lastSku: string }> {
  const rows = await queryRows<ExportRow>(db, catalogExportSql(ctx, batch));
  return { csv: rows.map(exportLine).join(''), rows: rows.length, lastSku: rows.at(-1)?.sku ?? batch.after };
}

/**
 * Catalog use cases (spec 2 "Catalog", spec 7 catalog calls): search, one product, the cart's
 * batch lookup and the CSV export. Every call is scoped to the caller's organization, one of the
 * caller's branches (403 otherwise) and a catalog the caller may see (404 otherwise).
 */
import { CATALOG_MAX_SUGGESTIONS, defaultCatalogSort } from '@portal/domain/rules';
import type {
  CatalogFacets,
  CatalogSearchCriteria,
  CatalogSearchResponse,
  CatalogSuggestion,
  CatalogSuggestQuery,
  FacetCount,
  Product,
} from '@portal/domain';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { jsonArrayText } from '../../http/json-lists.js';
import type { Principal } from '../../http/principal.js';
import { queryRows } from '../../db/query-rows.js';
import { catalogCallerOf, pricingContextFor, pricingContextOf, requireBranch, type PricingContext } from './catalog-access.js';
import { exportLine } from './export.js';
import { keywordPlan, searchWords } from './keywords.js';
import {
  callerCatalogProductsMatchingSql,
  catalogExportSql,
  isBrowsing,
  listedSkusSql,
  pageBySkusSql,
  searchFacetsSql,
  searchPageSql,
  suggestionSkusSql,
  visiblePageBySkusSql,
  type ExportRow,
  type FacetRow,
  type ProductTextRow,
  type SearchFilter,
  type SearchSort,
  type CatalogCaller,
  type VisiblePricedRow,
  type VisibleTextRow,
  visibleTextsBySkusSql,
  catalogTextsBySkusSql,
} from './repository.js';
import { canPriceInProcess, indexPricedBodies } from './indexed-pricing.js';
import { perDatabase, RecentlyUsedMap } from '../../db/read-cache.js';
import { pricedTextCacheOf } from './priced-cache.js';
import { productTextCacheOf, type StaticProductText } from './product-text-cache.js';
import { CACHED_SKUS, facetCacheOf, searchCacheOf, type FacetedTotal } from './search-cache.js';
import { catalogSynonyms, expandWithSynonyms } from './synonyms.js';
import { catalogVocabulary, typoBudget, type Vocabulary } from './vocabulary.js';
import { indexedSearch, indexedSuggestions, indexVocabulary } from './indexed-search.js';
import { heldSearchIndex, searchIndexFor } from './search-index-store.js';
import type { CatalogSearchIndex } from './search-index.js';

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
 *
 * One round trip either way. When this process holds every SKU's priced text under the context it
 * last saw for this caller, the visibility check alone confirms that context (its data revision)
 * and the texts are answered from memory (pricedPage). Otherwise the check and the pricing are one
 * statement (visiblePageBySkusSql): the product detail and a cart refresh of products not priced
 * since the last stock or price change, which under a manufacturer's feed is most of them.
 */
export async function productTextsBySkus(db: Database, principal: Principal, input: ProductLookup): Promise<string[]> {
  requireBranch(principal, input.branchNumber);
  const skus = [...new Set(input.skus.map((s) => s.trim()).filter((s) => s.length > 0))];
  const lastSeen = lastContextsOf(db).get(callerKeyOf(principal, catalogCallerOf(principal, input.catalog)));
  return (await visibleTextsOf(db, principal, input.catalog, input.shipToState, skus, lastSeen)).texts;
}

/**
 * The caller's visible catalog as a pricing context (404 when not visible) and these SKUs' texts
 * priced in it, in one statement: the visibility check alone when every text is held under `guess`
 * (the context hoped for), else the check and the pricing together. Remembered as the caller's last.
 * `listedIn`: the catalog and search version of the held index the SKUs come from
 * (visiblePageBySkusSql: the listing is then not checked per SKU, so nothing priced is kept unless
 * the catalog and version read are those).
 */
async function visibleTextsOf(
  db: Database,
  principal: Principal,
  catalogId: string,
  shipToState: string,
  skus: string[],
  guess: PricingContext | undefined,
  listedIn?: IndexListing,
): Promise<{ ctx: PricingContext; texts: string[] }> {
  // The priced texts kept from SQL are confirmed by the visibility check alone, unless the index
  // prices: they are kept for one data revision only, which a feed moves every few seconds.
  const fromKeptTexts = guess && !canPriceInProcess(db, guess.catalogId) && allPricedTextsHeld(db, guess, shipToState, skus);
  if (skus.length === 0 || fromKeptTexts) {
    const ctx = await rememberedPricingContext(db, principal, catalogId);
    return { ctx, texts: await pricedPage(db, ctx, shipToState, skus) };
  }
  const caller = catalogCallerOf(principal, catalogId);
  const priced =
    (await indexPricedTexts(db, principal, caller, shipToState, skus, guess?.catalogId ?? catalogId)) ??
    (await visiblePricedTexts(db, principal, caller, shipToState, skus, listedIn));
  lastContextsOf(db).set(callerKeyOf(principal, caller), priced.ctx);
  return priced;
}

/**
 * The caller's visible catalog as a pricing context and these SKUs' texts, priced by the catalog's
 * in-process index (decision 026): one statement checks the visibility and sends the row-only texts
 * this process does not hold (visibleTextsBySkusSql), and the index prices (indexed-pricing.ts).
 * Undefined, with no statement sent, when this process holds no index of `catalogGuess` (the
 * catalog the caller last had, or asks for) that can price; when the index cannot price this answer
 * after all, the products are priced in SQL by a second statement (sqlPricedPage).
 */
async function indexPricedTexts(
  db: Database,
  principal: Principal,
  caller: CatalogCaller,
  shipToState: string,
  skus: string[],
  catalogGuess: string,
): Promise<{ ctx: PricingContext; texts: string[] } | undefined> {
  if (!canPriceInProcess(db, catalogGuess)) return undefined;
  const held = heldStaticTexts(db, skus);
  const statement = visibleTextsBySkusSql(caller, skus, heldRevisionsOf(skus, held));
  const rows = await queryRows<VisibleTextRow>(db, statement, { prepared: true });
  const ctx = pricingContextOf(principal, rows[0]);
  return { ctx, texts: await pricedInProcess(db, ctx, shipToState, skus, rows, held) };
}

/**
 * The products of a texts statement's rows (the SKUs' products, with the texts this process did not
 * hold) that the catalog lists, priced by the index, in the SKUs' order. The index at ctx's search
 * version tells which the catalog lists (the statement does not check); when it cannot price them
 * now, SQL prices and checks the listing (sqlPricedPage).
 */
async function pricedInProcess(
  db: Database,
  ctx: PricingContext,
  shipToState: string,
  skus: string[],
  rows: TextRow[],
  held: Map<string, StaticProductText>,
): Promise<string[]> {
  const texts = keepStaticTexts(db, rows, held);
  // A SKU of no product has no row, and no text.
  const found = skus.filter((sku) => texts.has(sku));
  const priced = await indexPricedBodies(db, ctx, shipToState, found);
  if (!priced) return sqlPricedPage(db, ctx, shipToState, found);
  return priced.map(({ sku, body }) => joinedText(texts.get(sku)!, body));
}

/** A texts statement's row (repository.ts textsBySkusSql): null columns when none of the SKUs is a product's. */
type TextRow = { sku: string | null; rev: string | null; head: string | null; tail: string | null };

/** The static texts of a texts statement's rows: kept when new (another revision), else the held ones. */
function keepStaticTexts(db: Database, rows: TextRow[], held: Map<string, StaticProductText>): Map<string, StaticProductText> {
  const texts = new Map<string, StaticProductText>();
  for (const row of rows) {
    if (row.sku === null || row.rev === null) continue;
    texts.set(row.sku, staticTextOf(db, { sku: row.sku, rev: row.rev, head: row.head, tail: row.tail }, held));
  }
  return texts;
}

/** A row's static text: the row's own texts when it sent them (kept for next time), else the one held at its revision. */
function staticTextOf(
  db: Database,
  row: { sku: string; rev: string; head: string | null; tail: string | null },
  held: Map<string, StaticProductText>,
): StaticProductText {
  if (row.head !== null && row.tail !== null) {
    const text = { rev: row.rev, head: members(row.head), tail: members(row.tail) };
    productTextCacheOf(db).set(row.sku, text);
    return text;
  }
  const text = held.get(row.sku);
  if (!text || text.rev !== row.rev) throw new Error(`product ${row.sku}: texts left out for a revision not held`);
  return text;
}

/** The catalog and search version a held index lists its SKUs at (searchOnHeldIndex). */
type IndexListing = { catalogId: string; version: number };

/** The caller's visible catalog as a pricing context and these SKUs' texts priced in it: one statement (visiblePageBySkusSql); 404 when it is not visible. */
async function visiblePricedTexts(
  db: Database,
  principal: Principal,
  caller: CatalogCaller,
  shipToState: string,
  skus: string[],
  listedIn: IndexListing | undefined,
): Promise<{ ctx: PricingContext; texts: string[] }> {
  const held = heldStaticTexts(db, skus);
  const statement = visiblePageBySkusSql(
    caller,
    principal.user.restrictedPricing,
    shipToState,
    skus,
    skus.map((sku) => held.get(sku)?.rev ?? null),
    listedIn !== undefined,
  );
  const rows = await queryRows<VisiblePricedRow>(db, statement, { prepared: true });
  const ctx = pricingContextOf(principal, rows[0]);
  const answered = new Map<string, string>();
  keepPricedRows(
    db,
    ctx,
    shipToState,
    rows.filter((row): row is VisiblePricedRow & ProductTextRow => row.sku !== null),
    held,
    answered,
    // Listed by the index: only when the catalog and version read are its own (else the answer is dropped).
    listedIn === undefined || (ctx.catalogId === listedIn.catalogId && ctx.searchVersion === listedIn.version),
  );
  return { ctx, texts: skus.flatMap((sku) => answered.get(sku) ?? []) };
}

/** pricingContextFor, remembered as the caller's last context (lastContextsOf). */
async function rememberedPricingContext(db: Database, principal: Principal, catalogId: string): Promise<PricingContext> {
  const ctx = await pricingContextFor(db, principal, catalogId);
  lastContextsOf(db).set(callerKeyOf(principal, catalogCallerOf(principal, catalogId)), ctx);
  return ctx;
}

/** Who asks, as far as which catalog and prices they get: the key of lastContextsOf. */
const callerKeyOf = (principal: Principal, caller: CatalogCaller) => JSON.stringify([caller, principal.user.restrictedPricing]);

/**
 * The pricing context each caller (catalog, organization, user, restriction) last had, per database
 * handle: which priced texts a product call may hope to answer from memory. Only a guess: the
 * visibility check confirms or replaces it before anything is answered.
 */
const lastContextsOf = perDatabase(() => new RecentlyUsedMap<PricingContext>(LAST_CONTEXTS));
const LAST_CONTEXTS = 1000;

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

/**
 * At most `limit` products of the caller's catalogs (any of them) whose SKU or name holds `text`, as
 * SKU and name: a picker of products where prices do not matter (the parts of a warranty claim).
 */
export async function findProductsInCallerCatalogs(
  db: Database,
  principal: Principal,
  text: string,
  limit: number,
): Promise<{ sku: string; label: string }[]> {
  const { organizationId, userId, useOrganizationCatalogs } = catalogCallerOf(principal, '');
  return queryRows<{ sku: string; label: string }>(
    db,
    callerCatalogProductsMatchingSql({ organizationId, userId, useOrganizationCatalogs }, text, limit),
  );
}

export async function findProduct(db: Database, principal: Principal, input: ProductQuery): Promise<Product> {
  return parseProduct(await productText(db, principal, input));
}

const parseProduct = (text: string) => JSON.parse(text) as Product;

/**
 * The products of these SKUs that the catalog lists, priced for the caller, in the SKUs' order, as
 * JSON texts. A product's text is its static fragments (product-text-cache.ts) around its priced one.
 * Where this process holds an index of the catalog that prices, one statement confirms the held
 * static texts and sends the others (catalogTextsBySkusSql) and the index prices (indexed-pricing.ts);
 * otherwise SQL prices them (sqlPricedPage).
 */
async function pricedPage(db: Database, ctx: PricingContext, shipToState: string, skus: string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  if (!canPriceInProcess(db, ctx.catalogId)) return sqlPricedPage(db, ctx, shipToState, skus);
  const held = heldStaticTexts(db, skus);
  const rows = await queryRows<TextRow>(db, catalogTextsBySkusSql(ctx, skus, heldRevisionsOf(skus, held)), { prepared: true });
  return pricedInProcess(db, ctx, shipToState, skus, rows, held);
}

/** The row revision of each SKU's static text held (null: none). */
const heldRevisionsOf = (skus: string[], held: Map<string, StaticProductText>) => skus.map((sku) => held.get(sku)?.rev ?? null);

/**
 * pricedPage in SQL: products whose static and priced texts are both held cost no statement; one
 * prepared statement prices the others, told which row revisions' static texts this process holds
 * so that it sends them only for the rest, and what it answers is kept for next time.
 */
async function sqlPricedPage(db: Database, ctx: PricingContext, shipToState: string, skus: string[]): Promise<string[]> {
  if (skus.length === 0) return [];
  const pricedTexts = pricedTextCacheOf(db);
  const pricedKeyPrefix = pricedTexts.keyPrefix(ctx, shipToState);
  // This request's own references: the caches may drop entries while the statement runs.
  const held = heldStaticTexts(db, skus);
  const answered = new Map<string, string>();
  const toPrice: string[] = [];
  for (const sku of skus) {
    const text = held.get(sku);
    const priced = text && pricedKeyPrefix !== null ? pricedTexts.get(pricedKeyPrefix + sku) : undefined;
    if (text && priced?.rev === text.rev) answered.set(sku, joinedText(text, priced.body));
    else toPrice.push(sku);
  }
  if (toPrice.length > 0) {
    const statement = pageBySkusSql(ctx, shipToState, toPrice, heldRevisionsOf(toPrice, held));
    keepPricedRows(db, ctx, shipToState, await queryRows<ProductTextRow>(db, statement, { prepared: true }), held, answered);
  }
  // SKUs the catalog does not list have no text.
  return skus.flatMap((sku) => answered.get(sku) ?? []);
}

/** The static texts this process holds for these SKUs, as this request's own references. */
function heldStaticTexts(db: Database, skus: string[]): Map<string, StaticProductText> {
  const staticTexts = productTextCacheOf(db);
  const held = new Map<string, StaticProductText>();
  for (const sku of skus) {
    const text = staticTexts.get(sku);
    if (text) held.set(sku, text);
  }
  return held;
}

/** Whether every SKU's static and priced texts are held for `ctx` (as it was last seen) and the state. */
function allPricedTextsHeld(db: Database, ctx: PricingContext, shipToState: string, skus: string[]): boolean {
  const staticTexts = productTextCacheOf(db);
  const pricedTexts = pricedTextCacheOf(db);
  return skus.every((sku) => {
    const text = staticTexts.peek(sku);
    return text !== undefined && pricedTexts.holds(ctx, shipToState, sku, text.rev);
  });
}

/**
 * A priced statement's rows as product texts into `answered`: their static texts kept (new
 * revisions) or taken from `held`, and their priced part kept under `ctx`'s data revision, unless
 * `listed` is false: rows the catalog was not checked to list are answered but their priced part
 * not kept (a kept one answers a product call for the catalog: priced-cache.ts).
 */
function keepPricedRows(
  db: Database,
  ctx: PricingContext,
  shipToState: string,
  rows: ProductTextRow[],
  held: Map<string, StaticProductText>,
  answered: Map<string, string>,
  listed = true,
): void {
  const pricedTexts = pricedTextCacheOf(db);
  const pricedKeyPrefix = listed ? pricedTexts.keyPrefix(ctx, shipToState) : null;
  for (const row of rows) {
    const text = staticTextOf(db, row, held);
    const body = members(row.body);
    if (pricedKeyPrefix !== null) pricedTexts.set(pricedKeyPrefix + row.sku, { rev: row.rev, body });
    answered.set(row.sku, joinedText(text, body));
  }
}

const joinedText = (text: StaticProductText, body: string) => `{${text.head},${body},${text.tail}}`;

/** A JSON object's members: the text between its braces. */
const members = (objectJson: string) => objectJson.slice(1, -1);

/** The words and brand and category filters of a search as cache key parts, in a form that ignores order and brand case. */
function matchKey(filter: SearchFilter): [string, string[], string[]] {
  return [keywordPlan(filter.keywords)?.text ?? '', filter.brands.map((b) => b.toLowerCase()).sort(), [...filter.categories].sort()];
}

/**
 * What a search's kept results depend on besides the catalog's search version: its words, filters
 * and sort; and, when it reads stock or prices (the 'Availability' filter, price orders), the catalog
 * data revision and the destination state too. Null when such a search has no revision to key on.
 */
function resultKey(ctx: PricingContext, shipToState: string, filter: SearchFilter, sort: SearchSort): string | null {
  const readsStockOrPrices = filter.inRegionOnly || sort === 'price-asc' || sort === 'price-desc';
  if (readsStockOrPrices && ctx.dataRevision === null) return null;
  const pricing = sort.startsWith('price') ? [ctx.organizationPriceListId, ctx.restrictedPricing] : [];
  return JSON.stringify([
    ctx.catalogId,
    ctx.searchVersion,
    ...matchKey(filter),
    sort,
    readsStockOrPrices ? [ctx.dataRevision, filter.inRegionOnly ? shipToState : '', ...pricing] : [],
  ]);
}

/**
 * One page of SKUs of a search or browse in the sort's order. The first CACHED_SKUS SKUs of each
 * search are kept (search-cache.ts), so paging and repeating a search order nothing again.
 */
async function orderedPage(
  db: Database,
  ctx: PricingContext,
  shipToState: string,
  filter: SearchFilter,
  sort: SearchSort,
  page: { limit: number; offset: number },
): Promise<string[]> {
  const key = resultKey(ctx, shipToState, filter, sort);
  const cache = searchCacheOf(db);
  let head = key === null ? undefined : cache.get(key);
  if (!head && key !== null && page.offset + page.limit <= CACHED_SKUS) {
    const rows = await queryRows<{ sku: string }>(db, searchPageSql(ctx, shipToState, filter, sort, { limit: CACHED_SKUS, offset: 0 }));
    head = rows.map((row) => row.sku);
    cache.set(key, head);
  }
  const end = page.offset + page.limit;
  if (head && (end <= head.length || head.length < CACHED_SKUS)) return head.slice(page.offset, end);
  // A page beyond the kept head, or a search that keeps nothing: ordered again, for this page only.
  return (await queryRows<{ sku: string }>(db, searchPageSql(ctx, shipToState, filter, sort, page))).map((row) => row.sku);
}

/**
 * The facet counts of a search (ordered by count, then name) and its total: the availability count
 * the search chose. Kept per search under the catalog's search version and data revision, since the
 * availability counts read stock.
 */
async function facetsOf(db: Database, ctx: PricingContext, shipToState: string, filter: SearchFilter): Promise<FacetedTotal> {
  const key =
    ctx.dataRevision === null
      ? null
      : JSON.stringify([ctx.catalogId, ctx.searchVersion, ctx.dataRevision, shipToState, ...matchKey(filter), filter.inRegionOnly]);
  const cache = facetCacheOf(db);
  const kept = key === null ? undefined : cache.get(key);
  if (kept) return kept;
  const answer = facetedTotalOf(await queryRows<FacetRow>(db, searchFacetsSql(ctx, shipToState, filter)), filter);
  if (key !== null) cache.set(key, answer);
  return answer;
}

/** The facet groups of these rows and the search's total: the availability count it chose. */
function facetedTotalOf(rows: FacetRow[], filter: SearchFilter): FacetedTotal {
  const facets = facetsFromRows(rows);
  const chosen = facets.availability.find((row) => row.value === (filter.inRegionOnly ? 'inRegion' : 'any'));
  return { facets, total: chosen?.count ?? 0 };
}

const byCountThenValue = (a: FacetCount, b: FacetCount) => b.count - a.count || a.value.localeCompare(b.value);

/** The facet rows as the answer's groups: brands and categories by count, then name; availability inRegion, any. */
export function facetsFromRows(rows: FacetRow[]): CatalogFacets {
  const group = (name: FacetRow['group']) =>
    rows.filter((row) => row.group === name).map(({ value, count }) => ({ value, count: Number(count) }));
  const availability = ['inRegion', 'any'].map((value) => ({
    value,
    count: group('availability').find((row) => row.value === value)?.count ?? 0,
  }));
  return { brand: group('brand').sort(byCountThenValue), category: group('category').sort(byCountThenValue), availability };
}

/**
 * What the catalog makes of typed keywords (issue 32): their other phrasings through its synonym
 * sets, and catalog words for each word of 5+ letters (typed or from a synonym) that no catalog word
 * starts with. Both follow the catalog's search version.
 */
async function keywordTerms(
  db: Database,
  ctx: PricingContext,
  keywords: string,
  index?: CatalogSearchIndex,
): Promise<Pick<SearchFilter, 'corrections' | 'alternatives'>> {
  const sets = await catalogSynonyms(db, ctx.catalogId, ctx.searchVersion);
  const alternatives = expandWithSynonyms(keywords, sets).slice(1);
  return { alternatives, corrections: await typoCorrections(db, ctx, [keywords, ...alternatives].join(' '), index) };
}

/**
 * Catalog words for each typed word of 5+ letters that no catalog word starts with (issue 32), from
 * the catalog's in-process index when the search has one (its lexicon is ts_stat's), else loaded.
 */
async function typoCorrections(
  db: Database,
  ctx: PricingContext,
  keywords: string,
  index?: CatalogSearchIndex,
): Promise<Map<string, string[]>> {
  const corrections = new Map<string, string[]>();
  const words = searchWords(keywords).filter((word) => typoBudget(word) > 0);
  if (words.length === 0) return corrections;
  const vocabulary: Vocabulary = index ? indexVocabulary(index) : await catalogVocabulary(db, ctx.catalogId, ctx.searchVersion);
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

const NO_FACETS: CatalogFacets = { brand: [], category: [], availability: [] };

/** The search's matching and narrowing as the repository takes them. */
function searchFilterOf(criteria: CatalogSearchCriteria): SearchFilter {
  return {
    keywords: criteria.keywords ?? '',
    brands: criteria.brand,
    categories: criteria.category,
    inRegionOnly: criteria.availability === 'inRegion',
  };
}

async function searchAnswer(db: Database, principal: Principal, criteria: CatalogSearchCriteria): Promise<SearchAnswer> {
  const { page, pageSize } = criteria;
  const empty: SearchAnswer = { page, pageSize, totalResults: 0, facets: NO_FACETS, results: [] };
  if (criteria.branchNumber) requireBranch(principal, criteria.branchNumber);
  const onHeldIndex = await searchOnHeldIndex(db, principal, criteria);
  if (onHeldIndex) return onHeldIndex;
  const ctx = criteria.catalog ? await rememberedPricingContext(db, principal, criteria.catalog) : undefined;
  if (!ctx || !criteria.branchNumber || !criteria.shipToState) return empty;

  const shipToState = criteria.shipToState;
  const plain = searchFilterOf(criteria);
  const index = await searchIndexFor(db, ctx);
  const filter = isBrowsing(plain) ? plain : { ...plain, ...(await keywordTerms(db, ctx, plain.keywords, index)) };
  const sort = criteria.sort ?? defaultCatalogSort(plain.keywords);
  const window = { limit: pageSize, offset: (page - 1) * pageSize };
  // The in-process index first (decision 023); what it does not answer, SQL does as before.
  const indexed = index ? await indexedSearch(db, index, ctx, { shipToState, filter, sort, window }) : undefined;
  const { facets, total } = indexed ? facetedTotalOf(indexed.facetRows, filter) : await facetsOf(db, ctx, shipToState, filter);
  if (window.offset >= total) return { ...empty, totalResults: total, facets };
  const skus = indexed?.skus ?? (await orderedPage(db, ctx, shipToState, filter, sort, window));
  return { page, pageSize, totalResults: total, facets, results: await pricedPage(db, ctx, shipToState, skus) };
}

/**
 * The search answered by the index this process holds, confirmed afterwards (decision 023): the
 * page is ordered on the held index under the pricing context this caller last had, then one
 * statement checks the catalog's visibility and prices the page (visiblePageBySkusSql). Its answer
 * stands only when the catalog, the pricing terms, the search version and the data revision it read
 * are those the index answered for; else undefined, and the search runs as before (reading the
 * context first, bringing the index up to date). So a search costs one statement where it cost two
 * (three with keywords whose terms this process has not read yet: tsquery-readings.ts), and under a
 * feed that moves the revision every two seconds, a search now and then costs one more.
 */
async function searchOnHeldIndex(db: Database, principal: Principal, criteria: CatalogSearchCriteria): Promise<SearchAnswer | undefined> {
  const { catalog, branchNumber, shipToState, page, pageSize } = criteria;
  if (!catalog || !branchNumber || !shipToState) return undefined;
  const lastSeen = lastContextsOf(db).get(callerKeyOf(principal, catalogCallerOf(principal, catalog)));
  const held = lastSeen && (await heldSearchIndex(db, lastSeen.catalogId));
  if (!lastSeen || !held) return undefined;
  // What the index answers for: the caller's terms as last seen, the index's own version and revision.
  const guess: PricingContext = { ...lastSeen, searchVersion: held.version, dataRevision: String(held.revision) };
  const plain = searchFilterOf(criteria);
  const filter = isBrowsing(plain) ? plain : { ...plain, ...(await keywordTerms(db, guess, plain.keywords, held.index)) };
  const window = { limit: pageSize, offset: (page - 1) * pageSize };
  const sort = criteria.sort ?? defaultCatalogSort(plain.keywords);
  // The page is ordered synchronously: no catch-up moves the index between here and the answer.
  const indexed = await indexedSearch(db, held.index, guess, { shipToState, filter, sort, window });
  if (!indexed?.skus) return undefined;
  const { facets, total } = facetedTotalOf(indexed.facetRows, filter);
  const skus = window.offset >= total ? [] : indexed.skus;
  const listedIn = { catalogId: guess.catalogId, version: held.version };
  const { ctx, texts } = await visibleTextsOf(db, principal, catalog, shipToState, skus, guess, listedIn);
  const agrees =
    ctx.catalogId === guess.catalogId &&
    ctx.organizationPriceListId === guess.organizationPriceListId &&
    ctx.searchVersion === held.version &&
    ctx.dataRevision !== null &&
    BigInt(ctx.dataRevision) <= held.revision;
  return agrees ? { page, pageSize, totalResults: total, facets, results: texts } : undefined;
}

/**
 * Suggestions under the keyword box (interface contract 'Suggestions as you type'): at most
 * CATALOG_MAX_SUGGESTIONS products for the typed text (suggestionSkusSql: SKUs first, then the most
 * ordered word matches), priced for the caller.
 * Like the search, a call without catalog, state or branch, or with fewer than two characters, has none.
 */
export async function suggestProducts(db: Database, principal: Principal, query: CatalogSuggestQuery): Promise<CatalogSuggestion[]> {
  if (query.branchNumber) requireBranch(principal, query.branchNumber);
  const ctx = query.catalog ? await rememberedPricingContext(db, principal, query.catalog) : undefined;
  const text = query.q.trim();
  if (!ctx || !query.branchNumber || !query.shipToState || text.length < MIN_SUGGEST_CHARACTERS) return [];
  const plain: SearchFilter = { keywords: text, brands: [], categories: [], inRegionOnly: false };
  const index = await searchIndexFor(db, ctx);
  const filter = { ...plain, ...(await keywordTerms(db, ctx, text, index)) };
  const skus =
    (index && (await indexedSuggestions(db, index, filter, CATALOG_MAX_SUGGESTIONS))) ??
    (await queryRows<{ sku: string }>(db, suggestionSkusSql(ctx, filter, CATALOG_MAX_SUGGESTIONS))).map((row) => row.sku);
  return (await pricedPage(db, ctx, query.shipToState, skus)).map((productJson) => {
    const product = parseProduct(productJson);
    return { sku: product.sku, label: product.eCommerceInformation.label, brand: product.brand, price: product.price };
  });
}

const MIN_SUGGEST_CHARACTERS = 2;

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

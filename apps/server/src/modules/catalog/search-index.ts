/**
 * The in-process search index of one catalog (issue 32, decision 023): everything a search, its
 * facet counts and its ordering read, held in memory per server process, so a query never sent
 * before costs a few milliseconds of this process's CPU instead of a scan of catalog_search.
 * Pure (built from rows, no I/O): search-index-store.ts loads it and keeps it current.
 *
 * Product ordinals are the SKUs in byte order (`ORDER BY s.sku` under the C collation), so an
 * ordinal order is the SKU order every sort ends with. Answers are those of the SQL statements of
 * repository.ts (searchPageSql, searchFacetsSql, suggestionSkusSql), which stay the fallback and
 * the reference the comparison test checks against.
 */
import { RecentlyUsedMap } from '../../db/read-cache.js';
import type { KeywordPlan } from './keywords.js';
import type { FacetRow, SearchFilter, SearchSort } from './repository.js';
import { compareBytes, rankByDistance, sortedUniqueTerms, termsOf, type TsNode, type TsPhrase, type TsTerm } from './tsquery.js';
import { DocumentParser, type SearchDocuments } from './search-documents.js';
import { orRankOf, orRankSums, ranker } from './ts-rank.js';
import { SkuSubstrings } from './sku-substrings.js';
import { PackedStrings, PackedStringsLookup } from './packed-strings.js';
import { PriceOrder } from './price-order.js';
import { OrganizationPrices } from './organization-prices.js';
import { TopK } from './top-k.js';
import { andInto, bitCount, forEachBit, hasBit, orInto } from './bitsets.js';
import { lowerBound } from './sorted-search.js';
import { runAtOnce, runSliced, type Sliced } from './sliced-work.js';
import type { StockBook } from './stock-book.js';

/** A catalog_search row with its catalog_prices row, as the store loads them. */
export type IndexRow = {
  sku: string;
  sku_key: string;
  sku_compact: string;
  label_key: string;
  brand: string;
  category: string;
  popularity: number;
  stocked_warehouses: string[];
  document: string;
  price_cents: number | null;
  msrp_cents: number | null;
  /** The product's stock and receipts as text (stock-book.ts): read by the store's builds only. */
  stock?: string | null;
  receipts?: string | null;
};

/** A warehouse as the region rule reads it (repository.ts catalogWarehouses). */
export type IndexWarehouse = { code: string; regionStates: string[]; servesCatalog: boolean };

/** The most ts_rank answers (calc_rank_and tends to it, calc_rank_or reaches it at most); float4 rounding makes it common. */
const MAX_RANK = 1;

/** Label words whose products' bitset (25 kB each on the M set) an index keeps (labelBits). */
const KEPT_LABEL_WORDS = 48;

/** calc_rank_or's sums of a query per product, its number of terms, and a product's rank of them. */
type OrRankSums = { values: Float32Array; terms: number; rank: (o: number) => number };

/**
 * The products a relevance page ranks (relevancePage), how many, and what gives each one's tier:
 * `special` the tiers of the few products of a SKU tier; any other is 1 when `labelled` (the
 * accepted products whose label holds every word) holds it, else 0.
 */
type RelevancePool = { pool: Uint32Array; size: number; special: Map<number, number>; labelled: Uint32Array | null };

/** Bitsets kept for reuse per index (temporaryBits): more than a search of eight words with corrections takes. */
const MAX_TEMPORARY_BITSETS = 16;

/** At most this many warehouses fit a product's stocked bits; more and the catalog is searched in SQL. */
const MAX_WAREHOUSES = 32;

/** What the keywords matched: a bitset over ordinals, or the whole catalog when there are none. */
export type Matches = Uint32Array | 'all';

/**
 * What a price order prices by: the catalog prices, the MSRPs (a restricted caller), an
 * organization's own price list over the catalog prices, or null (left to SQL).
 */
export type PriceBasis = 'catalog' | 'msrp' | { organizationList: number } | null;

/** Organization price lists one index holds at most (each ~1.6 MB on the M set's 200,000 products). */
const MAX_ORGANIZATION_LISTS = 16;

export class CatalogSearchIndex {
  readonly size: number;
  /** SKUs, sku_key and sku_compact by ordinal, packed (packed-strings.ts): the SKUs are in byte order. */
  readonly skus: PackedStrings;
  /** The ordinal of a SKU by hash: products, carts and the feed's changes look SKUs up by the thousand. */
  private readonly skuLookup: PackedStringsLookup;
  private readonly skuKeys: PackedStrings;
  private readonly skuCompacts: PackedStrings;
  /** Label words (label_key split at white space) and the products whose label holds each (see labelHolding). */
  private readonly labelWords: LabelWords;
  /** `sku_key LIKE '%text%'` from trigram posting lists. */
  private readonly skuSubstrings: SkuSubstrings;
  /** Ordinals by sku_compact (byte order): SKU prefixes typed without dashes. */
  private readonly byCompact: Uint32Array;
  readonly brandNames: string[];
  private readonly brandLower: string[];
  private readonly brandOf: Uint16Array;
  readonly categoryNames: string[];
  private readonly categoryOf: Uint16Array;
  /** Orders in the last FEATURED_WINDOW_DAYS naming the product ('Featured'), replaced by each recount (setPopularity). */
  private readonly popularity: Int32Array;
  /** The negated popularity: the key of the featured order, ascending (popularity descending, then SKU). */
  private readonly featuredKeys: Int32Array;
  /** Featured order, made when first browsed so and kept through recounts (setPopularity). */
  private featuredOrder?: PriceOrder;
  /** Bit per warehouse code (warehouseBit) of the warehouses holding stock. */
  private readonly stocked: Uint32Array;
  private readonly warehouseBit: Map<string, number>;
  /**
   * Products grouped by all the facets read of them (brand, category, stocked warehouses), with each
   * group's size: the facets of a search without keywords count the groups (a few hundred), not
   * every product. A restock moves its product to another group.
   */
  private readonly groupOf: Uint32Array;
  private readonly groupIds = new Map<string, number>();
  private readonly groups: { brand: number; category: number; stocked: number; size: number }[] = [];
  private warehouses: IndexWarehouse[] = [];
  private readonly priceCents: Int32Array;
  /** Products without a catalog_prices row (price -1): counted, not searched for at every price order. */
  private missingPrices: number;
  private readonly msrpCents: Int32Array;
  readonly documents: SearchDocuments;
  /**
   * Name order (label_key, SKU), made when the index is built: labels change only with a rebuild, and
   * the label keys (~10 MB of text on the M set) are then not kept for a sort made once.
   */
  private readonly nameOrder: Uint32Array;
  /** Price orders of the catalog prices and of the MSRPs, made when first browsed by price. */
  private priceOrders = new Map<'catalog' | 'msrp', PriceOrder>();
  /** Organizations' own price lists by id, held when first ordered by; the least recently used let go beyond MAX_ORGANIZATION_LISTS. */
  private readonly organizationLists = new RecentlyUsedMap<OrganizationPrices>(MAX_ORGANIZATION_LISTS);
  private scratch?: { tierOf: Uint8Array };
  /**
   * Per label word typed, the products whose label holds it (labelHolding), the most recently used
   * kept: the same few hundred label words come back in most searches, and marking a broad one's
   * products was a sixth of its page's time. Labels change only with a rebuild (a new index).
   */
  private readonly labelBits = new RecentlyUsedMap<Uint32Array>(KEPT_LABEL_WORDS);
  /**
   * Bitsets a call works with and lets go of before it returns (a term's holders, a label word's
   * products), reused by the next call: a words search took five fresh 25 kB buffers, and their
   * churn made the garbage collector mark the whole heap every few seconds under load. Each public
   * call that takes them (match, page, suggestions) starts again from the first.
   */
  private readonly temporaries: { bits: Uint32Array[]; used: number } = { bits: [], used: 0 };
  /** Ranks worked out for the current query (ranker), valid where stamped with its number. */
  private rankMemo?: { ranks: Float64Array; stamps: Uint32Array; query: number };
  /** calc_rank_or's sums of the current query (orRankSums), rewritten by each query that ranks so. */
  private orSums?: Float32Array;

  /**
   * Every product's stock per warehouse and scheduled receipts, read with the rows and kept current
   * by the store (search-index-store.ts): with the prices held here, a product call prices in memory
   * (decision 026). Undefined for an index built without them (CatalogSearchIndex.of).
   */
  stockBook?: StockBook;

  private constructor(parts: IndexParts) {
    this.size = parts.skus.length;
    this.skus = parts.skus;
    this.skuLookup = new PackedStringsLookup(parts.skus);
    this.skuKeys = parts.skuKeys;
    this.skuCompacts = parts.skuCompacts;
    this.nameOrder = parts.nameOrder;
    this.labelWords = parts.labelWords;
    this.skuSubstrings = parts.skuSubstrings;
    this.byCompact = parts.byCompact;
    this.brandNames = parts.brands.names;
    this.brandOf = parts.brands.ids;
    this.brandLower = parts.brands.names.map((name) => name.toLowerCase());
    this.categoryNames = parts.categories.names;
    this.categoryOf = parts.categories.ids;
    this.popularity = parts.popularity;
    this.featuredKeys = this.popularity.map((orders) => -orders);
    this.warehouseBit = parts.warehouseBit;
    this.stocked = parts.stocked;
    this.setWarehouses(parts.warehouses);
    this.groupOf = new Uint32Array(this.size);
    for (let o = 0; o < this.size; o++) this.joinGroup(o);
    this.priceCents = parts.priceCents;
    this.msrpCents = parts.msrpCents;
    this.missingPrices = this.priceCents.filter((cents) => cents === -1).length;
    this.documents = parts.documents;
  }

  /** The index of these rows in any order, built at once (tests and the index bench). */
  static of(rows: readonly IndexRow[], warehouses: IndexWarehouse[]): CatalogSearchIndex {
    const builder = new IndexRowsBuilder(warehouses);
    builder.add([...rows].sort((a, b) => compareBytes(a.sku, b.sku)));
    return new CatalogSearchIndex(runAtOnce(builder.finish()));
  }

  /**
   * The index of the rows the builder took (in batches, as they were read), finished in slices with
   * the event loop served between them: seconds of CPU on the M set, which in one block kept every
   * request of the process waiting.
   */
  static async finish(builder: IndexRowsBuilder): Promise<CatalogSearchIndex> {
    return new CatalogSearchIndex(await runSliced(builder.finish()));
  }

  // ---- kept current (search-index-store.ts) ----

  /** The warehouses and which serve this catalog; codes get their stock bit the first time they are seen. */
  setWarehouses(warehouses: IndexWarehouse[]): void {
    for (const warehouse of warehouses) this.bitOf(warehouse.code);
    this.warehouses = warehouses;
  }

  private bitOf(code: string): number {
    return warehouseBitIn(this.warehouseBit, code);
  }

  /** A product's stocked warehouses changed; false when the catalog does not list the SKU. */
  restock(sku: string, codes: readonly string[]): boolean {
    const o = this.ordinalOf(sku);
    if (o === undefined) return false;
    this.groups[this.groupOf[o]!]!.size--;
    this.stocked[o] = stockedBits(this.warehouseBit, codes);
    this.joinGroup(o);
    return true;
  }

  /** The ordinal of a SKU the catalog lists. */
  ordinalOf(sku: string): number | undefined {
    const o = this.skuLookup.indexOf(sku);
    return o < 0 ? undefined : o;
  }

  /** Counts product `o` in the group of its brand, category and stocked warehouses. */
  private joinGroup(o: number): void {
    const brand = this.brandOf[o]!;
    const category = this.categoryOf[o]!;
    const stocked = this.stocked[o]!;
    const key = `${brand},${category},${stocked}`;
    let id = this.groupIds.get(key);
    if (id === undefined) {
      id = this.groups.push({ brand, category, stocked, size: 0 }) - 1;
      this.groupIds.set(key, id);
    }
    this.groups[id]!.size++;
    this.groupOf[o] = id;
  }

  /**
   * A 'Featured' recount's popularity of every product, in ordinal order: replaces the index's and
   * moves the changed products in the featured order, so a recount costs no rebuild
   * (search-index-store.ts). False, changing nothing, when the counts are not one per product.
   */
  setPopularity(counts: Int32Array): boolean {
    if (counts.length !== this.size) return false;
    for (let o = 0; o < this.size; o++) {
      if (counts[o] === this.popularity[o]) continue;
      this.popularity[o] = counts[o]!;
      this.featuredKeys[o] = -counts[o]!;
      this.featuredOrder?.repriced(o);
    }
    return true;
  }

  /** A product's catalog price or MSRP changed; false when the catalog does not list the SKU. */
  reprice(sku: string, priceCents: number, msrpCents: number): boolean {
    const o = this.ordinalOf(sku);
    if (o === undefined) return false;
    this.missingPrices += Number(priceCents === -1) - Number(this.priceCents[o] === -1);
    this.priceCents[o] = priceCents;
    this.msrpCents[o] = msrpCents;
    for (const order of this.priceOrders.values()) order.repriced(o);
    for (const list of this.organizationLists.values()) list.catalogRepriced(o, priceCents);
    return true;
  }

  /**
   * The price for the caller and the MSRP in cents of the listed product at ordinal `o`
   * (ordinalOf), as pricedSelect prices it: the MSRP for a restricted caller, else the
   * organization's list over the catalog's prices (the list must be held: organizationPricesHeld),
   * else the catalog's. Undefined when the list is not held or the product has no catalog_prices row.
   */
  callerPrice(o: number, basis: Exclude<PriceBasis, null>): { cents: number; msrpCents: number } | undefined {
    const cents =
      typeof basis === 'string'
        ? (basis === 'msrp' ? this.msrpCents : this.priceCents)[o]!
        : this.organizationLists.get(String(basis.organizationList))?.cents[o];
    const msrpCents = this.msrpCents[o]!;
    if (cents === undefined || cents === -1 || msrpCents === -1 || this.priceCents[o] === -1) return undefined;
    return { cents, msrpCents };
  }

  /** Whether the index holds this organization price list (search-index-store.ts organizationPricesHeld). */
  holdsOrganizationPrices(listId: number): boolean {
    return this.organizationLists.has(String(listId));
  }

  /** Holds an organization price list's items; beyond MAX_ORGANIZATION_LISTS the least recently used is let go. */
  holdOrganizationPrices(listId: number, items: readonly (readonly [sku: string, cents: number])[]): void {
    this.organizationLists.set(String(listId), new OrganizationPrices(this.priceCents, items, (sku) => this.ordinalOf(sku)));
  }

  /** Lets go of these lists (their items changed): the next price order for one reads it again. */
  dropOrganizationPrices(listIds: readonly number[]): void {
    for (const id of listIds) this.organizationLists.delete(String(id));
  }

  /** Whether every product has its catalog_prices row (price orders need them). */
  get pricesComplete(): boolean {
    return this.missingPrices === 0;
  }

  // ---- matching ----

  /** The stocked bits of the catalog's warehouses serving `state` (repository.ts regionSources). */
  regionBits(state: string): number {
    let bits = 0;
    for (const warehouse of this.warehouses) {
      if (warehouse.servesCatalog && warehouse.regionStates.includes(state)) bits |= 1 << this.bitOf(warehouse.code);
    }
    return bits >>> 0;
  }

  /**
   * repository.ts keywordConditions: a SKU holding the text, the document matching the tsquery, or
   * a compact SKU starting with the typed key. `query`: the plan's tsquery as PostgreSQL parsed it
   * ('empty' when it has no lexemes; undefined when the plan has none).
   */
  match(plan: KeywordPlan | null, query: TsNode | 'empty' | undefined): Matches {
    this.temporaries.used = 0;
    if (!plan) return 'all';
    const bits = new Uint32Array((this.size + 31) >>> 5);
    for (const o of this.skuSubstrings.holders(plan.lower)) bits[o >>> 5]! |= 1 << (o & 31);
    if (query && query !== 'empty') orInto(bits, this.queryMatches(query));
    if (plan.skuCompact) for (const o of this.compactPrefix(plan.skuCompact)) bits[o >>> 5]! |= 1 << (o & 31);
    return bits;
  }

  /** Ordinals whose sku_compact starts with `key`, in sku_compact order. */
  *compactPrefix(key: string): Generator<number> {
    let low = 0;
    let high = this.size;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.skuCompacts.compareWith(this.byCompact[middle]!, key) < 0) low = middle + 1;
      else high = middle;
    }
    for (let k = low; k < this.size && this.skuCompacts.startsWith(this.byCompact[k]!, key); k++) yield this.byCompact[k]!;
  }

  /**
   * The products matching `node`. An `&` ANDs its parts first, a phrase among them as the products
   * holding all its terms, and checks the phrase's positions (the costly part) only where everything
   * else matched: a dashed word beside another word is checked for the products holding both, not
   * for every product holding the dashed word's parts.
   */
  private queryMatches(node: TsNode): Uint32Array {
    if (node.kind === 'term') {
      const bits = this.temporaryBits();
      this.documents.markHolders(this.documents.lexemeRange(node), bits);
      return bits;
    }
    if (node.kind === 'phrase') return this.keepPhrase(this.holdingAll(node.terms), node);
    if (node.kind === 'or') {
      const [result, ...rest] = node.children.map((child) => this.queryMatches(child));
      for (const part of rest) orInto(result!, part);
      return result!;
    }
    const [result, ...rest] = node.children.map((child) =>
      child.kind === 'phrase' ? this.holdingAll(child.terms) : this.queryMatches(child),
    );
    for (const part of rest) andInto(result!, part);
    for (const child of node.children) if (child.kind === 'phrase') this.keepPhrase(result!, child);
    return result!;
  }

  /** The products holding every one of the terms (a phrase's candidates). */
  private holdingAll(terms: readonly TsTerm[]): Uint32Array {
    const [result, ...rest] = terms.map((term) => this.queryMatches(term));
    for (const part of rest) andInto(result!, part);
    return result!;
  }

  /** `bits` without the products whose positions do not line up for the phrase (PostgreSQL's phrase rule for a chain of terms). */
  private keepPhrase(bits: Uint32Array, node: TsPhrase): Uint32Array {
    this.documents.keepPhrase(
      bits,
      node.terms.map((term) => this.documents.lexemeRange(term)),
      node.distances,
    );
    return bits;
  }

  // ---- facets ----

  /** repository.ts searchFacetsSql's rows: each group counted with the other groups' filters applied. */
  facetRows(matches: Matches, filter: SearchFilter, region: number): FacetRow[] {
    const brandOk = this.brandSelection(filter.brands);
    const categoryOk = this.categorySelection(filter.categories);
    const brandCounts = new Uint32Array(this.brandNames.length);
    const categoryCounts = new Uint32Array(this.categoryNames.length);
    let inRegion = 0;
    let any = 0;
    const count = (brand: number, category: number, stocked: number, products: number) => {
      const here = (stocked & region) !== 0;
      const regionOk = !filter.inRegionOnly || here;
      if (categoryOk[category] && regionOk) brandCounts[brand]! += products;
      if (brandOk[brand] && regionOk) categoryCounts[category]! += products;
      if (brandOk[brand] && categoryOk[category]) {
        any += products;
        if (here) inRegion += products;
      }
    };
    if (matches === 'all') for (const group of this.groups) count(group.brand, group.category, group.stocked, group.size);
    else forEachBit(matches, (o) => count(this.brandOf[o]!, this.categoryOf[o]!, this.stocked[o]!, 1));
    const rows: FacetRow[] = [];
    brandCounts.forEach((n, id) => n > 0 && rows.push({ group: 'brand', value: this.brandNames[id]!, count: n }));
    categoryCounts.forEach(
      (n, id) => n > 0 && this.categoryNames[id] !== '' && rows.push({ group: 'category', value: this.categoryNames[id]!, count: n }),
    );
    rows.push({ group: 'availability', value: 'inRegion', count: inRegion }, { group: 'availability', value: 'any', count: any });
    return rows;
  }

  /** Per brand id: whether the brand filter lets it through (any case, as lower(brand) = ANY(...)). */
  private brandSelection(brands: string[]): boolean[] {
    const wanted = new Set(brands.map((b) => b.toLowerCase()));
    return this.brandLower.map((name) => brands.length === 0 || wanted.has(name));
  }

  private categorySelection(categories: string[]): boolean[] {
    const wanted = new Set(categories);
    return this.categoryNames.map((name) => categories.length === 0 || wanted.has(name));
  }

  /** Whether product `o` passes the brand, category and availability filters. */
  private passes(filter: SearchFilter, region: number): (o: number) => boolean {
    const brandOk = this.brandSelection(filter.brands);
    const categoryOk = this.categorySelection(filter.categories);
    return (o) =>
      brandOk[this.brandOf[o]!]! && categoryOk[this.categoryOf[o]!]! && (!filter.inRegionOnly || (this.stocked[o]! & region) !== 0);
  }

  // ---- ordering ----

  /**
   * One page of SKUs in the sort's order (repository.ts searchPageSql), or null for what the index
   * does not order: price orders by an organization price list it does not hold (holdOrganizationPrices).
   * Price orders without keywords are answered here too: catalog_prices' indexes answer them in SQL
   * in milliseconds, but with 'In stock in region' the walk checks each SKU's stock and took 15-25 ms.
   */
  page(
    matches: Matches,
    plan: KeywordPlan | null,
    query: TsNode | 'empty' | undefined,
    request: { filter: SearchFilter; region: number; sort: SearchSort; price: PriceBasis },
    window: { limit: number; offset: number },
  ): string[] | null {
    this.temporaries.used = 0;
    const passes = this.passes(request.filter, request.region);
    const { brands, categories, inRegionOnly } = request.filter;
    const filtered = brands.length > 0 || categories.length > 0 || inRegionOnly;
    const accept = matches === 'all' ? passes : (o: number) => hasBit(matches, o) && passes(o);
    const { sort } = request;
    if (sort === 'price-asc' || sort === 'price-desc') {
      const prices = this.pricesBy(request.price);
      if (!prices) return null;
      const sign = sort === 'price-asc' ? 1 : -1;
      // Without keywords most products match: walking the kept price order stops at the page.
      if (matches === 'all') return this.walk(prices.ascending(), sign < 0, accept, window);
      const { cents } = prices;
      // Price, then SKU, both in the price's direction; ordinals are SKU order.
      return this.topOf(matches, accept, window, (a, b) => sign * (cents[a]! - cents[b]! || a - b));
    }
    if (sort === 'relevance' && plan) return this.relevancePage(matches, filtered ? passes : null, plan, query, window);
    return this.walk(sort === 'sku' ? null : sort === 'name' ? this.nameOrder : this.featured(), false, accept, window);
  }

  /** The window of the products `accept` takes, walking `order` (null: ordinal, SKU order) from its start or its end. */
  private walk(
    order: Uint32Array | null,
    fromEnd: boolean,
    accept: (o: number) => boolean,
    window: { limit: number; offset: number },
  ): string[] {
    const skus: string[] = [];
    let skipped = 0;
    for (let k = 0; k < this.size && skus.length < window.limit; k++) {
      const at = fromEnd ? this.size - 1 - k : k;
      const o = order ? order[at]! : at;
      if (!accept(o)) continue;
      if (skipped++ < window.offset) continue;
      skus.push(this.skus.at(o));
    }
    return skus;
  }

  /** A price basis's price per ordinal and its kept ascending order; undefined when the index cannot price by it. */
  private pricesBy(price: PriceBasis): { cents: Int32Array; ascending: () => Uint32Array } | undefined {
    if (price === null || !this.pricesComplete) return undefined;
    if (typeof price === 'string')
      return { cents: price === 'msrp' ? this.msrpCents : this.priceCents, ascending: () => this.priceOrderOf(price) };
    const list = this.organizationLists.get(String(price.organizationList));
    if (!list) return undefined;
    return { cents: list.cents, ascending: () => list.ascending() };
  }

  /** The kept ascending order of the catalog prices or the MSRPs. */
  private priceOrderOf(kind: 'catalog' | 'msrp'): Uint32Array {
    let order = this.priceOrders.get(kind);
    if (!order) this.priceOrders.set(kind, (order = new PriceOrder(kind === 'msrp' ? this.msrpCents : this.priceCents)));
    return order.ascending();
  }

  /** The featured order (popularity descending, SKU): an ascending order of the negated popularity. */
  private featured(): Uint32Array {
    this.featuredOrder ??= new PriceOrder(this.featuredKeys);
    return this.featuredOrder.ascending();
  }

  /** The window of the matches that `accept` takes, in `compare` order: a bounded heap, never a sort of every match. */
  private topOf(
    matches: Matches,
    accept: (o: number) => boolean,
    window: { limit: number; offset: number },
    compare: (a: number, b: number) => number,
  ): string[] {
    const top = new TopK(window.offset + window.limit, compare);
    if (matches === 'all') {
      for (let o = 0; o < this.size; o++) if (accept(o)) top.add(o);
    } else forEachBit(matches, (o) => accept(o) && top.add(o));
    return top
      .sorted()
      .slice(window.offset)
      .map((o) => this.skus.at(o));
  }

  /**
   * repository.ts relevanceOrder: the exact SKU, SKUs starting with the text, labels holding every
   * word, then ts_rank of the document (ts-rank.ts), then the SKU. Tiers first: only the products of
   * the tiers the window reaches are ranked (relevancePool), and a query ranked by calc_rank_or is
   * ranked for every product in one walk of its posting lists.
   */
  private relevancePage(
    matches: Matches,
    passes: ((o: number) => boolean) | null,
    plan: KeywordPlan,
    query: TsNode | 'empty' | undefined,
    window: { limit: number; offset: number },
  ): string[] {
    const wanted = window.offset + window.limit;
    const { pool, size, special, labelled } = this.relevancePool(this.acceptedBits(matches, passes), plan, wanted);
    // calc_rank_or's sums, read here without a call per product (a third of a broad word's page), or a ranker.
    const sums = this.orRankSums(query);
    const rank = sums ? sums.rank : this.ranker(query, pool, size);
    const tiers = this.relevanceScratch().tierOf;
    const top = new TopK(wanted, (a, b) => tiers[b]! - tiers[a]! || rank(b) - rank(a) || a - b);
    // Once the window is full, the worst kept product's tier and rank (they change only when one is added).
    let full = false;
    let worstTier = 0;
    let worstRank = 0;
    // The pool's products in ordinal (SKU) order, so a tie goes to the kept one: a product enters only
    // by beating the worst kept, on tier, then on rank. Once the worst kept is of this tier and ranks
    // the most ts_rank can (1), no later product of this tier can enter, and its rank (the costly
    // part for several words) need not be worked out. The bits are walked here, not by forEachBit,
    // and the tier and an OR rank read in line: a call per product of a broad word's 100,000 was
    // most of the page's time.
    for (let w = 0; w < pool.length; w++) {
      let word = pool[w]!;
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        const o = (w << 5) + 31 - Math.clz32(low);
        let tier = labelled !== null && (labelled[w]! & low) !== 0 ? 1 : 0;
        if (special.size > 0) tier = special.get(o) ?? tier;
        if (full) {
          if (tier < worstTier) continue;
          if (tier === worstTier) {
            if (worstRank >= MAX_RANK) continue;
            const ranked = sums ? orRankOf(sums.values[o]!, sums.terms) : rank(o);
            if (ranked <= worstRank) continue;
          }
        }
        tiers[o] = tier;
        top.add(o);
        const worst = top.worst;
        if (worst === undefined) continue;
        full = true;
        worstTier = tiers[worst]!;
        worstRank = rank(worst);
      }
    }
    return top
      .sorted()
      .slice(window.offset)
      .map((o) => this.skus.at(o));
  }

  /** The matches the filters let through, as a bitset: `matches` itself when nothing filters (not to be changed). */
  private acceptedBits(matches: Matches, passes: ((o: number) => boolean) | null): Uint32Array {
    if (matches !== 'all' && !passes) return matches;
    const accepted = this.temporaryBits();
    if (matches === 'all') {
      for (let o = 0; o < this.size; o++) if (!passes || passes(o)) accepted[o >>> 5]! |= 1 << (o & 31);
    } else forEachBit(matches, (o) => passes!(o) && (accepted[o >>> 5]! |= 1 << (o & 31)));
    return accepted;
  }

  /**
   * The accepted products of the relevance tiers a window of `wanted` reaches, as a bitset (`size` of
   * them), and what gives each one's tier (RelevancePool): 6 the exact SKU, 2 a SKU starting with
   * the text, plus 1 for a label holding every word. The tiers are counted on bitsets (a SKU tier
   * concerns a few products), so a broad word's 100,000 matches cost a few passes over 6,250 words
   * of bits, not a lookup each.
   */
  private relevancePool(accepted: Uint32Array, plan: KeywordPlan, wanted: number): RelevancePool {
    const skuTiers = this.skuTiersOf(plan);
    const words = plan.labelPatterns.map((pattern) => pattern.slice(1, -1).replace(/\\([\\%_])/g, '$1'));
    const labels = this.labelHolding(words, bitCount(accepted));
    // The accepted products whose label holds every word.
    let labelled: Uint32Array | null = null;
    if (labels) {
      labelled = this.temporaryBits();
      if (labels instanceof Uint32Array) {
        labelled.set(accepted);
        andInto(labelled, labels);
      } else forEachBit(accepted, (o) => labels(o) && (labelled![o >>> 5]! |= 1 << (o & 31)));
    }
    const counts = new Uint32Array(8);
    counts[1] = labelled ? bitCount(labelled) : 0;
    counts[0] = bitCount(accepted) - counts[1]!;
    // The accepted products of a SKU tier, with their whole tier.
    const special = new Map<number, number>();
    for (const [o, skuTier] of skuTiers) {
      if (!hasBit(accepted, o)) continue;
      const label = labelled && hasBit(labelled, o) ? 1 : 0;
      counts[label]!--;
      counts[skuTier + label]!++;
      special.set(o, skuTier + label);
    }
    let lowest = 7;
    for (let seen = counts[7]!; lowest > 0 && seen < wanted; seen += counts[lowest]!) lowest--;
    const size = counts.slice(lowest).reduce((sum, n) => sum + n, 0);
    if (lowest === 0) return { pool: accepted, size, special, labelled };
    // Tier 1 and up: the labelled products and those of a SKU tier that reaches it.
    const pool = lowest === 1 && labelled ? labelled : this.temporaryBits();
    for (const [o, tier] of special) if (tier >= lowest) pool[o >>> 5]! |= 1 << (o & 31);
    return { pool, size, special, labelled };
  }

  /**
   * calc_rank_or's sums of every product for the query (ts-rank.ts orRankSums) and its number of
   * terms, when the query is ranked so (its top operator is not `&` or a phrase, or it has one term);
   * undefined for a query ranked by distance, or none.
   */
  private orRankSums(query: TsNode | 'empty' | undefined): OrRankSums | undefined {
    if (!query || query === 'empty') return undefined;
    const ranges = sortedUniqueTerms(query).map((term) => this.documents.lexemeRange(term));
    if (rankByDistance(query) && ranges.length >= 2) return undefined;
    this.orSums ??= new Float32Array(this.size);
    const values = orRankSums(this.documents, ranges, this.orSums);
    const terms = ranges.length;
    return { values, terms, rank: (o) => orRankOf(values[o]!, terms) };
  }

  /** A cleared bitset over the ordinals, valid until the next public call (temporaries); past 16 in one call, a fresh one. */
  private temporaryBits(): Uint32Array {
    const { bits } = this.temporaries;
    if (this.temporaries.used < bits.length) return bits[this.temporaries.used++]!.fill(0);
    const fresh = new Uint32Array((this.size + 31) >>> 5);
    if (bits.length < MAX_TEMPORARY_BITSETS) {
      bits.push(fresh);
      this.temporaries.used++;
    }
    return fresh;
  }

  /** Reused buffer of relevancePage: a tier per ordinal. */
  private relevanceScratch(): { tierOf: Uint8Array } {
    this.scratch ??= { tierOf: new Uint8Array(this.size) };
    return this.scratch;
  }

  /**
   * The products of the SKU tiers: 6 the exact SKU, 2 a SKU starting with the text. Found once per
   * query (a range of the compact order, or the SKUs the text starts, among those holding it).
   */
  private skuTiersOf(plan: KeywordPlan): Map<number, number> {
    const skuTiers = new Map<number, number>();
    if (plan.skuCompact) {
      for (const o of this.compactPrefix(plan.skuCompact)) skuTiers.set(o, this.skuCompacts.equals(o, plan.skuCompact) ? 6 : 2);
    } else {
      for (const o of this.skuSubstrings.holders(plan.lower)) {
        if (this.skuKeys.startsWith(o, plan.lower)) skuTiers.set(o, this.skuKeys.lengthOf(o) === plan.lower.length ? 6 : 2);
      }
    }
    return skuTiers;
  }

  /**
   * Which products' label_key holds every word (`label_key LIKE '%word%'` for each), as a bitset not
   * to be changed, or as a lookup; null for no words. A word holds no white space, so it is inside a
   * label exactly when it is inside one of the label's words: the label words holding it are found
   * in the (short) list of distinct label words. Then whichever costs less: the products of those
   * label words as a bitset (kept per word, labelBits: a word of most labels marks 100,000
   * products), or, for few candidates, looking each candidate up in those label words' product
   * lists (ordinals ascending: a binary search each).
   */
  private labelHolding(words: string[], candidates: number): Uint32Array | ((o: number) => boolean) | null {
    if (words.length === 0) return null;
    const kept = words.map((word) => this.labelBits.get(word));
    if (kept.every((bits) => bits !== undefined)) return this.allOf(kept as Uint32Array[]);
    const { names, start, products } = this.labelWords;
    const holders = words.map((word) => {
      const ids: number[] = [];
      names.forEach((name, id) => name.includes(word) && ids.push(id));
      return ids;
    });
    const marks = holders.reduce((sum, ids) => sum + ids.reduce((n, id) => n + start[id + 1]! - start[id]!, 0), 0);
    const lookups = holders.reduce((sum, ids) => sum + ids.length, 0) * LOOKUP_COST;
    if (candidates * lookups < marks) {
      return (o) => holders.every((ids) => ids.some((id) => sortedHolds(products, start[id]!, start[id + 1]!, o)));
    }
    const each: Uint32Array[] = [];
    holders.forEach((ids, i) => {
      if (kept[i]) {
        each.push(kept[i]);
        return;
      }
      const bits = this.freeLabelBits([...kept, ...each]);
      for (const id of ids) {
        for (let k = start[id]!; k < start[id + 1]!; k++) bits[products[k]! >>> 5]! |= 1 << (products[k]! & 31);
      }
      this.labelBits.set(words[i]!, bits);
      each.push(bits);
    });
    return this.allOf(each);
  }

  /**
   * A cleared bitset for a label word's products: the least recently used kept one's once
   * KEPT_LABEL_WORDS are kept (unless this search uses it), so misses do not leave 25 kB buffers
   * behind for the garbage collector (they grew the server's RSS by ~15 MB under the bench's searches).
   */
  private freeLabelBits(inUse: readonly (Uint32Array | undefined)[]): Uint32Array {
    if (this.labelBits.size >= KEPT_LABEL_WORDS) {
      const oldest = this.labelBits.pop();
      if (oldest && !inUse.includes(oldest)) return oldest.fill(0);
    }
    return new Uint32Array((this.size + 31) >>> 5);
  }

  /** The products in every one of these bitsets: the one itself, else a temporary. */
  private allOf(sets: Uint32Array[]): Uint32Array {
    if (sets.length === 1) return sets[0]!;
    const result = this.temporaryBits();
    result.set(sets[0]!);
    for (const bits of sets.slice(1)) andInto(result, bits);
    return result;
  }

  /**
   * ts_rank of each product for the query; 0 when the plan has no tsquery. `matches` (`candidates`
   * of them) are the products it will be asked for: when they are many against the terms' postings,
   * their keys are walked at once (SearchDocuments.sequenceKeys), so a product of a sequence
   * already ranked is not located in its entries.
   */
  private ranker(query: TsNode | 'empty' | undefined, matches?: Matches, candidates = 0): (o: number) => number {
    if (!query) return () => 0;
    if (query === 'empty') return () => 0;
    const ranges = sortedUniqueTerms(query).map((term) => this.documents.lexemeRange(term));
    const sums = this.orRankSums(query);
    if (sums) return sums.rank;
    // Pairs of positions: worked out per product, once, when a comparison first needs it. The
    // ranks are kept in buffers of this index, stamped with this query's number, so a query does
    // not fill 1.6 MB to start (rankers are used synchronously, one query at a time).
    const postings = ranges.reduce((sum, [from, to]) => sum + this.documents.postingStart[to]! - this.documents.postingStart[from]!, 0);
    const walk = matches !== undefined && matches !== 'all' && candidates * WALK_PER_CANDIDATE > postings;
    const byProduct = ranker(this.documents, ranges, true, walk ? this.documents.sequenceKeys(ranges, matches) : undefined);
    this.rankMemo ??= { ranks: new Float64Array(this.size), stamps: new Uint32Array(this.size), query: 0 };
    const memo = this.rankMemo;
    if (++memo.query === 0xffffffff) {
      memo.stamps.fill(0);
      memo.query = 1;
    }
    const { ranks, stamps, query: stamp } = memo;
    return (o) => {
      if (stamps[o] === stamp) return ranks[o]!;
      stamps[o] = stamp;
      return (ranks[o] = byProduct(o));
    };
  }

  /**
   * ts_rank of products for one query, by one ranker as a search uses it (the comparison tests'
   * view): `together` as a search ranking them among its matches; NaN for an unknown SKU.
   */
  ranksOf(query: TsNode, skus: readonly string[], asked: 'each' | 'together' = 'each'): number[] {
    const ordinals = skus.map((sku) => this.ordinalOf(sku));
    let together: Uint32Array | undefined;
    if (asked === 'together') {
      // As a search with these products among its matches: their keys walked at once where that pays.
      together = new Uint32Array((this.size + 31) >>> 5);
      for (const o of ordinals) if (o !== undefined) together[o >>> 5]! |= 1 << (o & 31);
    }
    const rank = this.ranker(query, together, together ? bitCount(together) : 0);
    return ordinals.map((o) => (o === undefined ? Number.NaN : rank(o)));
  }

  /** The warehouse codes the index holds stock in for a SKU (tests). */
  stockedCodes(sku: string): string[] {
    const o = this.ordinalOf(sku);
    if (o === undefined) return [];
    return [...this.warehouseBit].filter(([, bit]) => (this.stocked[o]! & (1 << bit)) !== 0).map(([code]) => code);
  }

  /** The distinct words of the products' labels (lower case): what dealers mostly type (tsquery-readings.ts). */
  labelWordList(): readonly string[] {
    return this.labelWords.names;
  }

  // ---- suggestions ----

  /** repository.ts suggestionSkusSql: the exact SKU, SKU prefixes in compact order, then word matches, the most ordered first. */
  suggestions(plan: KeywordPlan | null, query: TsNode | 'empty' | undefined, limit: number): string[] {
    this.temporaries.used = 0;
    const found = new Map<number, { exact: boolean; part: number; popularity: number }>();
    if (plan?.skuCompact) {
      let taken = 0;
      for (const o of this.compactPrefix(plan.skuCompact)) {
        if (taken++ >= limit) break;
        found.set(o, { exact: this.skuCompacts.equals(o, plan.skuCompact), part: 1, popularity: 0 });
      }
    }
    if (query && query !== 'empty') {
      const words = this.queryMatches(query);
      const top = new TopK(limit, (a, b) => this.popularity[b]! - this.popularity[a]! || a - b);
      forEachBit(words, (o) => top.add(o));
      for (const o of top.sorted()) {
        const seen = found.get(o);
        found.set(o, {
          exact: seen?.exact ?? false,
          part: Math.min(seen?.part ?? 2, 2),
          popularity: Math.max(seen?.popularity ?? 0, this.popularity[o]!),
        });
      }
    }
    return [...found.entries()]
      .sort(([a, x], [b, y]) => Number(y.exact) - Number(x.exact) || x.part - y.part || y.popularity - x.popularity || a - b)
      .slice(0, limit)
      .map(([o]) => this.skus.at(o));
  }

  // ---- the vocabulary of typo correction ----

  /** The lexemes without digits, 3+ letters, with their document counts (vocabulary.ts's ts_stat rows). */
  vocabularyWords(): { word: string; documents: number }[] {
    const words: { word: string; documents: number }[] = [];
    const { lexicon } = this.documents;
    for (let id = 0; id < lexicon.length; id++) {
      if (lexicon.lengthOf(id) < 3) continue;
      const word = lexicon.at(id);
      if (!/[0-9]/.test(word)) words.push({ word, documents: this.documents.documentCount(id) });
    }
    return words;
  }

  /** Bytes of the typed arrays and an estimate of the strings (the memory report). */
  get approximateBytes(): number {
    const strings =
      [this.skus, this.skuKeys, this.skuCompacts].reduce((sum, packed) => sum + packed.approximateBytes, 0) +
      this.skuLookup.approximateBytes;
    return (
      this.documents.byteLength + this.skuSubstrings.byteLength + strings + this.size * (4 * 7) + this.documents.lexicon.approximateBytes
    );
  }
}

/** Distinct label words, and per word the ordinals whose label holds it (each once), as flat arrays. */
type LabelWords = { names: string[]; start: Uint32Array; products: Uint32Array };

function labelWordsOf(labels: readonly string[]): LabelWords {
  const holders = new Map<string, number[]>();
  labels.forEach((label, o) => {
    for (const word of new Set(label.split(/\s+/))) {
      if (!word) continue;
      const list = holders.get(word);
      if (list) list.push(o);
      else holders.set(word, [o]);
    }
  });
  const names = [...holders.keys()];
  const start = new Uint32Array(names.length + 1);
  names.forEach((name, id) => (start[id + 1] = start[id]! + holders.get(name)!.length));
  const products = new Uint32Array(start[names.length]!);
  names.forEach((name, id) => products.set(holders.get(name)!, start[id]!));
  return { names, start, products };
}

/** What an index is made of, worked out from its rows by IndexRowsBuilder. */
type IndexParts = {
  skus: PackedStrings;
  skuKeys: PackedStrings;
  skuCompacts: PackedStrings;
  /** Ordinals by (label_key, SKU): the 'Name' order. */
  nameOrder: Uint32Array;
  labelWords: LabelWords;
  skuSubstrings: SkuSubstrings;
  byCompact: Uint32Array;
  brands: { names: string[]; ids: Uint16Array };
  categories: { names: string[]; ids: Uint16Array };
  popularity: Int32Array;
  warehouses: IndexWarehouse[];
  warehouseBit: Map<string, number>;
  stocked: Uint32Array;
  priceCents: Int32Array;
  msrpCents: Int32Array;
  documents: SearchDocuments;
};

/**
 * Takes a catalog's index rows in SKU byte order (the ordinals), a batch at a time, and keeps only
 * what the index holds of them: a build reads the M set's rows in batches and lets each batch go
 * once added, so its documents' texts (~80 MB) are never all held at once. `finish` works out the
 * rest of the index's parts, pausing between steps (none longer than ~0.4 s of CPU on the M set).
 */
export class IndexRowsBuilder {
  private readonly skus: string[] = [];
  private readonly skuKeys: string[] = [];
  private readonly skuCompacts: string[] = [];
  private readonly labelKeys: string[] = [];
  private readonly brands = new Dictionary();
  private readonly categories = new Dictionary();
  private readonly popularity: number[] = [];
  private readonly stocked: number[] = [];
  private readonly priceCents: number[] = [];
  private readonly msrpCents: number[] = [];
  private readonly warehouseBit = new Map<string, number>();
  private readonly documents = new DocumentParser();

  constructor(private readonly warehouses: IndexWarehouse[]) {
    for (const warehouse of warehouses) warehouseBitIn(this.warehouseBit, warehouse.code);
  }

  /** The next rows, after those added before in SKU byte order. */
  add(rows: readonly IndexRow[]): void {
    for (const row of rows) {
      const last = this.skus.at(-1);
      if (last !== undefined && compareBytes(last, row.sku) >= 0) throw new Error(`index rows out of SKU order at ${row.sku}`);
      this.skus.push(row.sku);
      this.skuKeys.push(row.sku_key);
      this.skuCompacts.push(row.sku_compact);
      this.labelKeys.push(row.label_key);
      this.brands.add(row.brand);
      this.categories.add(row.category);
      this.popularity.push(row.popularity);
      this.stocked.push(stockedBits(this.warehouseBit, row.stocked_warehouses));
      this.priceCents.push(row.price_cents ?? -1);
      this.msrpCents.push(row.msrp_cents ?? -1);
      this.documents.add(row.document);
    }
  }

  *finish(): Sliced<IndexParts> {
    const { skus, skuKeys, skuCompacts, labelKeys } = this;
    const labelWords = labelWordsOf(labelKeys);
    yield;
    const byCompact = Uint32Array.from(skus.keys()).sort((a, b) => compareBytes(skuCompacts[a]!, skuCompacts[b]!));
    yield;
    // (label key, ordinal): ordinals are SKU order, and the keys compare in byte order (the C collation).
    const nameOrder = Uint32Array.from(skus.keys()).sort((a, b) => compareBytes(labelKeys[a]!, labelKeys[b]!) || a - b);
    yield;
    // The strings were needed as arrays for the steps above; the index keeps them packed, all but
    // the label keys, which only the name order needed.
    const packed = [skus, skuKeys, skuCompacts].map((values) => new PackedStrings(values));
    yield;
    const skuSubstrings = new SkuSubstrings(packed[1]!);
    yield;
    const documents = yield* this.documents.finish();
    return {
      skus: packed[0]!,
      skuKeys: packed[1]!,
      skuCompacts: packed[2]!,
      nameOrder,
      labelWords,
      skuSubstrings,
      byCompact,
      brands: this.brands.done(),
      categories: this.categories.done(),
      popularity: Int32Array.from(this.popularity),
      warehouses: this.warehouses,
      warehouseBit: this.warehouseBit,
      stocked: Uint32Array.from(this.stocked),
      priceCents: Int32Array.from(this.priceCents),
      msrpCents: Int32Array.from(this.msrpCents),
      documents,
    };
  }
}

/** A warehouse code's stock bit, given the next free one the first time the code is seen. */
function warehouseBitIn(bits: Map<string, number>, code: string): number {
  let bit = bits.get(code);
  if (bit === undefined) {
    bit = bits.size;
    if (bit >= MAX_WAREHOUSES) throw new Error(`more than ${MAX_WAREHOUSES} warehouses`);
    bits.set(code, bit);
  }
  return bit;
}

/** The stock bits of these warehouse codes. */
function stockedBits(bits: Map<string, number>, codes: readonly string[]): number {
  let stocked = 0;
  for (const code of codes) stocked |= 1 << warehouseBitIn(bits, code);
  return stocked >>> 0;
}

/** Facet values (brands, categories) as ids in the order first seen, one per product. */
class Dictionary {
  private readonly idOf = new Map<string, number>();
  private readonly ids: number[] = [];

  add(value: string): void {
    let id = this.idOf.get(value);
    if (id === undefined) this.idOf.set(value, (id = this.idOf.size));
    if (id > 0xffff) throw new Error('more than 65,536 distinct facet values');
    this.ids.push(id);
  }

  done(): { names: string[]; ids: Uint16Array } {
    return { names: [...this.idOf.keys()], ids: Uint16Array.from(this.ids) };
  }
}

/**
 * What locating a product's entries costs (a binary search per term) against a step of the walk
 * over the terms' posting lists that reads every product's key at once: a walk pays when the
 * products to rank are more than one in this many of the postings.
 */
const WALK_PER_CANDIDATE = 16;

/**
 * What a binary search in a label word's product list is taken to cost against marking one product
 * in a bitset: about 17 steps with branches that cannot be predicted against one store.
 */
const LOOKUP_COST = 30;

/** Whether `sorted[from ..< to]` (ascending) holds `value`. */
function sortedHolds(sorted: Uint32Array, from: number, to: number, value: number): boolean {
  const at = lowerBound(sorted, from, to, value);
  return at < to && sorted[at] === value;
}

export { termsOf };

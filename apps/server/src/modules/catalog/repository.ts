/**
 * The catalog's SQL. Price, MSRP and availability are computed in one set-based statement for a
 * whole page, batch or export (never a query per product), following server-rules "Catalog, price
 * and availability":
 *  - price: the organization's price list, else the catalog's, else the MSRP; the MSRP for a
 *    restrictedPricing user (spec 6);
 *  - warehouses: a catalog with `ships_only_from` (show → SHW2) uses only that one; every other
 *    catalog uses every warehouse that is not reserved to such a catalog (B250 and the regionals);
 *  - inRegion: stock in those warehouses that serve the destination state; outsideRegion: the rest;
 *  - scheduledAvailability: incoming receipts of those warehouses per date; nextReceiptDate the first.
 *
 * Searches find and order their SKUs in the narrow catalog_search table (decision 008) and price
 * only the page's rows here; rows a process already holds priced under the current catalog data
 * revision are not asked for at all (priced-cache.ts).
 *
 * The statements are built as `SQL` values so the benchmark can run the very same text directly
 * (performance.md "ceiling").
 */
import { sql, type SQL } from 'drizzle-orm';
import { FALLBACK_CATALOG_ID, type CatalogSort } from '@portal/domain/rules';
import { keywordPlan, type KeywordPlan } from './keywords.js';

/** What a catalog call is priced and searched with (catalog-access.ts pricingContextFor builds it). */
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
  /**
   * The catalog data revision (0013_catalog_data_revision.sql) read with the catalog: priced
   * products kept per process key on it (priced-cache.ts). Null when there is none: keep nothing.
   */
  dataRevision: string | null;
};

/**
 * A product as the priced statements answer it: the spec's Product (spec 3) already written as JSON
 * by PostgreSQL, in three JSON objects whose members, joined, are the Product's in the schema's
 * order. The catalog calls join them and send the text on as bytes; nothing parses 50 products'
 * lists and texts into objects only to write them out again.
 *  - `head` (sku, brand, model) and `tail` (eCommerceInformation, shippingInformation) come only from
 *    the product's row, kept written out in product_texts (drizzle/0035), whose row version is `rev`
 *    (its xmin). They are null when the caller passed that very revision for the SKU: the server
 *    holds them already (product-text-cache.ts). Writing and moving these ~2 KB a product was most
 *    of a 50-SKU cart refresh's cost (decision 009).
 *  - `body`: what depends on the caller and the moment: catalog, price, msrp, availability and
 *    scheduledAvailability.
 */
export type ProductTextRow = { sku: string; rev: string; head: string | null; body: string; tail: string | null };

/** The export's row (snake_case, cents): see export.ts. */
export type ExportRow = {
  sku: string;
  brand: string;
  model: string;
  label: string;
  short_description: string;
  msrp_cents: number;
  price_cents: number;
  weight: number;
  length: number;
  width: number;
  height: number;
  requires_flatbed: boolean;
  requires_fork_lift: boolean;
  requires_lift_gate: boolean;
  requires_residential: boolean;
  is_small_parcel: boolean;
  category: string;
  warranty_months: number | null;
  in_region: number;
  outside_region: number;
  next_receipt_date: string | null;
};

/**
 * The caller of a catalog call, as the visibility rule needs it (spec 6): the catalog must be one
 * of the organization's and, for a user with its own list (useOrganizationCatalogs false), also
 * one of the user's; 'portal' means the first such.
 */
export type CatalogCaller = { catalogId: string; organizationId: number; userId: number; useOrganizationCatalogs: boolean };

/** What prices a product besides its catalog: the caller's organization price list and restriction. */
export type PricingTerms = Pick<PricingContext, 'organizationPriceListId' | 'restrictedPricing'>;

/** visibleCatalogSql's row. */
export type VisibleCatalogRow = {
  id: string;
  price_list_id: number;
  ships_only_from: string | null;
  products: number | null;
  version: number | null;
  data_revision: string | null;
  /** The caller organization's own price list, read with the catalog (the principal holds none). */
  organization_price_list_id: number | null;
};

/**
 * The catalog row the caller may see, with its search totals, the catalog data revision (read in
 * the same snapshot, before any priced statement: priced-cache.ts) and the caller organization's
 * own price list (the principal holds no price list: http/principal.ts), so a price list assigned
 * to the organization prices its next call: no row when it is not the caller's.
 */
export function visibleCatalogSql(caller: CatalogCaller): SQL {
  return sql`
    SELECT c.id, c.price_list_id, c.ships_only_from, t.products, t.version,
           (SELECT r.revision::text FROM catalog_data_revision r WHERE r.id = 1) AS data_revision,
           o.price_list_id AS organization_price_list_id
    FROM organization_catalogs oc
    JOIN organizations o ON o.id = oc.organization_id
    JOIN catalogs c ON c.id = oc.catalog_id
    LEFT JOIN catalog_search_totals t ON t.catalog_id = c.id
    WHERE oc.organization_id = ${caller.organizationId}
      AND (${caller.catalogId}::text = ${FALLBACK_CATALOG_ID} OR c.id = ${caller.catalogId})
      AND (${caller.useOrganizationCatalogs}::boolean
           OR EXISTS (SELECT 1 FROM user_catalogs uc WHERE uc.user_id = ${caller.userId} AND uc.catalog_id = c.id))
    ORDER BY oc.position, c.id
    LIMIT 1`;
}

/** A catalog already checked, as the one-row `cat` source of the priced statements. */
function knownCatalog(ctx: PricingContext): SQL {
  return sql`SELECT ${ctx.catalogId}::text AS id, ${ctx.catalogPriceListId}::int AS price_list_id, ${ctx.shipsOnlyFrom}::text AS ships_only_from`;
}

/** Warehouses the catalog (`cat`) ships from, flagged when they serve the destination state. */
function catalogWarehouses(shipToState: string | null): SQL {
  const serves = shipToState ? sql`${shipToState}::text = ANY(w.region_states)` : sql`false`;
  return sql`
    SELECT w.code, (${serves}) AS serves_state FROM warehouses w, cat
    WHERE CASE WHEN cat.ships_only_from IS NULL
               THEN NOT EXISTS (SELECT 1 FROM catalogs reserved WHERE reserved.ships_only_from = w.code)
               ELSE w.code = cat.ships_only_from END`;
}

type PricedOptions = {
  /** `export`: only ExportRow's columns, and the next receipt date without the receipt list. */
  columns?: 'product' | 'export';
};

/**
 * The spec's Product (spec 3) as the fragments of ProductTextRow, from the priced statement's tables
 * (p products, x product_texts, s selection, cat, st stock, rc receipts). row_to_json over named
 * columns writes compact JSON (json_build_object would put " : " and ", " between keys and values:
 * 6% more bytes to send). Each fragment is a JSON object; the server joins their members. Prices are
 * cents / 100 as float8, exactly the numbers centsToDollars gives. The row-only fragments (kept in
 * product_texts) are left out when the selection's `rev` is the row's.
 */
function productFragments(price: SQL): SQL {
  const body = sql`SELECT row_to_json(b) FROM (SELECT
      cat.id AS "catalog", (round(${price}) / 100.0)::float8 AS "price", (round(p.msrp_cents) / 100.0)::float8 AS "msrp",
      (SELECT row_to_json(a) FROM (SELECT
        coalesce(st.in_region, 0) + coalesce(st.outside_region, 0) AS "netAvailable", rc.next_receipt_date AS "nextReceiptDate",
        coalesce(st.in_region, 0) AS "inRegion", coalesce(st.outside_region, 0) AS "outsideRegion") a) AS "availability",
      coalesce(rc.receipts, '[]'::json) AS "scheduledAvailability") b`;
  return sql`${staticFragments()}, (${body})::text AS body`;
}

/**
 * ProductTextRow's row-only columns of product_texts row `x` (sku, rev, head, tail): the fragments
 * the triggers of drizzle/0035 keep beside each product, left out where the selection `s` holds the
 * row's revision (its xmin, which moves only when the fragments change).
 */
function staticFragments(): SQL {
  const unlessHeld = (json: SQL) => sql`CASE WHEN s.rev IS DISTINCT FROM x.xmin::text THEN ${json} END`;
  return sql`x.sku, x.xmin::text AS rev, ${unlessHeld(sql`x.head`)} AS head, ${unlessHeld(sql`x.tail`)} AS tail`;
}

/**
 * Whose price list prices a product besides the catalog's: the organization's list as a number
 * (null: none), or `visible-row` for a statement whose `cat` is visibleCatalogSql's row, which reads
 * the organization's list with the catalog.
 */
type OrganizationPrices = number | null | 'visible-row';

/**
 * Prices and stocks the SKUs of `selection` (a statement answering `sku`, `ord` and `rev`: the row
 * revision whose texts the caller holds, or null), from `cat` and `wh` (pricedProducts' CTEs), as
 * one SELECT without order. Stock and receipts are aggregated per SKU in LATERAL subqueries that
 * use the (sku, ...) indexes.
 */
function pricedSelect(
  terms: { organizationPriceListId: OrganizationPrices; restrictedPricing: boolean },
  options: PricedOptions = {},
): SQL {
  const full = options.columns !== 'export';
  const list = terms.organizationPriceListId;
  const price = terms.restrictedPricing
    ? sql`p.msrp_cents`
    : list === null
      ? sql`coalesce(cpl.price_cents, p.msrp_cents)`
      : sql`coalesce(opl.price_cents, cpl.price_cents, p.msrp_cents)`;
  const organizationPrices =
    terms.restrictedPricing || list === null
      ? sql``
      : sql`LEFT JOIN price_list_items opl ON opl.price_list_id = ${list === 'visible-row' ? sql`cat.organization_price_list_id` : list} AND opl.sku = p.sku`;
  const catalogPrices = terms.restrictedPricing
    ? sql``
    : sql`LEFT JOIN price_list_items cpl ON cpl.price_list_id = cat.price_list_id AND cpl.sku = p.sku`;
  return sql`
    SELECT s.ord, ${
      full
        ? productFragments(price)
        : sql`p.sku, p.brand, p.model, p.label, p.short_description, p.msrp_cents, ${price} AS price_cents,
      p.weight, p.length, p.width, p.height, p.requires_flatbed, p.requires_fork_lift, p.requires_lift_gate,
      p.requires_residential, p.is_small_parcel, p.category, p.warranty_months, coalesce(st.in_region, 0) AS in_region,
      coalesce(st.outside_region, 0) AS outside_region, rc.next_receipt_date`
    }
    FROM selection s
    CROSS JOIN cat
    JOIN products p ON p.sku = s.sku
    ${full ? sql`JOIN product_texts x ON x.sku = p.sku` : sql``}
    ${catalogPrices}
    ${organizationPrices}
    LEFT JOIN LATERAL (
      SELECT (sum(k.quantity) FILTER (WHERE wh.serves_state))::int AS in_region,
             (sum(k.quantity) FILTER (WHERE NOT wh.serves_state))::int AS outside_region
      FROM stock k JOIN wh ON wh.code = k.warehouse_code
      WHERE k.sku = p.sku
    ) st ON true
    LEFT JOIN LATERAL (${full ? receiptsWithList : receiptDateOnly}) rc ON true`;
}

/** The CTEs the priced statements read: the catalog (`cat`), the SKUs (`selection`) and the warehouses (`wh`). */
function pricedSources(catalog: SQL, shipToState: string | null, selection: SQL): SQL {
  return sql`cat AS MATERIALIZED (${catalog}),
    selection AS (${selection}),
    wh AS MATERIALIZED (${catalogWarehouses(shipToState)})`;
}

/** The priced rows of `selection` (see pricedSelect) in `ord` order, `catalog` being a catalog already checked. */
function pricedProducts(terms: PricingTerms, catalog: SQL, shipToState: string | null, selection: SQL, options: PricedOptions = {}): SQL {
  return sql`
    WITH ${pricedSources(catalog, shipToState, selection)}
    SELECT * FROM (${pricedSelect(terms, options)}) priced
    ORDER BY priced.ord`;
}

const receiptsWithList = sql`
      SELECT min(d.date) AS next_receipt_date,
             json_agg(row_to_json(d) ORDER BY d.date) AS receipts
      FROM (
        SELECT sum(r.quantity)::int AS "availableQuantity", r.receipt_date::text AS "date"
        FROM scheduled_receipts r JOIN wh ON wh.code = r.warehouse_code
        WHERE r.sku = p.sku
        GROUP BY r.receipt_date
      ) d`;

const receiptDateOnly = sql`
      SELECT min(r.receipt_date)::text AS next_receipt_date
      FROM scheduled_receipts r JOIN wh ON wh.code = r.warehouse_code
      WHERE r.sku = p.sku`;

/**
 * Which of these SKUs some catalog the caller may see lists (same visibility rule as
 * visibleCatalogSql, over all of the caller's catalogs): the quick order tells "not in this
 * catalog" from "unknown SKU" without naming products of catalogs the caller may not see.
 */
export function listedSkusSql(caller: Omit<CatalogCaller, 'catalogId'>, skus: string[]): SQL {
  return sql`
    SELECT DISTINCT cp.sku
    FROM unnest(${sql.param(skus)}::text[]) AS t(sku)
    JOIN catalog_products cp ON cp.sku = t.sku
    JOIN organization_catalogs oc ON oc.catalog_id = cp.catalog_id AND oc.organization_id = ${caller.organizationId}
    WHERE ${caller.useOrganizationCatalogs}::boolean
       OR EXISTS (SELECT 1 FROM user_catalogs uc WHERE uc.user_id = ${caller.userId} AND uc.catalog_id = cp.catalog_id)`;
}

/** `text` as a LIKE pattern that matches it literally. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Products of any catalog the caller may see (listedSkusSql's rule) whose SKU or name holds
 * `text`: the exact SKU first, then SKUs that start with it, then the others, in SKU order. The
 * trigram indexes of 0001_search.sql serve the matching.
 */
export function callerCatalogProductsMatchingSql(caller: Omit<CatalogCaller, 'catalogId'>, text: string, limit: number): SQL {
  const literal = likeLiteral(text);
  const anywhere = `%${literal}%`;
  return sql`
    SELECT p.sku, p.label
    FROM products p
    WHERE (p.sku ILIKE ${anywhere} OR p.label ILIKE ${anywhere})
      AND EXISTS (
        SELECT 1 FROM catalog_products cp
        JOIN organization_catalogs oc ON oc.catalog_id = cp.catalog_id AND oc.organization_id = ${caller.organizationId}
        WHERE cp.sku = p.sku
          AND (${caller.useOrganizationCatalogs}::boolean
               OR EXISTS (SELECT 1 FROM user_catalogs uc WHERE uc.user_id = ${caller.userId} AND uc.catalog_id = cp.catalog_id)))
    ORDER BY lower(p.sku) = lower(${text}) DESC, p.sku ILIKE ${`${literal}%`} DESC, p.sku
    LIMIT ${limit}`;
}

/** SKUs and, for each, the row revision whose texts the caller holds (null: none), numbered in order. */
function skusWithRevisions(skus: string[], heldRevisions: (string | null)[]): SQL {
  if (heldRevisions.length !== skus.length) throw new Error('one held revision (or null) per SKU');
  // One SKU (the product detail) as one row of plain parameters: PostgreSQL then sees a statement
  // reading one product, and its generic plan, made once, costs what a plan for the values would.
  // For an array it guesses many rows and plans each call again (1.4 ms of planning per call).
  if (skus.length === 1) return sql`(VALUES (${skus[0]}::text, ${heldRevisions[0]}::text, 1::bigint)) AS t(sku, rev, ord)`;
  return sql`unnest(${sql.param(skus)}::text[], ${sql.param(heldRevisions)}::text[]) WITH ORDINALITY AS t(sku, rev, ord)`;
}

/**
 * Products of a SKU list that the catalog (already checked as the caller's) lists, priced, in the
 * list's order; SKUs it does not list have no row. The product detail, the cart refresh and every
 * page of a search or browse. Array parameters, so the statement text is the same for any number
 * of SKUs (prepared once).
 */
export function pageBySkusSql(ctx: PricingContext, shipToState: string, skus: string[], heldRevisions: (string | null)[]): SQL {
  const selection = sql`
    SELECT t.sku, t.ord, t.rev FROM ${skusWithRevisions(skus, heldRevisions)}
    WHERE EXISTS (SELECT 1 FROM catalog_products cp WHERE cp.catalog_id = ${ctx.catalogId} AND cp.sku = t.sku)`;
  return pricedProducts(ctx, knownCatalog(ctx), shipToState, selection);
}

/** visiblePageBySkusSql's rows: the visible catalog's row, and a product's priced row beside it (all null for none). */
export type VisiblePricedRow = VisibleCatalogRow & { [K in keyof ProductTextRow]: ProductTextRow[K] | null };

/**
 * pageBySkusSql and visibleCatalogSql in one statement (one round trip where there were two): each
 * row is the catalog's row (visibleCatalogSql's columns) with one priced product (pageBySkusSql's),
 * in the list's order; one row of the catalog with null product columns when the catalog lists none
 * of the SKUs, and no row when the caller may not see the catalog. The organization's price list is
 * the one read with the catalog, in the same snapshot as the prices and the data revision.
 *
 * `listedAtVersion`: the SKUs come from a catalog's search index, and the caller keeps the answer
 * only when the catalog and search version read here (`id`, `version`) are the index's (service.ts
 * searchOnHeldIndex). A catalog stops listing a SKU in the same transaction that moves that version
 * (drizzle/0006), so the check that the catalog lists each SKU is left out: 20 index lookups, ~13%
 * of the statement.
 */
export function visiblePageBySkusSql(
  caller: CatalogCaller,
  restrictedPricing: boolean,
  shipToState: string,
  skus: string[],
  heldRevisions: (string | null)[],
  listedAtVersion = false,
): SQL {
  const listed = listedAtVersion
    ? sql``
    : sql`WHERE EXISTS (SELECT 1 FROM catalog_products cp, cat WHERE cp.catalog_id = cat.id AND cp.sku = t.sku)`;
  const selection = sql`
    SELECT t.sku, t.ord, t.rev FROM ${skusWithRevisions(skus, heldRevisions)}
    ${listed}`;
  return sql`
    WITH ${pricedSources(visibleCatalogSql(caller), shipToState, selection)}
    SELECT cat.*, priced.sku, priced.rev, priced.head, priced.body, priced.tail
    FROM cat LEFT JOIN (${pricedSelect({ organizationPriceListId: 'visible-row', restrictedPricing })}) priced ON true
    ORDER BY priced.ord`;
}

/** visibleTextsBySkusSql's rows: the visible catalog's row, and a product's row-only texts beside it (all null for none). */
export type VisibleTextRow = VisibleCatalogRow & { sku: string | null; rev: string | null; head: string | null; tail: string | null };

/**
 * visibleCatalogSql and the row-only texts of these SKUs' products, in one statement, for products
 * priced by the in-process index (decision 026): rows as visiblePageBySkusSql's without the pricing
 * (the body column), so PostgreSQL reads no prices, stock or receipts. Nor does it check that the
 * catalog lists each SKU: the caller asks the index held at the search version read here, whose
 * listing is the catalog's at that version (service.ts pricedInProcess; a listing change moves the
 * version in its transaction, drizzle/0006). That lookup per SKU was a third of a 50-SKU cart's
 * statement (~0.35 of ~1 ms of PostgreSQL).
 */
export function visibleTextsBySkusSql(caller: CatalogCaller, skus: string[], heldRevisions: (string | null)[]): SQL {
  return textsBySkusSql(visibleCatalogSql(caller), skus, heldRevisions);
}

/** visibleTextsBySkusSql for a catalog already checked (`ctx`): the page of a search priced by the index. */
export function catalogTextsBySkusSql(ctx: PricingContext, skus: string[], heldRevisions: (string | null)[]): SQL {
  return textsBySkusSql(knownCatalog(ctx), skus, heldRevisions);
}

/** The catalog row `catalog` (no row: none of it) with the row-only texts of the SKUs' products beside it, in the SKUs' order. */
function textsBySkusSql(catalog: SQL, skus: string[], heldRevisions: (string | null)[]): SQL {
  return sql`
    WITH cat AS MATERIALIZED (${catalog}),
    s AS (SELECT t.sku, t.ord, t.rev FROM ${skusWithRevisions(skus, heldRevisions)})
    SELECT cat.*, texts.sku, texts.rev, texts.head, texts.tail
    FROM cat LEFT JOIN (SELECT s.ord, ${staticFragments()} FROM s JOIN product_texts x ON x.sku = s.sku) texts ON true
    ORDER BY texts.ord`;
}

/**
 * A search's matching and narrowing (interface contract 'Catalog search and filters'). `keywords`
 * match; `brands`, `categories` and `inRegionOnly` narrow the matches and are the facet groups, each
 * group's counts taken with the other groups' filters applied. `corrections`: catalog words for typed
 * words no catalog word starts with (vocabulary.ts), each searched beside the typed word.
 */
export type SearchFilter = {
  keywords: string;
  brands: string[];
  categories: string[];
  inRegionOnly: boolean;
  corrections?: ReadonlyMap<string, string[]>;
  /** The keywords' other phrasings through the catalog's synonym sets (synonyms.ts). */
  alternatives?: readonly string[];
};

/** The order of a result page; relevance without keywords orders as featured. */
export type SearchSort = CatalogSort;

/** Whether a search has anything to match or filter on; without, it browses the catalog. */
export function isBrowsing(filter: SearchFilter): boolean {
  return keywordPlan(filter.keywords) === null && filter.brands.length === 0 && filter.categories.length === 0 && !filter.inRegionOnly;
}

/**
 * The catalog's warehouses serving the destination state, as one text[] row (`region.codes`): a
 * product is in stock in the region when its stocked_warehouses overlap them (drizzle/0015).
 */
function regionSources(ctx: PricingContext, shipToState: string | null): SQL {
  return sql`cat AS MATERIALIZED (${knownCatalog(ctx)}),
    region AS MATERIALIZED (
      SELECT coalesce(array_agg(w.code), '{}'::text[]) AS codes FROM (${catalogWarehouses(shipToState)}) w WHERE w.serves_state)`;
}

/**
 * How keywords match: the stored full-text document (prefix words, typos corrected through the
 * catalog's vocabulary), a SKU containing the text (trigram index on sku), or a SKU starting with
 * the text typed in any case, with or without its dashes and spaces (the compact key's btree range).
 */
function keywordConditions(ctx: PricingContext, plan: KeywordPlan | null): SQL {
  const parts: SQL[] = [sql`s.catalog_id = ${ctx.catalogId}`];
  if (plan) {
    const matches: SQL[] = [sql`s.sku_key LIKE ${plan.containsPattern}`];
    if (plan.tsQuery) matches.push(sql`s.document @@ to_tsquery('english', ${plan.tsQuery})`);
    if (plan.skuCompact) matches.push(skuCompactPrefix(plan));
    parts.push(sql`(${sql.join(matches, sql` OR `)})`);
  }
  return sql.join(parts, sql` AND `);
}

/**
 * One facet group's filter as a condition on a row `s` holding `brand`, `category` and
 * `stocked_warehouses` (catalog_search, or catalog_facet_counts): true when the group filters nothing.
 */
function brandFilter(filter: SearchFilter, lowerBrand: SQL = sql`lower(s.brand)`): SQL {
  return filter.brands.length ? sql`${lowerBrand} = ANY(${sql.param(filter.brands.map((b) => b.toLowerCase()))}::text[])` : sql`true`;
}
function categoryFilter(filter: SearchFilter): SQL {
  return filter.categories.length ? sql`s.category = ANY(${sql.param(filter.categories)}::text[])` : sql`true`;
}
function availabilityFilter(filter: SearchFilter): SQL {
  return filter.inRegionOnly ? sql`s.stocked_warehouses && region.codes` : sql`true`;
}

/** sku_compact starting with the typed key: a range the (catalog_id, sku_compact text_pattern_ops) index answers. */
function skuCompactPrefix(plan: KeywordPlan): SQL {
  return sql`(s.sku_compact ~>=~ ${plan.skuCompact} AND s.sku_compact ~<~ ${plan.skuCompactEnd})`;
}

/**
 * Relevance as sort keys (all descending), then the SKU so pages never overlap: the exact SKU
 * (compared compact: any case, dashes and spaces left out), SKUs starting with the text, labels
 * holding every word, then the text rank of the stored, weighted document.
 */
function relevanceOrder(plan: KeywordPlan): SQL {
  const labelHasAll = plan.labelPatterns.length
    ? sql.join(
        plan.labelPatterns.map((pattern) => sql`s.label_key LIKE ${pattern}`),
        sql` AND `,
      )
    : sql`false`;
  const closeness = plan.tsQuery ? sql`ts_rank(s.document, to_tsquery('english', ${plan.tsQuery}))` : sql`0::real`;
  const exactSku = plan.skuCompact ? sql`s.sku_compact = ${plan.skuCompact}` : sql`s.sku_key = ${plan.lower}`;
  const skuPrefix = plan.skuCompact ? skuCompactPrefix(plan) : sql`s.sku_key LIKE ${plan.prefixPattern}`;
  return sql`(${exactSku}) DESC, (${skuPrefix}) DESC, (${labelHasAll}) DESC, ${closeness} DESC, s.sku`;
}

/** The caller's price of catalog_search row `s` in cents, with the joins it reads (as pricedProducts prices). */
function priceOfRow(terms: PricingTerms): { joins: SQL; cents: SQL } {
  const product = sql`JOIN products p ON p.sku = s.sku`;
  if (terms.restrictedPricing) return { joins: product, cents: sql`p.msrp_cents` };
  const catalogPrices = sql`LEFT JOIN price_list_items cpl ON cpl.price_list_id = cat.price_list_id AND cpl.sku = s.sku`;
  if (terms.organizationPriceListId === null)
    return { joins: sql`${product} ${catalogPrices}`, cents: sql`coalesce(cpl.price_cents, p.msrp_cents)` };
  return {
    joins: sql`${product} ${catalogPrices} LEFT JOIN price_list_items opl ON opl.price_list_id = ${terms.organizationPriceListId} AND opl.sku = s.sku`,
    cents: sql`coalesce(opl.price_cents, cpl.price_cents, p.msrp_cents)`,
  };
}

/** ORDER BY of a sort, with the joins a price order needs. */
function sortOrder(sort: SearchSort, plan: KeywordPlan | null, terms: PricingTerms): { joins: SQL; orderBy: SQL } {
  switch (sort) {
    case 'relevance':
      return { joins: sql``, orderBy: plan ? relevanceOrder(plan) : sql`s.popularity DESC, s.sku` };
    case 'featured':
      return { joins: sql``, orderBy: sql`s.popularity DESC, s.sku` };
    case 'name':
      return { joins: sql``, orderBy: sql`s.label_key, s.sku` };
    case 'sku':
      return { joins: sql``, orderBy: sql`s.sku` };
    case 'price-asc':
    case 'price-desc': {
      const price = priceOfRow(terms);
      const direction = sort === 'price-asc' ? sql`ASC` : sql`DESC`;
      return { joins: price.joins, orderBy: sql`${price.cents} ${direction}, s.sku ${direction}` };
    }
  }
}

/**
 * A page of the catalog without keywords in price order, from catalog_prices' indexes (drizzle/0021)
 * instead of pricing every product: a restricted user's prices are the MSRPs, anyone else's the
 * catalog prices, except where the organization's own list names the SKU. Those come first from the
 * list (in price order, from its index), the rest from catalog_prices skipping them, each side read
 * only as far as the page needs, and merged. Brand, category and availability filters are checked
 * on each SKU's catalog_search row as the index is walked. Ties go by SKU in the price's direction.
 */
function browseByPriceSql(
  ctx: PricingContext,
  shipToState: string | null,
  filter: SearchFilter,
  sort: 'price-asc' | 'price-desc',
  page: { limit: number; offset: number },
): SQL {
  const direction = sort === 'price-asc' ? sql`ASC` : sql`DESC`;
  const needed = page.offset + page.limit;
  const byBrandOrCategory = filter.brands.length > 0 || filter.categories.length > 0;
  const narrowed = byBrandOrCategory || filter.inRegionOnly;
  // With a brand or category, `+ 0` keeps the planner off the price index: prices and brands go
  // together (one brand's lifts all cost more), so walking prices until a page of one brand turns
  // up read 60,000 rows on the M set, where sorting the brand's own rows reads only those.
  const priceKey = (column: SQL) => (byBrandOrCategory ? sql`(${column} + 0)` : column);
  const column = priceKey(ctx.restrictedPricing ? sql`cp.msrp_cents` : sql`cp.price_cents`);
  const organizationList = ctx.restrictedPricing ? null : ctx.organizationPriceListId;
  const filters = sql`${brandFilter(filter, sql`s.brand_key`)} AND ${categoryFilter(filter)} AND ${availabilityFilter(filter)}`;
  // A brand or category is read through its index (the planner knows how many products it has) and
  // its rows sorted. Availability alone passes most products, but the planner cannot tell how many
  // (region.codes is only known at run time) and, guessing few, sorted every product: as a scalar
  // subquery per SKU, which it cannot pull up into a join, the walk stays on the price index and
  // stops at the page.
  const passes = (sku: SQL) =>
    sql`(SELECT ${filters} FROM catalog_search s CROSS JOIN region WHERE s.catalog_id = ${ctx.catalogId} AND s.sku = ${sku})`;
  /** catalog_prices rows `cp` of the catalog that pass the filters. */
  const listed = byBrandOrCategory
    ? sql`catalog_prices cp JOIN catalog_search s ON s.catalog_id = cp.catalog_id AND s.sku = cp.sku CROSS JOIN region
        WHERE cp.catalog_id = ${ctx.catalogId} AND ${filters}`
    : narrowed
      ? sql`catalog_prices cp WHERE cp.catalog_id = ${ctx.catalogId} AND ${passes(sql`cp.sku`)}`
      : sql`catalog_prices cp WHERE cp.catalog_id = ${ctx.catalogId}`;
  if (organizationList === null) {
    return sql`
      WITH ${regionSources(ctx, shipToState)}
      SELECT cp.sku FROM ${listed}
      ORDER BY ${column} ${direction}, cp.sku ${direction}
      LIMIT ${page.limit} OFFSET ${page.offset}`;
  }
  const inCatalog = byBrandOrCategory
    ? sql`EXISTS (SELECT 1 FROM catalog_search s CROSS JOIN region WHERE s.catalog_id = ${ctx.catalogId} AND s.sku = o.sku AND ${filters})`
    : narrowed
      ? passes(sql`o.sku`)
      : sql`EXISTS (SELECT 1 FROM catalog_prices cp WHERE cp.catalog_id = ${ctx.catalogId} AND cp.sku = o.sku)`;
  return sql`
    WITH ${regionSources(ctx, shipToState)}
    SELECT u.sku FROM (
      (SELECT o.sku, o.price_cents FROM price_list_items o
        WHERE o.price_list_id = ${organizationList} AND ${inCatalog}
        ORDER BY ${priceKey(sql`o.price_cents`)} ${direction}, o.sku ${direction} LIMIT ${needed})
      UNION ALL
      (SELECT cp.sku, cp.price_cents FROM ${listed}
          AND NOT EXISTS (SELECT 1 FROM price_list_items o WHERE o.price_list_id = ${organizationList} AND o.sku = cp.sku)
        ORDER BY ${priceKey(sql`cp.price_cents`)} ${direction}, cp.sku ${direction} LIMIT ${needed})
    ) u
    ORDER BY u.price_cents ${direction}, u.sku ${direction}
    LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/**
 * The SKUs of one page of a search or browse in the sort's order, `limit` of them after `offset`.
 * Reads catalog_search (and, for a price order, the price rows); featured, name and SKU pages of the
 * whole catalog come from an index in order. The total and facet counts are searchFacetsSql's.
 */
export function searchPageSql(
  ctx: PricingContext,
  shipToState: string | null,
  filter: SearchFilter,
  sort: SearchSort,
  page: { limit: number; offset: number },
): SQL {
  const plan = keywordPlan(filter.keywords, filter.corrections, filter.alternatives);
  if ((sort === 'price-asc' || sort === 'price-desc') && plan === null) return browseByPriceSql(ctx, shipToState, filter, sort, page);
  const order = sortOrder(sort, plan, ctx);
  return sql`
    WITH ${regionSources(ctx, shipToState)}
    SELECT s.sku FROM catalog_search s CROSS JOIN region CROSS JOIN cat ${order.joins}
    WHERE ${keywordConditions(ctx, plan)} AND ${brandFilter(filter, sql`s.brand_key`)} AND ${categoryFilter(filter)} AND ${availabilityFilter(filter)}
    ORDER BY ${order.orderBy}
    LIMIT ${page.limit} OFFSET ${page.offset}`;
}

/** Word matches a suggestion call looks at: the first this many found, not every match of a broad prefix. */
export const SUGGESTION_SAMPLE = 2000;

/**
 * The SKUs under the keyword box (interface contract 'Suggestions as you type'), at most `limit`:
 * the SKU typed exactly, then SKUs starting with the typed key (the compact key's index, in order),
 * then products matching the words, the most ordered first. A suggestion is asked at every keystroke
 * and two letters can match most of the catalog, so the word side ranks only the first
 * SUGGESTION_SAMPLE matches the index finds (every match, when there are fewer): bounded work per
 * keystroke, where a full relevance ranking of 130,000 matches took 0.4 s on the M set. The search
 * page itself still ranks every match.
 */
export function suggestionSkusSql(ctx: PricingContext, filter: SearchFilter, limit: number): SQL {
  const plan = keywordPlan(filter.keywords, filter.corrections, filter.alternatives);
  const parts: SQL[] = [];
  if (plan?.skuCompact) {
    parts.push(sql`(SELECT s.sku, (s.sku_compact = ${plan.skuCompact}) AS exact_sku, 1 AS part, 0 AS popularity
      FROM catalog_search s WHERE s.catalog_id = ${ctx.catalogId} AND ${skuCompactPrefix(plan)}
      ORDER BY s.sku_compact USING ~<~ LIMIT ${limit})`);
  }
  if (plan?.tsQuery) {
    parts.push(sql`(SELECT w.sku, false, 2, w.popularity FROM (
        SELECT s.sku, s.popularity FROM catalog_search s
        WHERE s.catalog_id = ${ctx.catalogId} AND s.document @@ to_tsquery('english', ${plan.tsQuery})
        LIMIT ${SUGGESTION_SAMPLE}) w
      ORDER BY w.popularity DESC, w.sku LIMIT ${limit})`);
  }
  if (parts.length === 0) return sql`SELECT s.sku FROM catalog_search s WHERE false`;
  return sql`
    SELECT u.sku FROM (${sql.join(parts, sql` UNION ALL `)}) u
    GROUP BY u.sku
    ORDER BY bool_or(u.exact_sku) DESC, min(u.part), max(u.popularity) DESC, u.sku
    LIMIT ${limit}`;
}

/** A facet row: `group` brand, category or availability (values inRegion and any). */
export type FacetRow = { group: 'brand' | 'category' | 'availability'; value: string; count: number };

/**
 * The facet counts of a search: per brand, per category and the availability pair, each group
 * counted over the keyword matches with the other groups' filters applied; the result's total is the
 * availability row the search chose. With keywords, one pass over the matches' narrow rows
 * (materialized once); without, the catalog's per-group product counts (catalog_facet_counts, kept by
 * the triggers of drizzle/0019), so browsing never counts the whole catalog.
 */
export function searchFacetsSql(ctx: PricingContext, shipToState: string | null, filter: SearchFilter): SQL {
  const plan = keywordPlan(filter.keywords, filter.corrections, filter.alternatives);
  const matches = plan
    ? sql`SELECT s.brand, s.category, s.stocked_warehouses, 1 AS products FROM catalog_search s WHERE ${keywordConditions(ctx, plan)}`
    : sql`SELECT s.brand, s.category, s.stocked_warehouses, s.products FROM catalog_facet_counts s WHERE s.catalog_id = ${ctx.catalogId}`;
  const inRegionOk = filter.inRegionOnly ? sql`m.in_region` : sql`true`;
  return sql`
    WITH ${regionSources(ctx, shipToState)},
    m AS MATERIALIZED (
      SELECT s.brand, s.category, s.products, (s.stocked_warehouses && region.codes) AS in_region,
             (${brandFilter(filter)}) AS brand_ok, (${categoryFilter(filter)}) AS category_ok
      FROM (${matches}) s CROSS JOIN region
    )
    SELECT 'brand' AS "group", m.brand AS value, sum(m.products)::int AS count FROM m
      WHERE m.category_ok AND ${inRegionOk} GROUP BY m.brand
    UNION ALL
    SELECT 'category', m.category, sum(m.products)::int FROM m
      WHERE m.brand_ok AND ${inRegionOk} AND m.category <> '' GROUP BY m.category
    UNION ALL
    SELECT 'availability', 'inRegion', coalesce(sum(m.products) FILTER (WHERE m.in_region), 0)::int FROM m WHERE m.brand_ok AND m.category_ok
    UNION ALL
    SELECT 'availability', 'any', coalesce(sum(m.products), 0)::int FROM m WHERE m.brand_ok AND m.category_ok`;
}

/**
 * Every product of the catalog in SKU order, for the CSV export: all of them (for a cursor), or a
 * keyset batch after a SKU. No destination state is known, so all stock counts as outside region.
 */
export function catalogExportSql(ctx: PricingContext, batch?: { after: string; limit: number }): SQL {
  const keyset = batch ? sql`AND cp.sku > ${batch.after} ORDER BY cp.sku LIMIT ${batch.limit}` : sql`ORDER BY cp.sku`;
  const selection = sql`SELECT cp.sku, cp.sku AS ord, NULL::text AS rev FROM catalog_products cp WHERE cp.catalog_id = ${ctx.catalogId} ${keyset}`;
  return pricedProducts(ctx, knownCatalog(ctx), null, selection, { columns: 'export' });
}

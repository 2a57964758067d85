/**
 * A search answered by the catalog's in-process index (decision 023): the keyword plan as
 * repository.ts builds it, its tsquery as PostgreSQL reads it (from the kept readings of its terms,
 * tsquery-readings.ts; a statement that reads no table for terms not kept), then matching, facet
 * counts and the page's order in memory. Undefined where the index does not evaluate the query
 * (tsquery.ts), so the caller runs the SQL path instead.
 */
import type { Database } from '../../db/client.js';
import type { PricingContext } from './catalog-access.js';
import { keywordPlan, type KeywordPlan } from './keywords.js';
import type { FacetRow, SearchFilter, SearchSort } from './repository.js';
import type { CatalogSearchIndex, PriceBasis } from './search-index.js';
import { callerPriceBasis } from './indexed-pricing.js';
import type { TsNode } from './tsquery.js';
import { readTsQuery } from './tsquery-readings.js';
import { Vocabulary } from './vocabulary.js';

/** The plan and its parsed tsquery; null when the index cannot evaluate the query. */
async function planOf(
  db: Database,
  filter: SearchFilter,
): Promise<{ plan: KeywordPlan | null; query: TsNode | 'empty' | undefined } | null> {
  const plan = keywordPlan(filter.keywords, filter.corrections, filter.alternatives);
  if (!plan?.tsQuery) return { plan, query: undefined };
  const query = await readTsQuery(db, plan.tsQuery);
  return query === null ? null : { plan, query };
}

export type IndexedAnswer = { facetRows: FacetRow[]; skus: string[] | undefined };

/**
 * A search's facet rows and page of SKUs from the index; `skus` undefined for an order the index
 * leaves to SQL (a price order by an organization price list it cannot hold now).
 */
export async function indexedSearch(
  db: Database,
  index: CatalogSearchIndex,
  ctx: PricingContext,
  search: { shipToState: string; filter: SearchFilter; sort: SearchSort; window: { limit: number; offset: number } },
): Promise<IndexedAnswer | undefined> {
  const planned = await planOf(db, search.filter);
  if (!planned) return undefined;
  const price = await priceBasisOf(db, index, ctx, search.sort);
  // From here on synchronous: nothing moves the index while it matches and orders.
  const region = index.regionBits(search.shipToState);
  const matches = index.match(planned.plan, planned.query);
  const facetRows = index.facetRows(matches, search.filter, region);
  const skus = index.page(matches, planned.plan, planned.query, { filter: search.filter, region, sort: search.sort, price }, search.window);
  return { facetRows, skus: skus ?? undefined };
}

/** The caller's prices on the index (callerPriceBasis), but null rather than read an organization's own list for an order that reads no prices. */
async function priceBasisOf(db: Database, index: CatalogSearchIndex, ctx: PricingContext, sort: SearchSort): Promise<PriceBasis> {
  if (!ctx.restrictedPricing && ctx.organizationPriceListId !== null && sort !== 'price-asc' && sort !== 'price-desc') return null;
  return callerPriceBasis(db, index, ctx);
}

/** The suggestions' SKUs from the index; undefined when it cannot evaluate the query. */
export async function indexedSuggestions(
  db: Database,
  index: CatalogSearchIndex,
  filter: SearchFilter,
  limit: number,
): Promise<string[] | undefined> {
  const planned = await planOf(db, filter);
  if (!planned) return undefined;
  return index.suggestions(planned.plan, planned.query, limit);
}

const vocabularies = new WeakMap<CatalogSearchIndex, Vocabulary>();

/** The typo vocabulary of the index's lexicon: ts_stat's words and document counts, without a scan. */
export function indexVocabulary(index: CatalogSearchIndex): Vocabulary {
  let vocabulary = vocabularies.get(index);
  if (!vocabulary) vocabularies.set(index, (vocabulary = new Vocabulary(index.vocabularyWords())));
  return vocabulary;
}

/**
 * The catalog bench's requests, each drawn fresh from a sample of the catalog loaded at start
 * (catalog-queries.ts makes the texts). Keywords are claimed in one NeverRepeat for the whole run
 * and never sent twice. A broad single word is the exception the catalog forces: it holds only a
 * few dozen words that match a large part of it, so a broad search is new by its word (or 4+
 * letter prefix), sort, availability and state together, a combination no kept result or facet
 * count answers; the report says how many distinct words that took.
 */
import { sql } from 'drizzle-orm';
import { CATALOG_SORTS, type CatalogSort } from '@portal/domain/rules';
import { openStatementCapture, type BenchTarget } from './bench-support.js';
import {
  dashlessSku,
  freshText,
  labelWords,
  NeverRepeat,
  pick,
  randomInt,
  skuPrefix,
  typedSoFar,
  typoOf,
  WordIndex,
  wordsOfLabel,
  type Random,
} from './catalog-queries.js';

export type RequestSpec = { operation: string; method: 'GET' | 'POST'; path: string; body?: unknown };

export type CatalogSample = {
  skus: string[];
  labels: string[];
  /** Distinct label words (lower case, letters and digits). */
  words: string[];
  /** Letter-only words of 5+ letters: what typos are made from. */
  typoWords: string[];
  /** Words in at least 2% of the sampled labels. */
  broadWords: string[];
};

/** Every SKU of the catalog and up to 20,000 labels, drawn in random order. */
export async function loadCatalogSample(target: BenchTarget, catalog: string, random: Random): Promise<CatalogSample> {
  const capture = await openStatementCapture(target);
  try {
    const rows = (
      await capture.db.execute(
        sql`SELECT p.sku, p.label FROM catalog_products c JOIN products p ON p.sku = c.sku WHERE c.catalog_id = ${catalog} ORDER BY p.sku`,
      )
    ).rows as { sku: string; label: string }[];
    const skus = rows.map((r) => r.sku);
    const labels = rows
      .map((r) => r.label)
      .sort(() => random() - 0.5)
      .slice(0, 20_000);
    const counts = new Map<string, number>();
    for (const label of labels) for (const word of new Set(labelWords(label))) counts.set(word, (counts.get(word) ?? 0) + 1);
    const words = [...counts.keys()];
    return {
      skus,
      labels,
      words,
      typoWords: words.filter((w) => /^\p{L}{5,}$/u.test(w)),
      broadWords: words.filter((w) => /^\p{L}{3,}$/u.test(w) && counts.get(w)! >= labels.length * 0.02),
    };
  } finally {
    await capture.close();
  }
}

const PAGE_SIZE = 20;
const CART_SIZE = 50;

export class CatalogTraffic {
  private readonly keywords = new NeverRepeat();
  private readonly broadSeen = new Set<string>();
  private readonly broadWordsUsed = new Set<string>();
  private readonly known: WordIndex;
  private readonly sent = new Map<string, number>();

  constructor(
    private readonly sample: CatalogSample,
    private readonly random: Random,
    private readonly context: { catalog: string; branchNumber: number; states: string[] },
  ) {
    this.known = new WordIndex(sample.words);
  }

  private count(operation: string) {
    this.sent.set(operation, (this.sent.get(operation) ?? 0) + 1);
  }

  private state() {
    return pick(this.random, this.context.states);
  }

  private search(
    operation: string,
    keywords: string,
    extra: { sort?: CatalogSort; availability?: 'inRegion' | 'any'; page?: number; shipToState?: string } = {},
  ): RequestSpec {
    this.count(operation);
    const { catalog, branchNumber } = this.context;
    return {
      operation,
      method: 'POST',
      path: '/api/catalog/search',
      body: {
        keywords,
        catalog,
        branchNumber,
        shipToState: extra.shipToState ?? this.state(),
        page: extra.page ?? 1,
        pageSize: PAGE_SIZE,
        ...extra,
      },
    };
  }

  wordsSearch(): RequestSpec | undefined {
    const text = freshText(this.keywords, () => wordsOfLabel(pick(this.random, this.sample.labels), this.random));
    return text === undefined ? undefined : this.search('words', text);
  }

  typoSearch(): RequestSpec | undefined {
    const text = freshText(this.keywords, () => typoOf(pick(this.random, this.sample.typoWords), this.known, this.random));
    return text === undefined ? undefined : this.search('typo', text);
  }

  /** Full SKUs and prefixes, with and without dashes, in turn. */
  skuSearch(): RequestSpec | undefined {
    const shape = randomInt(this.random, 0, 3);
    const text = freshText(this.keywords, () => {
      const sku = pick(this.random, this.sample.skus);
      if (shape === 0) return dashlessSku(sku);
      if (shape === 1) return sku;
      return skuPrefix(sku, shape === 2, this.random);
    });
    return text === undefined ? undefined : this.search('sku', text);
  }

  broadSearch(): RequestSpec | undefined {
    for (let i = 0; i < 200; i++) {
      const word = pick(this.random, this.sample.broadWords);
      const typed = word.length > 4 && this.random() < 0.5 ? word.slice(0, randomInt(this.random, 4, word.length - 1)) : word;
      const sort = pick(this.random, CATALOG_SORTS);
      const availability = this.random() < 0.5 ? ('inRegion' as const) : ('any' as const);
      const shipToState = this.state();
      const identity = JSON.stringify([typed, sort, availability, shipToState]);
      if (this.broadSeen.has(identity)) continue;
      this.broadSeen.add(identity);
      this.broadWordsUsed.add(typed);
      return this.search('broad', typed, { sort, availability, shipToState });
    }
    return undefined;
  }

  /** A page of 1 to 50 without keywords, in any sort and availability. */
  browse(): RequestSpec {
    return this.search('browse', '', {
      sort: pick(this.random, CATALOG_SORTS),
      availability: this.random() < 0.3 ? 'inRegion' : 'any',
      page: randomInt(this.random, 1, 50),
    });
  }

  product(): RequestSpec {
    this.count('product');
    const { catalog, branchNumber } = this.context;
    const sku = encodeURIComponent(pick(this.random, this.sample.skus));
    return {
      operation: 'product',
      method: 'GET',
      path: `/api/catalog/product/${sku}?shipToState=${this.state()}&branchNumber=${branchNumber}&catalog=${catalog}`,
    };
  }

  suggest(): RequestSpec | undefined {
    const text = freshText(this.keywords, () => typedSoFar(pick(this.random, this.sample.labels), this.random));
    if (text === undefined) return undefined;
    this.count('suggest');
    const { catalog, branchNumber } = this.context;
    const query = new URLSearchParams({ q: text, catalog, branchNumber: String(branchNumber), shipToState: this.state() });
    return { operation: 'suggest', method: 'GET', path: `/api/catalog/suggest?${query}` };
  }

  /** The cart refresh: 50 SKUs of the catalog. */
  cartRefresh(): RequestSpec {
    this.count('cart refresh');
    const { catalog, branchNumber } = this.context;
    const skuList = Array.from({ length: CART_SIZE }, () => pick(this.random, this.sample.skus));
    return {
      operation: 'cart refresh',
      method: 'POST',
      path: '/api/catalog/products',
      body: { skuList, catalog, branchNumber, shipToState: this.state() },
    };
  }

  /** The 50-client mix: product detail, a new search (words, typo or SKU), cart refresh, in turn at random. */
  mixed(): RequestSpec | undefined {
    const kind = randomInt(this.random, 0, 2);
    if (kind === 0) return this.product();
    if (kind === 2) return this.cartRefresh();
    const search = [() => this.wordsSearch(), () => this.typoSearch(), () => this.skuSearch()][randomInt(this.random, 0, 2)]!();
    return search && { ...search, operation: 'search' };
  }

  describe(): string {
    const sent = [...this.sent.entries()].map(([op, n]) => `${op} ${n.toLocaleString('en-US')}`).join(', ');
    return (
      `requests drawn (warm-up included): ${sent}; ${this.keywords.size.toLocaleString('en-US')} distinct keywords, none sent twice; ` +
      `broad searches: ${this.broadSeen.size.toLocaleString('en-US')} combinations of word, sort, availability and state, each once, over ${this.broadWordsUsed.size} distinct words or prefixes`
    );
  }
}

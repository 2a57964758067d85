/**
 * Issue 32: a search's tsquery read from its terms' kept readings (tsquery-readings.ts) is the tree
 * PostgreSQL makes of the whole query, for plans of every shape a dealer's typing makes: several
 * words, stop words, dashed and dotted words, digits, capitals, accents, typo corrections and
 * synonym phrasings. And the words of a catalog's labels are read when its index is built.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { recordStatements } from '../../test-support/record-statements.js';
import { keywordPlan } from './keywords.js';
import { buildSearchIndexNow } from './search-index-store.js';
import { tsQueriesAsParsed } from './search-repository.js';
import { parseTsQuery } from './tsquery.js';
import { flattened, MAX_RECENT_READINGS, readTsQuery } from './tsquery-readings.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** PostgreSQL's reading of the whole query, flattened as readTsQuery writes it. */
async function wholeReading(tsQuery: string) {
  const [text] = await tsQueriesAsParsed(t.db, [tsQuery]);
  const tree = parseTsQuery(text!);
  return tree === null || tree === 'empty' ? tree : flattened(tree);
}

/** A small seeded random source, so a failure repeats. */
function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const SHAPES = [
  'the',
  'and',
  'for',
  'with',
  'a',
  'of',
  'to',
  'is',
  'it',
  'apx2p-10000',
  'two-post',
  'heavy-duty',
  '-10000',
  'x-',
  'the-lift',
  'lift-the',
  'a-b-c',
  '1.5',
  'v2.0',
  'e.g',
  'www.example.com',
  '10.000-lb',
  'LIFT',
  'Post',
  'ScIsSoR',
  'café',
  'über',
  'niño',
  '10000',
  '4500lb',
  'hyd',
  'li',
  'lifts',
  'lifting',
  'running',
  'ran',
  'quickly',
  "o'brien",
  'c++',
  '50%',
  '"quoted"',
  '(paren)',
  'back\\slash',
];

describe('readTsQuery', () => {
  it('reads every plan as PostgreSQL reads the whole query', { timeout: 120_000 }, async () => {
    const index = (await buildSearchIndexNow(t.db, 'lifts'))!;
    const pool = [...SHAPES, ...index.labelWordList().slice(0, 200)];
    const random = randomSource(32);
    const pick = () => pool[Math.floor(random() * pool.length)]!;
    const phrase = () => Array.from({ length: 1 + Math.floor(random() * 4) }, pick).join(' ');
    let compared = 0;
    for (let i = 0; i < 400; i++) {
      const text = phrase();
      const corrections = new Map<string, string[]>();
      for (const word of text.toLowerCase().split(' ')) if (random() < 0.2) corrections.set(word, [pick(), pick()]);
      const alternatives = random() < 0.2 ? [phrase()] : [];
      const plan = keywordPlan(text, corrections, alternatives);
      if (!plan?.tsQuery) continue;
      expect(await readTsQuery(t.db, plan.tsQuery), plan.tsQuery).toEqual(await wholeReading(plan.tsQuery));
      compared++;
    }
    expect(compared).toBeGreaterThan(350);
  });

  it('reads a query of the catalog words without a statement, and another word once', async () => {
    await buildSearchIndexNow(t.db, 'lifts');
    const plan = keywordPlan('post lif')!;
    const statements = recordStatements(t.db);
    const read = await readTsQuery(t.db, plan.tsQuery!);
    expect(statements).toHaveLength(0);
    vi.restoreAllMocks();
    expect(read).toEqual(await wholeReading(plan.tsQuery!));

    const unknown = keywordPlan('post zyxwvut')!;
    const first = recordStatements(t.db);
    await readTsQuery(t.db, unknown.tsQuery!);
    expect(first).toHaveLength(1);
    vi.restoreAllMocks();
    const expected = await wholeReading(unknown.tsQuery!);
    const second = recordStatements(t.db);
    expect(await readTsQuery(t.db, unknown.tsQuery!)).toEqual(expected);
    expect(second).toHaveLength(0);
    vi.restoreAllMocks();
  });

  it('keeps the catalog words through many other terms, and lets the least recent others go', async () => {
    await buildSearchIndexNow(t.db, 'lifts');
    await readTsQuery(t.db, keywordPlan('qzxwvu')!.tsQuery!);
    // More other terms than are kept, each new: 'zqa0', 'zqa1', ... as one query read in one statement.
    const others = Array.from({ length: MAX_RECENT_READINGS + 1 }, (_, i) => `'zqa${i.toString(36)}':*`).join(' | ');
    await readTsQuery(t.db, others);

    const catalogWords = recordStatements(t.db);
    await readTsQuery(t.db, keywordPlan('post lif')!.tsQuery!);
    expect(catalogWords).toHaveLength(0);
    vi.restoreAllMocks();
    const letGo = recordStatements(t.db);
    await readTsQuery(t.db, keywordPlan('qzxwvu')!.tsQuery!);
    expect(letGo).toHaveLength(1);
    vi.restoreAllMocks();
  });

  it('reads a query with only stop words as empty', async () => {
    expect(await readTsQuery(t.db, keywordPlan('the and for')!.tsQuery!)).toBe('empty');
  });
});

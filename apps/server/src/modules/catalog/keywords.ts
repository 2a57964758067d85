/**
 * Turns the keyword box's text into the pieces of a catalog search (issue 3, "search that ranks
 * well"; issue 32): a prefix full-text query for words (with their typo corrections), LIKE patterns
 * for partial SKUs and a compact key for SKUs typed without dashes. Pure, so it is unit tested
 * without a database.
 */
export type KeywordPlan = {
  /** The trimmed text (the ranked results cache's key). */
  text: string;
  /** Lower-cased text, for the exact-SKU test. */
  lower: string;
  /** `%text%` with LIKE wildcards escaped: partial SKUs (trigram index on sku). */
  containsPattern: string;
  /** `text%`: SKUs starting with the text rank right after the exact SKU. */
  prefixPattern: string;
  /**
   * `'word':* & 'other':*` for to_tsquery, or null when no word survives cleaning; with synonym
   * phrasings (synonyms.ts), each phrasing's query ORed: `('two':* & 'post':*) | ('2':* & 'post':*)`.
   */
  tsQuery: string | null;
  /** `%word%` per word: a label holding every word ranks above matches in descriptions only. */
  labelPatterns: string[];
  /**
   * The text as a compact SKU key (issue 32): lower case, letters and digits only, so 'irp4p14000',
   * 'IRP4P 14000' and 'irp4p-14000' all name IRP4P-14000. Matched exactly and as a prefix against
   * catalog_search.sku_compact (a btree range, never a scan); null when shorter than
   * MIN_SKU_PREFIX, where a prefix would match a large part of the catalog.
   */
  skuCompact: string | null;
  /** The first key after every key starting with `skuCompact` (the range's exclusive end). */
  skuCompactEnd: string | null;
};

const MIN_SKU_PREFIX = 2;

/** A SKU or typed text as catalog_search.sku_compact holds it (the SQL of drizzle/0014 does the same). */
export function compactSku(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
}

const MAX_WORDS = 8;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A word as the full-text search sees it: letters, digits and inner dashes and dots only. */
function cleanWord(word: string): string {
  return word.replace(/[^\p{L}\p{N}\-.]/gu, '').replace(/^[-.]+|[-.]+$/g, '');
}

/**
 * A word as a quoted tsquery lexeme with prefix match, or the word or any of its corrections;
 * quotes and backslashes cannot break out (corrections are cleaned the same way).
 */
function lexeme(word: string, corrections: ReadonlyMap<string, string[]> | undefined): string | null {
  const cleaned = cleanWord(word);
  if (!cleaned) return null;
  const alternatives = (corrections?.get(cleaned.toLowerCase()) ?? []).map(cleanWord).filter(Boolean);
  const terms = [cleaned, ...alternatives].map(prefixTerm);
  return terms.length === 1 ? terms[0]! : `(${terms.join(' | ')})`;
}

/** A cleaned word as a tsquery term with prefix match (cleaned words hold no quote or backslash). */
const prefixTerm = (cleaned: string) => `'${cleaned}':*`;

/** The tsquery term a plan writes for a typed word (its prefix match), or null when nothing of it is searched. */
export function typedTerm(word: string): string | null {
  const cleaned = cleanWord(word);
  return cleaned ? prefixTerm(cleaned) : null;
}

/** The words of the keyword box that full-text search uses, lower-cased: the ones typos are corrected for. */
export function searchWords(keywords: string | null | undefined): string[] {
  const text = (keywords ?? '').trim().replace(/\s+/g, ' ');
  if (!text) return [];
  return text
    .split(' ')
    .slice(0, MAX_WORDS)
    .map((word) => cleanWord(word).toLowerCase())
    .filter(Boolean);
}

/** One phrasing's words as a tsquery, all of them required; null when no word survives cleaning. */
function phraseQuery(phrase: string, corrections: ReadonlyMap<string, string[]> | undefined): string | null {
  const words = phrase.trim().split(/\s+/).slice(0, MAX_WORDS);
  const lexemes = words.map((word) => lexeme(word, corrections)).filter((l): l is string => l !== null);
  return lexemes.length > 0 ? lexemes.join(' & ') : null;
}

/**
 * The search plan of the keyword text. `corrections`: catalog words per typed word (vocabulary.ts);
 * `alternatives`: the text's other phrasings through the catalog's synonym sets, matched as words
 * like the text (SKU matching and the ranking's label test use the typed text only).
 */
export function keywordPlan(
  keywords: string | null | undefined,
  corrections?: ReadonlyMap<string, string[]>,
  alternatives: readonly string[] = [],
): KeywordPlan | null {
  const text = (keywords ?? '').trim().replace(/\s+/g, ' ');
  if (!text) return null;
  const lower = text.toLowerCase();
  const words = text.split(' ').slice(0, MAX_WORDS);
  const queries = [text, ...alternatives].map((phrase) => phraseQuery(phrase, corrections)).filter((q): q is string => q !== null);
  const skuCompact = compactSku(text);
  const hasSkuKey = skuCompact.length >= MIN_SKU_PREFIX;
  return {
    text,
    lower,
    skuCompact: hasSkuKey ? skuCompact : null,
    // '~' sorts after every letter and digit (text_pattern_ops compares bytes).
    skuCompactEnd: hasSkuKey ? `${skuCompact}~` : null,
    containsPattern: `%${escapeLike(lower)}%`,
    prefixPattern: `${escapeLike(lower)}%`,
    tsQuery: queries.length === 0 ? null : queries.length === 1 ? queries[0]! : queries.map((q) => `(${q})`).join(' | '),
    labelPatterns: words.map((word) => `%${escapeLike(word.toLowerCase())}%`),
  };
}

/** The zod-free rules of synonyms.ts (its API schemas stay there); exported through src/rules.ts. */

export const SYNONYM_SET_MIN_TERMS = 2;
export const SYNONYM_SET_MAX_TERMS = 20;
export const SYNONYM_TERM_MAX_LENGTH = 100;
export const SYNONYM_MAX_SETS = 1000;

/** A term as it is stored and matched: trimmed, inner spaces collapsed to one, lower case. */
export function normalizeSynonymTerm(term: string): string {
  return term.trim().replace(/\s+/g, ' ').toLowerCase();
}

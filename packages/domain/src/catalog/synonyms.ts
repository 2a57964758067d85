/**
 * Synonym sets per catalog (issue 32, interface-contract "Synonyms"): the manufacturer names terms
 * that mean the same (`[{ "terms": ["two post", "2 post"] }]`) through
 * `PUT /api/integration/catalogs/{id}/synonyms` or `npm run portal -- import synonyms FILE
 * --catalog=ID`, and a search for one also finds the others. One definition of a set for both.
 */
import { z } from 'zod';
import { safeString } from '../validators.js';
import {
  SYNONYM_SET_MIN_TERMS,
  SYNONYM_SET_MAX_TERMS,
  SYNONYM_TERM_MAX_LENGTH,
  SYNONYM_MAX_SETS,
  normalizeSynonymTerm,
} from './synonyms-rules.js';

const synonymTermSchema = safeString({ error: 'A term must be text.' })
  .trim()
  .min(1, { error: 'A term is empty.' })
  .max(SYNONYM_TERM_MAX_LENGTH, { error: `A term is longer than ${SYNONYM_TERM_MAX_LENGTH} characters.` })
  .transform(normalizeSynonymTerm);

/** One set: 2 to 20 terms, stored lower-cased, each once (a term repeated in another case counts once). */
export const synonymSetSchema = z.object({
  terms: z
    .array(synonymTermSchema, { error: 'terms must be a list of terms.' })
    .max(SYNONYM_SET_MAX_TERMS, { error: `A set has at most ${SYNONYM_SET_MAX_TERMS} terms.` })
    .transform((terms, ctx) => {
      const distinct = [...new Set(terms)];
      if (distinct.length < SYNONYM_SET_MIN_TERMS) {
        ctx.addIssue({ code: 'custom', message: `A set needs at least ${SYNONYM_SET_MIN_TERMS} different terms.` });
        return z.NEVER;
      }
      return distinct;
    }),
});
export type SynonymSet = z.output<typeof synonymSetSchema>;

/** The body of the PUT: every set of the catalog (an empty list removes them all). */
export const synonymSetsRequestSchema = z
  .array(synonymSetSchema, { error: 'The body must be a list of sets such as [{ "terms": ["two post", "2 post"] }].' })
  .max(SYNONYM_MAX_SETS, { error: `A catalog has at most ${SYNONYM_MAX_SETS} synonym sets.` });

/** The answer of the PUT and the GET: the catalog's sets as stored. */
export const synonymSetsResponseSchema = z.array(z.object({ terms: z.array(z.string()) }));
export type SynonymSetsResponse = z.infer<typeof synonymSetsResponseSchema>;

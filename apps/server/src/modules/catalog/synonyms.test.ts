/** Query expansion with a catalog's synonym sets (issue 32): pure, no database. */
import { describe, expect, it } from 'vitest';
import { MAX_SYNONYM_PHRASINGS, expandWithSynonyms } from './synonyms.js';

const LIFTS = [['two post', '2 post', '2-post']];

describe('expandWithSynonyms', () => {
  it('answers the text itself first, trimmed with its spaces collapsed, and nothing for a blank text', () => {
    expect(expandWithSynonyms('  Two   Post lift ', [])).toEqual(['Two Post lift']);
    expect(expandWithSynonyms('scissor lift', LIFTS)).toEqual(['scissor lift']);
    expect(expandWithSynonyms('   ', LIFTS)).toEqual([]);
  });

  it('replaces a multi-word term, in any case, by each other term of its set', () => {
    expect(expandWithSynonyms('Two Post lift', LIFTS)).toEqual(['Two Post lift', '2 post lift', '2-post lift']);
    expect(expandWithSynonyms('10000 lb 2-POST', LIFTS)).toEqual(['10000 lb 2-POST', '10000 lb two post', '10000 lb 2 post']);
  });

  it('matches whole words only, keeping the punctuation around the phrase', () => {
    expect(expandWithSynonyms('two posts', LIFTS)).toEqual(['two posts']);
    expect(expandWithSynonyms('networt two poster', LIFTS)).toEqual(['networt two poster']);
    expect(expandWithSynonyms('(two post), heavy', LIFTS)).toEqual(['(two post), heavy', '(2 post), heavy', '(2-post), heavy']);
    expect(expandWithSynonyms('tire', [['tire', 'tyre']])).toEqual(['tire', 'tyre']);
    expect(expandWithSynonyms('tires', [['tire', 'tyre']])).toEqual(['tires']);
  });

  it('replaces one phrase at a time first, left to right, then several at once', () => {
    const sets = [
      ['two post', '2 post'],
      ['lift', 'hoist'],
    ];
    expect(expandWithSynonyms('two post lift', sets)).toEqual(['two post lift', '2 post lift', 'two post hoist', '2 post hoist']);
  });

  it('joins the alternatives of every set that holds the phrase, each once', () => {
    const sets = [
      ['jack', 'lifting jack'],
      ['jack', 'stand', 'lifting jack'],
    ];
    expect(expandWithSynonyms('Jack', sets)).toEqual(['Jack', 'lifting jack', 'stand']);
    expect(expandWithSynonyms('jack JACK', [['jack', 'jack']])).toEqual(['jack JACK']);
  });

  it('offers a phrase and the shorter phrases inside it, but never replaces overlapping phrases together', () => {
    const sets = [
      ['post lift', 'column lift'],
      ['two post', '2 post'],
    ];
    expect(expandWithSynonyms('two post lift', sets)).toEqual(['two post lift', '2 post lift', 'two column lift']);
  });

  it(`answers at most ${MAX_SYNONYM_PHRASINGS} phrasings, the text first`, () => {
    const many = [Array.from({ length: 20 }, (_, i) => `term${i}`)];
    const phrasings = expandWithSynonyms('term0 term1 term2', many);
    expect(phrasings).toHaveLength(MAX_SYNONYM_PHRASINGS);
    expect(phrasings[0]).toBe('term0 term1 term2');
    expect(phrasings.slice(1, 4)).toEqual(['term1 term1 term2', 'term2 term1 term2', 'term3 term1 term2']);
    expect(new Set(phrasings.map((p) => p.toLowerCase())).size).toBe(phrasings.length);
  });

  // 40 words with 3 spellings each would be 3^40 phrasings uncapped: the cap keeps the answer
  // (and the work) bounded. No timing asserted here; speed is the benchmarks' (guide: no timed tests).
  it('caps the phrasings of a long text matching many sets', () => {
    const sets = Array.from({ length: 1000 }, (_, i) => [`w${i}`, `v${i}`, `u${i}`]);
    const text = Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ');
    expect(expandWithSynonyms(text, sets)).toHaveLength(MAX_SYNONYM_PHRASINGS);
  });

  it('ignores terms that are only punctuation', () => {
    expect(expandWithSynonyms('a & b', [['&', 'and']])).toEqual(['a & b']);
    expect(expandWithSynonyms('a and b', [['&', 'and']])).toEqual(['a and b', 'a & b']);
  });
});

import { describe, expect, it } from 'vitest';
import { editDistanceWithin } from '../modules/catalog/vocabulary.js';
import {
  dashlessSku,
  freshText,
  NeverRepeat,
  oneEdit,
  seededRandom,
  skuPrefix,
  TYPO_EDITS,
  typedSoFar,
  typoOf,
  WordIndex,
  wordsOfLabel,
} from './catalog-queries.js';

describe('oneEdit and typoOf', () => {
  it('makes each kind of edit exactly one edit away from the word', () => {
    const random = seededRandom(1);
    for (const edit of TYPO_EDITS) {
      for (let i = 0; i < 200; i++) {
        const typo = oneEdit('compressor', edit, random);
        expect(typo).not.toBe('compressor');
        expect(editDistanceWithin(typo, 'compressor', 1)).toBe(1);
        if (edit === 'insert') expect(typo).toHaveLength(11);
        if (edit === 'delete') expect(typo).toHaveLength(9);
        if (edit !== 'insert' && edit !== 'delete') expect(typo).toHaveLength(10);
      }
    }
  });

  it('gives typos of 5+ letters that no catalog word starts with', () => {
    const random = seededRandom(2);
    const known = new WordIndex(['balancer', 'balance', 'lift', 'scissor', 'scissors']);
    for (let i = 0; i < 200; i++) {
      const typo = typoOf('scissor', known, random)!;
      expect(typo.length).toBeGreaterThanOrEqual(5);
      expect(known.startsAny(typo)).toBe(false);
      expect(editDistanceWithin(typo, 'scissor', 1)).toBe(1);
    }
  });
});

describe('SKU shapes', () => {
  it('types a SKU in lower case without dashes or spaces', () => {
    expect(dashlessSku('IRP4P-14000')).toBe('irp4p14000');
    expect(dashlessSku('AX 0339-B')).toBe('ax0339b');
  });

  it('cuts prefixes of 4+ characters, with the dash reached or without dashes', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 200; i++) {
      const dashed = skuPrefix('RMSAX-003603', true, random)!;
      expect(dashed).toMatch(/^RMSAX-\d{1,5}$/);
      const compact = skuPrefix('RMSAX-003603', false, random)!;
      expect(compact.length).toBeGreaterThanOrEqual(4);
      expect('rmsax003603'.startsWith(compact)).toBe(true);
      expect(compact).not.toBe('rmsax003603');
    }
  });
});

describe('never repeating', () => {
  it('claims a text once, whatever its case and spacing, and assertNew throws on a repeat', () => {
    const seen = new NeverRepeat();
    expect(seen.claim('Two Post')).toBe(true);
    expect(seen.claim(' two  post ')).toBe(false);
    expect(() => seen.assertNew('TWO POST')).toThrow(/twice/);
    expect(seen.size).toBe(1);
  });

  it('freshText gives only new texts and undefined once the source runs dry', () => {
    const seen = new NeverRepeat();
    const random = seededRandom(4);
    const words = ['lift', 'jack', 'pad'];
    const drawn = [1, 2, 3].map(() => freshText(seen, () => words[Math.floor(random() * 3)]));
    expect(new Set(drawn).size).toBe(3);
    expect(freshText(seen, () => words[Math.floor(random() * 3)])).toBeUndefined();
  });

  it('draws label phrases and typed-so-far texts from the label', () => {
    const random = seededRandom(5);
    const label = 'Apex Lifting AP-12S 12,000 lb Full-Rise Scissor Lift';
    for (let i = 0; i < 100; i++) {
      const phrase = wordsOfLabel(label, random)!;
      expect(phrase.split(' ').length).toBeGreaterThanOrEqual(2);
      const typed = typedSoFar(label, random)!;
      expect(typed.length).toBeGreaterThanOrEqual(3);
    }
  });
});

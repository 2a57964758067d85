import { describe, expect, it } from 'vitest';
import { editDistanceWithin, typoBudget, Vocabulary } from './vocabulary.js';

describe('typo budget (issue 32)', () => {
  it('allows none under 5 letters, one from 5, two from 9, none in words with digits', () => {
    expect(['lift', 'jack'].map(typoBudget)).toEqual([0, 0]);
    expect(['lifts', 'scissor', 'portable'].map(typoBudget)).toEqual([1, 1, 1]);
    expect(['alignment', 'compressor'].map(typoBudget)).toEqual([2, 2]);
    expect(['apx2p10000', 'lift2post'].map(typoBudget)).toEqual([0, 0]);
  });
});

describe('editDistanceWithin', () => {
  it('counts inserts, deletes, replacements and swaps of neighbours as one edit each', () => {
    expect(editDistanceWithin('scissor', 'scissor', 2)).toBe(0);
    expect(editDistanceWithin('scisor', 'scissor', 2)).toBe(1);
    expect(editDistanceWithin('scisssor', 'scissor', 2)).toBe(1);
    expect(editDistanceWithin('scossor', 'scissor', 2)).toBe(1);
    expect(editDistanceWithin('sicssor', 'scissor', 2)).toBe(1);
    expect(editDistanceWithin('alignmnet', 'alignment', 2)).toBe(1);
    expect(editDistanceWithin('alinment', 'alignmnet', 2)).toBe(2);
  });

  it('stops at the bound', () => {
    expect(editDistanceWithin('lift', 'compressor', 2)).toBe(3);
    expect(editDistanceWithin('abcdef', 'ghijkl', 1)).toBe(2);
  });
});

describe('Vocabulary', () => {
  const vocabulary = new Vocabulary(
    [
      ['scissor', 40],
      ['lift', 900],
      ['portabl', 30],
      ['alignment', 12],
      ['balanc', 20],
      ['scissors', 2],
    ].map(([word, documents]) => ({ word: word as string, documents: documents as number })),
  );

  it('needs no correction for a word some catalog word starts with (search as you type)', () => {
    expect(vocabulary.hasPrefix('sciss')).toBe(true);
    expect(vocabulary.corrections('sciss')).toEqual([]);
    expect(vocabulary.corrections('scissor')).toEqual([]);
    expect(vocabulary.hasPrefix('zzz')).toBe(false);
  });

  it('corrects within the budget, closest first, then the most frequent', () => {
    expect(vocabulary.corrections('Scisor')).toEqual(['scissor']);
    expect(vocabulary.corrections('alinment')).toEqual(['alignment']);
    expect(vocabulary.corrections('aligmnnet')).toEqual(['alignment']);
    expect(vocabulary.corrections('portabel')).toEqual(['portabl']);
  });

  it('does not correct short words, words beyond the budget, or words with digits', () => {
    expect(vocabulary.corrections('lfit')).toEqual([]);
    expect(vocabulary.corrections('scxxsor')).toEqual([]);
    expect(vocabulary.corrections('lift2')).toEqual([]);
  });
});

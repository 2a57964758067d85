import { describe, expect, it } from 'vitest';
import { changedFields } from './audit-changes.js';

describe('changedFields', () => {
  it('keeps only the fields that differ, arrays and objects by their JSON', () => {
    expect(changedFields({ a: 1, b: [1, 2], c: { x: 1 } }, { a: 1, b: [2, 1], c: { x: 1 } })).toEqual({
      before: { b: [1, 2] },
      after: { b: [2, 1] },
    });
  });

  it('answers null when nothing changed', () => {
    expect(changedFields({ a: 'x', b: [1] }, { a: 'x', b: [1] })).toBeNull();
  });
});

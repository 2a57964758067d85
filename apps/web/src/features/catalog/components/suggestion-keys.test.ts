import { describe, expect, it } from 'vitest';
import { nextActiveIndex } from './suggestion-keys';

describe('suggestion arrow keys', () => {
  it('go to the first or last option from none, and round past the ends', () => {
    expect(nextActiveIndex(-1, 8, 1)).toBe(0);
    expect(nextActiveIndex(-1, 8, -1)).toBe(7);
    expect(nextActiveIndex(3, 8, 1)).toBe(4);
    expect(nextActiveIndex(7, 8, 1)).toBe(0);
    expect(nextActiveIndex(0, 8, -1)).toBe(7);
    expect(nextActiveIndex(-1, 0, 1)).toBe(-1);
  });
});

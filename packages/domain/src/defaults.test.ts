import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIP_TO_STATE, FALLBACK_CATALOG_ID, firstCatalogId } from './defaults.js';
import { isStateCode } from './states.js';

describe('defaults (spec 9)', () => {
  it('names the fallback catalog portal and prices for CA', () => {
    expect(FALLBACK_CATALOG_ID).toBe('portal');
    expect(DEFAULT_SHIP_TO_STATE).toBe('CA');
    expect(isStateCode(DEFAULT_SHIP_TO_STATE)).toBe(true);
  });

  it("takes the dealer's first catalog, else the fallback id", () => {
    expect(firstCatalogId([{ id: 'show' }, { id: 'main' }])).toBe('show');
    expect(firstCatalogId([])).toBe(FALLBACK_CATALOG_ID);
  });
});

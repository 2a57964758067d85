import { describe, expect, it } from 'vitest';
import { formatBranchShipTo } from './branch-address-rules.js';
import { parseBranchShipTo } from './branch-address.js';

describe('branch ship-to address', () => {
  it('reads the one-line form of demo-data.md and writes it back', () => {
    const parsed = parseBranchShipTo('1600 Broadway, Denver, co 80202');
    expect(parsed).toEqual({
      ok: true,
      address: { street1: '1600 Broadway', street2: '', city: 'Denver', state: 'CO', postalCode: '80202' },
    });
    if (parsed.ok) expect(formatBranchShipTo(parsed.address)).toBe('1600 Broadway, Denver, CO 80202');
    const two = parseBranchShipTo('2 E Bay St, Suite 4, Savannah, GA 31401-1234');
    expect(two.ok && two.address.street2).toBe('Suite 4');
  });

  it('says what is wrong', () => {
    expect(parseBranchShipTo('1600 Broadway Denver CO 80202')).toMatchObject({ ok: false });
    expect(parseBranchShipTo('1600 Broadway, Denver, XX 80202')).toEqual({ ok: false, message: 'The state is not a US state.' });
    expect(parseBranchShipTo('1600 Broadway, Denver, CO 8020')).toEqual({ ok: false, message: 'The ZIP code is invalid.' });
  });
});

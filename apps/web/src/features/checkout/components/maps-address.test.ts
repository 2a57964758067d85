import { describe, expect, it } from 'vitest';
import { hasMapsAddress } from './maps-address';

describe('hasMapsAddress (Open On Google Maps only once an address exists)', () => {
  it('is false without a street', () => {
    expect(hasMapsAddress({})).toBe(false);
    expect(hasMapsAddress({ street1: '', city: 'Denver', postalCode: '80202' })).toBe(false);
    expect(hasMapsAddress({ street1: '   ', city: 'Denver' })).toBe(false);
  });

  it('is false with a street alone, or a street and a partial ZIP code', () => {
    expect(hasMapsAddress({ street1: '1200 Blake St' })).toBe(false);
    expect(hasMapsAddress({ street1: '1200 Blake St', city: ' ', postalCode: '802' })).toBe(false);
  });

  it('is true with a street and a city, or a street and a ZIP code', () => {
    expect(hasMapsAddress({ street1: '1200 Blake St', city: 'Denver' })).toBe(true);
    expect(hasMapsAddress({ street1: '1200 Blake St', postalCode: '80202' })).toBe(true);
    expect(hasMapsAddress({ street1: '1200 Blake St', postalCode: '80202-1234' })).toBe(true);
  });
});

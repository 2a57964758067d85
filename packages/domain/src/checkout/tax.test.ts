import { describe, expect, it } from 'vitest';
import { STATE_CODES } from '../states.js';
import { EMPTY_SHIP_TO_ADDRESS } from './ship-to-address-rules.js';
import type { ShipToAddress } from './ship-to-address.js';
import { calculateTaxCents, salesTaxRateBps, STATE_SALES_TAX_BPS, taxRecalculationKey } from './tax.js';

const denver: ShipToAddress = {
  ...EMPTY_SHIP_TO_ADDRESS,
  name: 'Front Range Lifts',
  street1: '1200 Blake St',
  city: 'Denver',
  state: 'CO',
  postalCode: '80202',
  phone: '3035550142',
  email: 'shop@example.com',
};

describe('state sales-tax table', () => {
  it('has a rate for each of the 50 states and nothing else', () => {
    expect(Object.keys(STATE_SALES_TAX_BPS).sort()).toEqual([...STATE_CODES].sort());
    for (const code of STATE_CODES) expect(STATE_SALES_TAX_BPS[code]).toBeGreaterThanOrEqual(0);
  });

  it('knows states without a sales tax and answers 0 for unknown codes', () => {
    for (const code of ['AK', 'DE', 'MT', 'NH', 'OR']) expect(salesTaxRateBps(code)).toBe(0);
    expect(salesTaxRateBps('CA')).toBe(725);
    expect(salesTaxRateBps('XX')).toBe(0);
    expect(salesTaxRateBps(null)).toBe(0);
  });
});

describe('calculateTaxCents (server-rules "Tax")', () => {
  const base = { organizationTaxable: true, taxCertificateNumber: '', state: 'CO', itemsCents: 100_000, chargesCents: 2_500 };

  it('taxes items and charges at the state rate of a taxable organization', () => {
    // (1000.00 + 25.00) * 2.9% = 29.725 → 29.73
    expect(calculateTaxCents(base)).toBe(2973);
    expect(calculateTaxCents({ ...base, state: 'CA' })).toBe(Math.round((102_500 * 725) / 10_000));
  });

  it('is zero with a tax certificate number', () => {
    expect(calculateTaxCents({ ...base, taxCertificateNumber: 'CO-EX-1234' })).toBe(0);
    // Blank is no certificate.
    expect(calculateTaxCents({ ...base, taxCertificateNumber: '   ' })).toBe(2973);
  });

  it('is zero for an organization that is not taxable', () => {
    expect(calculateTaxCents({ ...base, organizationTaxable: false })).toBe(0);
  });

  it('is zero in a state without sales tax', () => {
    expect(calculateTaxCents({ ...base, state: 'OR' })).toBe(0);
  });

  it('rounds half up to the cent', () => {
    // 50 cents at 5% = 2.5 cents → 3
    expect(calculateTaxCents({ ...base, state: 'WI', itemsCents: 50, chargesCents: 0 })).toBe(3);
  });
});

describe('taxRecalculationKey (spec 4 "Tax recalculation")', () => {
  const key = (address: Partial<ShipToAddress> | null, certificate = '', taxable = true) =>
    taxRecalculationKey({ organizationTaxable: taxable, address, taxCertificateNumber: certificate });

  it('is null when the organization is not taxable or the address is incomplete', () => {
    expect(key(denver, '', false)).toBeNull();
    expect(key({ ...denver, street1: '' })).toBeNull();
    expect(key({ ...denver, postalCode: '802' })).toBeNull();
    expect(key(null)).toBeNull();
  });

  it('changes with city, state, postal code, country and the presence of a certificate', () => {
    const first = key(denver);
    expect(first).not.toBeNull();
    expect(key({ ...denver, city: 'Aurora' })).not.toBe(first);
    expect(key({ ...denver, state: 'UT' })).not.toBe(first);
    expect(key({ ...denver, postalCode: '80203' })).not.toBe(first);
    expect(key(denver, 'CERT-1')).not.toBe(first);
  });

  it('does not change with the name, street, email, phone or the certificate text itself', () => {
    const first = key(denver);
    expect(key({ ...denver, name: 'Other', street1: '1 Main St', email: 'x@example.com', phone: '7205550100' })).toBe(first);
    expect(key(denver, 'CERT-1')).toBe(key(denver, 'CERT-2'));
    expect(key({ ...denver, city: ' denver ' })).toBe(first);
  });
});

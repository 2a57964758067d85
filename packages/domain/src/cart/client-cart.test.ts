/**
 * The zod-free checks of a stored cart (./client-cart.ts) against the schemas they stand in for:
 * on every value tried here, a check answers exactly what the schema's parse answers. A field added
 * to a schema fails the first tests until the check (and the fixture) know it.
 */
import { describe, expect, it } from 'vitest';
import { cartItemSchema, chargeChoicesSchema, type CartItem, type ChargeChoices } from './cart.js';
import { storedCartItemOf, storedChargeChoicesOf } from './client-cart.js';

const item: CartItem = {
  sku: 'AFGAC-000060',
  label: 'Two-post lift',
  brand: 'BendPak',
  description: '10,000 lb',
  thumbnail: '/api/media/products/AFGAC-000060/image-1.svg',
  price: 4999.5,
  requiresLiftGate: true,
  requiresForkLift: false,
  requiresResidential: false,
  requiresGeoWarehouse: false,
  requiresFlatbed: false,
  isSmallParcel: false,
  quantity: 2,
  priceOverride: null,
  originalPrice: 4999.5,
};
const choices: ChargeChoices = { notice: true, residential: false, forklift: true, liftgate: false };

/** Values of every JSON type and the edges of the schemas' number rules. */
const VALUES: unknown[] = [
  undefined,
  null,
  '',
  'x',
  true,
  false,
  0,
  -0,
  1,
  2,
  -1,
  0.5,
  1.5,
  -0.01,
  10_000_000,
  2 ** 53,
  -(2 ** 53),
  Number.NaN,
  Number.POSITIVE_INFINITY,
  [],
  ['x'],
  {},
  { a: 1 },
];

/** The fixture with each field in turn set to each value, or left out. */
function variants<T extends Record<string, unknown>>(valid: T): unknown[] {
  const out: unknown[] = [valid, { ...valid, extra: 'ignored' }, null, [], [valid], 'x', 1, true];
  for (const key of Object.keys(valid)) {
    const { [key]: _left, ...without } = valid;
    out.push(without);
    for (const value of VALUES) out.push({ ...valid, [key]: value });
  }
  return out;
}

function expectSameAsSchema(
  check: (raw: unknown) => unknown,
  schema: { safeParse(raw: unknown): { success: boolean; data?: unknown } },
  raws: unknown[],
) {
  for (const raw of raws) {
    const parsed = schema.safeParse(raw);
    expect({ raw, answer: check(raw) }).toEqual({ raw, answer: parsed.success ? parsed.data : null });
  }
}

describe.each([
  { name: 'a stored cart item', schema: cartItemSchema, check: storedCartItemOf, valid: [item, { ...item, priceOverride: 12.34 }] },
  { name: 'stored charge choices', schema: chargeChoicesSchema, check: storedChargeChoicesOf, valid: [choices] },
])('$name', ({ schema, check, valid }) => {
  it('has a fixture with exactly the schema fields, which both accept', () => {
    expect(Object.keys(valid[0]!).sort()).toEqual(Object.keys(schema.shape).sort());
    for (const fixture of valid) expect(check(fixture)).toEqual(fixture);
  });

  it('is accepted, rejected and stripped exactly as the schema does', () => {
    for (const fixture of valid) expectSameAsSchema(check, schema, variants(fixture));
  });
});

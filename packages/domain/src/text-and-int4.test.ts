import { describe, expect, it } from 'vitest';
import {
  coercedId,
  createCheckoutRequestSchema,
  idNumber,
  int4,
  integrationShipmentRequestSchema,
  safeString,
  skuSchema,
  userIdParamsSchema,
} from './index.js';
import { hasUnsafeText, INT4_MAX } from './rules.js';

describe('hasUnsafeText / safeString (issue 17, finding 4)', () => {
  it('flags NUL and lone surrogates, and nothing else', () => {
    expect(hasUnsafeText('a\u0000b')).toBe(true);
    expect(hasUnsafeText('\ud800')).toBe(true);
    expect(hasUnsafeText('x\udc00y')).toBe(true);
    expect(hasUnsafeText('end\ud83d')).toBe(true);
    expect(hasUnsafeText('\ude00start')).toBe(true);
    expect(hasUnsafeText('')).toBe(false);
    expect(hasUnsafeText('Crème brûlée — 日本 😀 \t\n')).toBe(false);
    expect(hasUnsafeText('\ud83d\ude00\ud83d\ude00')).toBe(false);
  });

  it('safeString keeps the string rules it is chained with', () => {
    const schema = safeString().trim().min(1).max(5);
    expect(schema.parse('  ab ')).toBe('ab');
    expect(schema.safeParse('a\u0000').success).toBe(false);
    expect(schema.safeParse('abcdef').success).toBe(false);
  });

  it('the shared text schemas refuse unsafe text, naming the field', () => {
    expect(skuSchema.safeParse('LIFT\u0000').success).toBe(false);
    const checkout = createCheckoutRequestSchema.safeParse({
      catalog: 'lifts',
      branchNumber: 101,
      items: [{ sku: 'A-1', quantity: 1 }],
      choices: { notice: false, residential: false, forklift: false, liftgate: false },
      notes: 'dock \ud800',
    });
    expect(checkout.success).toBe(false);
    expect(checkout.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['notes']);
  });
});

describe('int4 / idNumber / coercedId', () => {
  it('bound integers to the int4 column range', () => {
    expect(int4().safeParse(INT4_MAX).success).toBe(true);
    expect(int4().safeParse(INT4_MAX + 1).success).toBe(false);
    expect(int4().safeParse(-2_147_483_649).success).toBe(false);
    expect(idNumber().safeParse(1).success).toBe(true);
    expect(idNumber().safeParse(0).success).toBe(false);
    expect(idNumber().safeParse(2_147_483_648).success).toBe(false);
    expect(coercedId().parse('42')).toBe(42);
    expect(coercedId().safeParse('99999999999').success).toBe(false);
  });

  it('path ids and body quantities use them', () => {
    expect(userIdParamsSchema.safeParse({ id: '99999999999' }).success).toBe(false);
    const shipment = integrationShipmentRequestSchema.safeParse({ lines: [{ lineNumber: 1, quantityShipped: 2_147_483_648 }] });
    expect(shipment.success).toBe(false);
    expect(shipment.error?.issues[0]?.path.join('.')).toBe('lines.0.quantityShipped');
  });
});

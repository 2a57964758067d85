import { describe, expect, it } from 'vitest';
import { latestRowPerOrder } from './repository.js';

describe('latestRowPerOrder (Recent Orders, any type of update)', () => {
  const rows = [
    { document_number: '7', event: 'shipped' },
    { document_number: '5', event: 'cancelled' },
    { document_number: '7', event: 'entered' },
    { document_number: 9n, event: 'entered' },
    { document_number: '5', event: 'entered' },
    { document_number: 3, event: 'entered' },
  ];

  it("keeps each order once, at its first (newest) row, in the rows' order", () => {
    expect(latestRowPerOrder(rows, 10).map((r) => `${r.document_number}:${r.event}`)).toEqual([
      '7:shipped',
      '5:cancelled',
      '9:entered',
      '3:entered',
    ]);
  });

  it('stops at the limit counted in orders, not rows', () => {
    expect(latestRowPerOrder(rows, 3).map((r) => String(r.document_number))).toEqual(['7', '5', '9']);
  });
});

import { describe, expect, it } from 'vitest';
import { availabilityText, stockStatusOf } from './availability-text.js';

const a = (inRegion: number, outsideRegion: number, nextReceiptDate: string | null = null) => ({
  inRegion,
  outsideRegion,
  netAvailable: inRegion + outsideRegion,
  nextReceiptDate,
});

describe('availabilityText (server-rules "Catalog, price and availability")', () => {
  it('is in stock when the region has stock', () => {
    expect(availabilityText(a(5, 0))).toEqual({ status: 'inStock', label: 'In Stock', text: '5 units available in your region.' });
    expect(availabilityText(a(1, 0)).text).toBe('1 unit available in your region.');
    expect(availabilityText(a(3, 1200)).text).toBe('3 units available in your region, 1,200 units more outside your region.');
  });

  it('ships from outside the region when only other warehouses have stock', () => {
    expect(availabilityText(a(0, 7))).toEqual({
      status: 'outsideRegion',
      label: 'In Stock Outside Your Region',
      text: '7 units available; ships from outside your region.',
    });
  });

  it('is backordered with the next receipt date when nothing is in stock but a receipt is scheduled', () => {
    expect(availabilityText(a(0, 0, '2026-11-22'))).toEqual({
      status: 'backordered',
      label: 'Backordered',
      text: 'Backordered. Next receipt Nov 22, 2026.',
    });
  });

  it('names the next receipt date beside stock too', () => {
    expect(availabilityText(a(2, 0, '2027-01-05')).text).toBe('2 units available in your region. Next receipt Jan 5, 2027.');
    expect(availabilityText(a(0, 4, '2027-01-05')).text).toBe(
      '4 units available; ships from outside your region. Next receipt Jan 5, 2027.',
    );
  });

  it('asks to call when there is no stock and nothing scheduled', () => {
    expect(availabilityText(a(0, 0))).toEqual({
      status: 'callForAvailability',
      label: 'Call For Availability',
      text: 'Call for availability.',
    });
  });

  it('derives the status from region first, then elsewhere, then receipts', () => {
    expect(stockStatusOf(a(1, 1, '2026-01-01'))).toBe('inStock');
    expect(stockStatusOf(a(0, 1, '2026-01-01'))).toBe('outsideRegion');
    expect(stockStatusOf(a(0, 0, '2026-01-01'))).toBe('backordered');
    expect(stockStatusOf(a(0, 0))).toBe('callForAvailability');
  });
});

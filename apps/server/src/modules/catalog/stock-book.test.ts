import { describe, expect, it } from 'vitest';
import { FIELD_SEPARATOR as F, RECORD_SEPARATOR as R, StockBook, type BookWarehouse } from './stock-book.js';

const WAREHOUSES: BookWarehouse[] = [
  { code: 'B250', regionStates: ['CO', 'WY'], servesCatalog: true },
  { code: 'SHW2', regionStates: [], servesCatalog: false }, // reserved to another catalog
  { code: 'W110', regionStates: ['CA', 'CO'], servesCatalog: true },
  { code: 'S540', regionStates: ['GA'], servesCatalog: true },
];

const stock = (...records: [string, number][]) => records.map(([code, quantity]) => `${code}${F}${quantity}`).join(R);
const receipts = (...records: [string, string, number][]) =>
  records.map(([code, date, quantity]) => `${code}${F}${date}${F}${quantity}`).join(R);

/** The members as an object, for reading. */
const parsed = (members: string) => JSON.parse(`{${members}}`) as Record<string, unknown>;

describe('the stock book', () => {
  it('counts the catalog warehouses serving the state as in region, its others as outside, and never a reserved one', () => {
    const book = new StockBook(WAREHOUSES);
    book.append(stock(['B250', 3], ['SHW2', 100], ['W110', 4], ['S540', 5]), null);
    expect(parsed(book.availabilityMembers(0, 'CO'))).toEqual({
      availability: { netAvailable: 12, nextReceiptDate: null, inRegion: 7, outsideRegion: 5 },
      scheduledAvailability: [],
    });
    expect(parsed(book.availabilityMembers(0, 'GA')).availability).toEqual({
      netAvailable: 12,
      nextReceiptDate: null,
      inRegion: 5,
      outsideRegion: 7,
    });
  });

  it('sums receipts per date over the catalog warehouses, in date order, and writes them as PostgreSQL does', () => {
    const book = new StockBook(WAREHOUSES);
    book.append(
      null,
      receipts(['W110', '2026-12-20', 2], ['B250', '2026-12-05', 1], ['SHW2', '2026-12-01', 50], ['S540', '2026-12-20', 3]),
    );
    expect(book.availabilityMembers(0, 'CO')).toBe(
      '"availability":{"netAvailable":0,"nextReceiptDate":"2026-12-05","inRegion":0,"outsideRegion":0},' +
        '"scheduledAvailability":[{"availableQuantity":1,"date":"2026-12-05"}, {"availableQuantity":5,"date":"2026-12-20"}]',
    );
  });

  it('replaces what it held of a product, leaving the others alone', () => {
    const book = new StockBook(WAREHOUSES);
    book.append(stock(['B250', 3]), receipts(['B250', '2026-12-05', 1]));
    book.append(stock(['W110', 9]), null);
    book.set(0, stock(['S540', 2]), null);
    expect(parsed(book.availabilityMembers(0, 'CO'))).toEqual({
      availability: { netAvailable: 2, nextReceiptDate: null, inRegion: 0, outsideRegion: 2 },
      scheduledAvailability: [],
    });
    expect((parsed(book.availabilityMembers(1, 'CO')).availability as { inRegion: number }).inRegion).toBe(9);
  });

  it('follows the warehouses: a new one takes a spare slot, a changed region counts at once', () => {
    const book = new StockBook(WAREHOUSES);
    book.append(stock(['B250', 3]), null);
    book.setWarehouses([...WAREHOUSES.filter((w) => w.code !== 'B250'), { code: 'B250', regionStates: ['GA'], servesCatalog: true }]);
    expect((parsed(book.availabilityMembers(0, 'GA')).availability as { inRegion: number }).inRegion).toBe(3);
    book.setWarehouses([...WAREHOUSES, { code: 'N900', regionStates: ['NY'], servesCatalog: true }]);
    book.set(0, stock(['N900', 6]), null);
    expect(book.complete).toBe(true);
    expect((parsed(book.availabilityMembers(0, 'NY')).availability as { inRegion: number }).inRegion).toBe(6);
  });

  it('stops pricing once stock names more warehouses than it has slots for', () => {
    const book = new StockBook(WAREHOUSES);
    book.append(null, null);
    book.set(0, stock(['N1', 1], ['N2', 1]), null);
    expect(book.complete).toBe(true); // the two spare slots
    book.set(0, stock(['N3', 1]), null);
    expect(book.complete).toBe(false);
  });

  it('grows past the products it expected', () => {
    const book = new StockBook(WAREHOUSES, 1);
    for (let i = 0; i < 100; i++) book.append(stock(['B250', i]), null);
    expect((parsed(book.availabilityMembers(99, 'CO')).availability as { inRegion: number }).inRegion).toBe(99);
    expect((parsed(book.availabilityMembers(0, 'CO')).availability as { inRegion: number }).inRegion).toBe(0);
  });
});

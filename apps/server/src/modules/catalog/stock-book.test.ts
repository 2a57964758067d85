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

  it('follows the warehouses: a changed region counts at once, a new code widens every product', () => {
    const book = new StockBook(WAREHOUSES);
    book.append(stock(['B250', 3]), null);
    book.append(stock(['W110', 4], ['S540', 1]), receipts(['S540', '2026-12-05', 2]));
    book.setWarehouses([...WAREHOUSES.filter((w) => w.code !== 'B250'), { code: 'B250', regionStates: ['GA'], servesCatalog: true }]);
    expect((parsed(book.availabilityMembers(0, 'GA')).availability as { inRegion: number }).inRegion).toBe(3);
    // Stock in warehouses the book had no slot for (a catch-up may bring them before the warehouses).
    book.set(0, stock(['N900', 6], ['N901', 1], ['B250', 2]), null);
    book.setWarehouses([
      ...WAREHOUSES,
      { code: 'N900', regionStates: ['NY'], servesCatalog: true },
      { code: 'N901', regionStates: [], servesCatalog: false },
    ]);
    expect(parsed(book.availabilityMembers(0, 'NY')).availability).toMatchObject({ inRegion: 6, outsideRegion: 2 });
    // The other product's row moved with the widening, untouched.
    expect(parsed(book.availabilityMembers(1, 'CA'))).toEqual({
      availability: { netAvailable: 5, nextReceiptDate: '2026-12-05', inRegion: 4, outsideRegion: 1 },
      scheduledAvailability: [{ availableQuantity: 2, date: '2026-12-05' }],
    });
  });

  it('grows past the products it expected, and lets the room go when trimmed', () => {
    const book = new StockBook(WAREHOUSES, 1);
    for (let i = 0; i < 2000; i++) book.append(stock(['B250', i]), null);
    book.trim();
    expect(book.approximateBytes).toBe(2000 * WAREHOUSES.length * 4);
    expect((parsed(book.availabilityMembers(1999, 'CO')).availability as { inRegion: number }).inRegion).toBe(1999);
    expect((parsed(book.availabilityMembers(0, 'CO')).availability as { inRegion: number }).inRegion).toBe(0);
  });
});

/**
 * Every product's stock per warehouse and scheduled receipts, held beside a catalog's in-process
 * index (decision 026) so that a product call prices its products in memory: the availability and
 * receipts members of a Product's JSON, exactly as repository.ts pricedSelect computes them
 *  - inRegion: stock in the catalog's warehouses that serve the destination state; outsideRegion:
 *    in its other warehouses; netAvailable: both;
 *  - scheduledAvailability: the receipts of the catalog's warehouses summed per date, in date
 *    order; nextReceiptDate: the first date, or null.
 * The store reads it with the index rows and follows the stamps of drizzle/0034 (search-index-store.ts).
 *
 * Quantities sit in one Int32Array, a slot per warehouse code (the warehouses known at the build and
 * SPARE_SLOTS more): ~4.8 MB for the M set's 199,000 products and 6 warehouses, where objects per
 * stock row would take ten times that.
 */

/**
 * How the index's reads write a product's stock and receipts (search-index-repository.ts
 * stockTexts): records apart by RECORD_SEPARATOR, fields by FIELD_SEPARATOR; stock records are
 * warehouse code and quantity, receipt records warehouse code, date and quantity. Control
 * characters, so no code or date holds them; far quicker to split than JSON to parse for 199,000 products.
 */
export const FIELD_SEPARATOR = '\x1f';
export const RECORD_SEPARATOR = '\x1e';

/** A warehouse as the book needs it: search-index.ts IndexWarehouse. */
export type BookWarehouse = { code: string; regionStates: string[]; servesCatalog: boolean };

/** One scheduled receipt of a product, its warehouse as a slot. */
type Receipt = { slot: number; date: string; quantity: number };

/** Warehouse codes that may appear after a build before the book stops pricing (complete: false). */
const SPARE_SLOTS = 2;

/** How a warehouse counts for a catalog and destination state. */
const NOT_THE_CATALOGS = 0;
const IN_REGION = 1;
const OUTSIDE_REGION = 2;

export class StockBook {
  private readonly slotOf = new Map<string, number>();
  private readonly slots: number;
  private quantities: Int32Array;
  /** Receipts by ordinal, in date order; products without any have no entry. */
  private readonly receipts = new Map<number, Receipt[]>();
  private warehouses: readonly BookWarehouse[] = [];
  /** Each slot's kind (NOT_THE_CATALOGS, IN_REGION, OUTSIDE_REGION) per destination state, made when first asked. */
  private readonly kindsByState = new Map<string, Uint8Array>();
  private filled = 0;
  /**
   * False once stock or receipts named a warehouse beyond the book's slots: the book then prices
   * nothing (the products are priced in SQL) until the catalog's index is built again.
   */
  complete = true;

  constructor(warehouses: readonly BookWarehouse[], expectedProducts = 0) {
    this.slots = warehouses.length + SPARE_SLOTS;
    this.quantities = new Int32Array(Math.max(1, expectedProducts) * this.slots);
    this.setWarehouses(warehouses);
  }

  /** The warehouses as they are now (a catch-up reads them): which serve the catalog and which states. */
  setWarehouses(warehouses: readonly BookWarehouse[]): void {
    for (const warehouse of warehouses) this.slotFor(warehouse.code);
    this.warehouses = warehouses;
    this.kindsByState.clear();
  }

  /** The next product's stock and receipts, in ordinal order, as the build reads them (stockTexts). */
  append(stock: string | null, receipts: string | null): void {
    const o = this.filled++;
    if ((o + 1) * this.slots > this.quantities.length) {
      const grown = new Int32Array(Math.max(this.quantities.length * 2, (o + 1) * this.slots));
      grown.set(this.quantities);
      this.quantities = grown;
    }
    this.set(o, stock, receipts);
  }

  /** Product `o`'s stock and receipts are now these (stockTexts); what the book held of it is replaced. */
  set(o: number, stock: string | null, receipts: string | null): void {
    const base = o * this.slots;
    this.quantities.fill(0, base, base + this.slots);
    for (const [code, quantity] of fieldsOf(stock, 2)) {
      const slot = this.slotFor(code!);
      if (slot === undefined) this.complete = false;
      else this.quantities[base + slot]! += Number(quantity);
    }
    const held: Receipt[] = [];
    for (const [code, date, quantity] of fieldsOf(receipts, 3)) {
      const slot = this.slotFor(code!);
      if (slot === undefined) this.complete = false;
      else held.push({ slot, date: date!, quantity: Number(quantity) });
    }
    if (held.length === 0) this.receipts.delete(o);
    else
      this.receipts.set(
        o,
        held.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
      );
  }

  /**
   * The `availability` and `scheduledAvailability` members of product `o`'s JSON for a destination
   * state, byte for byte as pricedSelect writes them (row_to_json: no spaces; json_agg: ", " between
   * the receipts).
   */
  availabilityMembers(o: number, shipToState: string): string {
    const kinds = this.kindsOf(shipToState);
    const base = o * this.slots;
    let inRegion = 0;
    let outsideRegion = 0;
    for (let slot = 0; slot < this.slots; slot++) {
      const kind = kinds[slot];
      if (kind === IN_REGION) inRegion += this.quantities[base + slot]!;
      else if (kind === OUTSIDE_REGION) outsideRegion += this.quantities[base + slot]!;
    }
    const perDate: string[] = [];
    let nextReceiptDate: string | null = null;
    let date: string | null = null;
    let quantity = 0;
    for (const receipt of this.receipts.get(o) ?? []) {
      if (kinds[receipt.slot] === NOT_THE_CATALOGS) continue;
      if (receipt.date !== date) {
        if (date !== null) perDate.push(`{"availableQuantity":${quantity},"date":"${date}"}`);
        date = receipt.date;
        nextReceiptDate ??= date;
        quantity = 0;
      }
      quantity += receipt.quantity;
    }
    if (date !== null) perDate.push(`{"availableQuantity":${quantity},"date":"${date}"}`);
    const next = nextReceiptDate === null ? 'null' : `"${nextReceiptDate}"`;
    return (
      `"availability":{"netAvailable":${inRegion + outsideRegion},"nextReceiptDate":${next},` +
      `"inRegion":${inRegion},"outsideRegion":${outsideRegion}},"scheduledAvailability":[${perDate.join(', ')}]`
    );
  }

  /** Memory held, roughly (the quantities and the receipts). */
  get approximateBytes(): number {
    return this.quantities.byteLength + this.receipts.size * 120;
  }

  private slotFor(code: string): number | undefined {
    let slot = this.slotOf.get(code);
    if (slot === undefined && this.slotOf.size < this.slots) this.slotOf.set(code, (slot = this.slotOf.size));
    return slot;
  }

  private kindsOf(shipToState: string): Uint8Array {
    let kinds = this.kindsByState.get(shipToState);
    if (!kinds) {
      kinds = new Uint8Array(this.slots);
      for (const warehouse of this.warehouses) {
        if (!warehouse.servesCatalog) continue;
        kinds[this.slotOf.get(warehouse.code)!] = warehouse.regionStates.includes(shipToState) ? IN_REGION : OUTSIDE_REGION;
      }
      this.kindsByState.set(shipToState, kinds);
    }
    return kinds;
  }
}

/** The records of a stock or receipts text (stockTexts), each split into `width` fields. */
function fieldsOf(text: string | null, width: number): string[][] {
  if (!text) return [];
  return text.split(RECORD_SEPARATOR).map((record) => {
    const fields = record.split(FIELD_SEPARATOR);
    if (fields.length !== width) throw new Error(`a stock record of ${fields.length} fields where ${width} were expected`);
    return fields;
  });
}

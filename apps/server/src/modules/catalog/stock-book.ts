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
 * Quantities sit in one Int32Array, a slot per warehouse code: ~4.8 MB for the M set's 199,000
 * products and 6 warehouses, where objects per stock row would take ten times that; receipts as a
 * few numbers per product that has any (~34,000 of them), their dates each kept once.
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

/** How a warehouse counts for a catalog and destination state. */
const NOT_THE_CATALOGS = 0;
const IN_REGION = 1;
const OUTSIDE_REGION = 2;

/** A product's receipts, flattened: (warehouse slot, date number, quantity) per receipt, in date order. */
const RECEIPT_FIELDS = 3;

export class StockBook {
  private readonly slotOf = new Map<string, number>();
  /** Quantities per product: `slots` of them, one per warehouse code seen (a new code widens every product's row). */
  private slots: number;
  private quantities: Int32Array;
  /** Receipts by ordinal (RECEIPT_FIELDS numbers each); products without any have no entry. */
  private readonly receipts = new Map<number, number[]>();
  /** Receipt dates ('YYYY-MM-DD') by number, each kept once: a few hundred distinct dates for 50,000 receipts. */
  private readonly dates: string[] = [];
  private readonly dateNumbers = new Map<string, number>();
  private warehouses: readonly BookWarehouse[] = [];
  /** Each slot's kind (NOT_THE_CATALOGS, IN_REGION, OUTSIDE_REGION) per destination state, made when first asked. */
  private readonly kindsByState = new Map<string, Uint8Array>();
  private filled = 0;

  constructor(warehouses: readonly BookWarehouse[], expectedProducts = 0) {
    this.slots = Math.max(1, warehouses.length);
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
    if ((o + 1) * this.slots > this.quantities.length) this.resize(Math.max(2 * this.filled, 1024), this.slots);
    this.set(o, stock, receipts);
  }

  /** Lets go of the room `append` kept for more products: the build is done. */
  trim(): void {
    if (this.quantities.length > this.filled * this.slots) this.quantities = this.quantities.slice(0, this.filled * this.slots);
  }

  /** Product `o`'s stock and receipts are now these (stockTexts); what the book held of it is replaced. */
  set(o: number, stock: string | null, receipts: string | null): void {
    const stocked = fieldsOf(stock, 2).map(([code, quantity]) => [this.slotFor(code!), Number(quantity)] as const);
    const base = o * this.slots;
    this.quantities.fill(0, base, base + this.slots);
    for (const [slot, quantity] of stocked) this.quantities[base + slot]! += quantity;
    const held = fieldsOf(receipts, 3)
      .sort((a, b) => (a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0))
      .flatMap(([code, date, quantity]) => [this.slotFor(code!), this.dateNumberOf(date!), Number(quantity)]);
    if (held.length === 0) this.receipts.delete(o);
    else this.receipts.set(o, held);
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
    const held = this.receipts.get(o) ?? [];
    for (let i = 0; i < held.length; i += RECEIPT_FIELDS) {
      if (kinds[held[i]!] === NOT_THE_CATALOGS) continue;
      const receiptDate = this.dates[held[i + 1]!]!;
      if (receiptDate !== date) {
        if (date !== null) perDate.push(`{"availableQuantity":${quantity},"date":"${date}"}`);
        date = receiptDate;
        nextReceiptDate ??= date;
        quantity = 0;
      }
      quantity += held[i + 2]!;
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
    return this.quantities.byteLength + this.receipts.size * 100;
  }

  /** The slot of a warehouse code; a code not seen before gets one, widening every product's row. */
  private slotFor(code: string): number {
    let slot = this.slotOf.get(code);
    if (slot === undefined) {
      slot = this.slotOf.size;
      if (slot >= this.slots) this.resize(this.quantities.length / this.slots, this.slots + 1);
      this.slotOf.set(code, slot);
      this.kindsByState.clear();
    }
    return slot;
  }

  /** Room for `products` rows of `slots` quantities, keeping what is held. */
  private resize(products: number, slots: number): void {
    const resized = new Int32Array(products * slots);
    const kept = Math.min(products, this.quantities.length / this.slots);
    if (slots === this.slots) resized.set(this.quantities.subarray(0, kept * slots));
    else for (let o = 0; o < kept; o++) resized.set(this.quantities.subarray(o * this.slots, (o + 1) * this.slots), o * slots);
    this.quantities = resized;
    this.slots = slots;
  }

  private dateNumberOf(date: string): number {
    let n = this.dateNumbers.get(date);
    if (n === undefined) this.dateNumbers.set(date, (n = this.dates.push(date) - 1));
    return n;
  }

  private kindsOf(shipToState: string): Uint8Array {
    let kinds = this.kindsByState.get(shipToState);
    if (!kinds) {
      kinds = new Uint8Array(this.slots);
      for (const warehouse of this.warehouses) {
        if (!warehouse.servesCatalog) continue;
        const slot = this.slotOf.get(warehouse.code);
        if (slot !== undefined) kinds[slot] = warehouse.regionStates.includes(shipToState) ? IN_REGION : OUTSIDE_REGION;
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

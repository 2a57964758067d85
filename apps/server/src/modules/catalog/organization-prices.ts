/**
 * An organization's own price list as a catalog's index prices with it (decision 023): the caller's
 * price of each product is the list's where it names the SKU, else the catalog's (repository.ts
 * priceOfRow: coalesce(opl.price_cents, cpl.price_cents, p.msrp_cents), and catalog_prices holds
 * the last two together). Kept beside the catalog's prices so price orders for such a caller are
 * walked and ranked in memory as the catalog's own are: SQL priced every match of a keyword search
 * for them (a broad word: 0.2-0.6 s on the M set).
 */
import { PriceOrder } from './price-order.js';

export class OrganizationPrices {
  /** The caller's price per ordinal: the list's where it names the product, else the catalog's. */
  readonly cents: Int32Array;
  /** 1 where the list names the product: a catalog reprice leaves its price alone. */
  private readonly listed: Uint8Array;
  private order?: PriceOrder;

  /**
   * `catalogCents` is the index's catalog price per ordinal (-1 where it has none); `items` the
   * list's rows, their SKUs turned into ordinals by `ordinalOf` (undefined: not in this catalog).
   */
  constructor(
    catalogCents: Int32Array,
    items: readonly (readonly [sku: string, cents: number])[],
    ordinalOf: (sku: string) => number | undefined,
  ) {
    this.cents = catalogCents.slice();
    this.listed = new Uint8Array(catalogCents.length);
    for (const [sku, cents] of items) {
      const o = ordinalOf(sku);
      if (o === undefined) continue;
      this.cents[o] = cents;
      this.listed[o] = 1;
    }
  }

  /** The catalog's price of product `o` is now `catalogCents`: the caller's too, unless the list names it. */
  catalogRepriced(o: number, catalogCents: number): void {
    if (this.listed[o]) return;
    this.cents[o] = catalogCents;
    this.order?.repriced(o);
  }

  /** The ordinals in ascending (price, ordinal) order, made when first asked. */
  ascending(): Uint32Array {
    this.order ??= new PriceOrder(this.cents);
    return this.order.ascending();
  }
}

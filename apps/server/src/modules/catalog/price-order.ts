/**
 * A catalog's products in price order (price, then ordinal: ordinals are SKU order), kept current
 * as prices move (decision 023). A browse by price walks it from either end: ascending is (price,
 * SKU) ascending and descending its exact reverse, as repository.ts orders them. Made once per
 * index; a feed's batch of repriced products is merged in when the order is next read, one pass
 * over the order (about a millisecond for 200,000 products), not a sort of every product.
 * The index orders 'Featured' with it too, by the negated popularity, through each recount.
 */
/** Ordinals below this fit beside a price in one float64 sort key (prices are below 2^31, so keys below 2^53). */
const ORDINALS = 2 ** 21;

/** The ordinals by (price, ordinal), by a native numeric sort of price * ORDINALS + ordinal: ~10x a comparator sort's speed. */
function sortedByKeys(prices: Int32Array): Uint32Array {
  const keys = Float64Array.from(prices, (price, o) => (price - MIN_INT32) * ORDINALS + o).sort();
  return Uint32Array.from(keys, (key) => key % ORDINALS);
}

/** Shifts an int32 price to zero or more, so that a key's remainder is its ordinal. */
const MIN_INT32 = -(2 ** 31);

export class PriceOrder {
  private order: Uint32Array;
  /** Ordinals repriced since the order was last brought up to date. */
  private readonly moved = new Set<number>();

  /** `prices` is read, never copied: the index writes repriced products into it (then calls `repriced`). */
  constructor(private readonly prices: Int32Array) {
    this.order = this.sorted();
  }

  private sorted(): Uint32Array {
    return this.prices.length <= ORDINALS ? sortedByKeys(this.prices) : Uint32Array.from(this.prices.keys()).sort(this.compare);
  }

  private readonly compare = (a: number, b: number) => this.prices[a]! - this.prices[b]! || a - b;

  /** Product `o`'s price changed in `prices`. */
  repriced(o: number): void {
    this.moved.add(o);
  }

  /** The ordinals in ascending (price, ordinal) order. */
  ascending(): Uint32Array {
    // A few moved (a feed's batch) are merged in; many (a 'Featured' recount's) are sorted afresh,
    // since the native key sort is faster than a comparator sort of that many.
    if (this.moved.size > this.order.length / 16) {
      this.order = this.sorted();
      this.moved.clear();
    } else if (this.moved.size > 0) this.mergeMoved();
    return this.order;
  }

  /** The order without the moved products, merged with them sorted by their new prices. */
  private mergeMoved(): void {
    const moved = Uint32Array.from(this.moved).sort(this.compare);
    const isMoved = new Uint8Array(this.order.length);
    for (const o of moved) isMoved[o] = 1;
    const merged = new Uint32Array(this.order.length);
    let next = 0;
    let m = 0;
    for (const o of this.order) {
      if (isMoved[o]) continue;
      while (m < moved.length && this.compare(moved[m]!, o) < 0) merged[next++] = moved[m++]!;
      merged[next++] = o;
    }
    while (m < moved.length) merged[next++] = moved[m++]!;
    this.order = merged;
    this.moved.clear();
  }
}

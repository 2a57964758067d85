/**
 * The SKUs holding a text (`sku_key LIKE '%text%'`, repository.ts keywordConditions) found from
 * trigram posting lists instead of a walk of every SKU: every keyword search asks this twice (the
 * match and the SKU relevance tiers), and a walk of 200,000 joined SKUs (2.5 MB) cost about a
 * millisecond each time. A SKU holding the text holds each of its trigrams, so the rarest trigram's
 * SKUs are the only candidates, and each is then tested with `includes`. Texts of one or two
 * characters have no trigram: they are found by a walk of the joined SKUs (one `indexOf` per place
 * they stand, faster than testing 200,000 strings one by one). The SKUs are the index's own packed
 * sku_keys (packed-strings.ts), not a copy. Pure, so it is unit tested.
 */
import type { PackedStrings } from './packed-strings.js';

const GRAM = 3;

export class SkuSubstrings {
  /** A compact id per character seen in the SKUs (0 = not seen), so a trigram's code stays a small integer. */
  private readonly charId = new Map<number, number>();
  private readonly gramId = new Map<number, number>();
  /** The SKUs holding trigram `g`: ordinals ascending, each once, at list[start[g] ..< start[g + 1]]. */
  private readonly start: Uint32Array;
  private readonly list: Uint32Array;
  /** `keys.at(o)`: product ordinal o's lowercased SKU (sku_key). */
  constructor(private readonly keys: PackedStrings) {
    for (let o = 0; o < keys.length; o++) {
      const key = keys.at(o);
      for (let i = 0; i < key.length; i++) this.charIdOf(key.charCodeAt(i), true);
    }
    const counts: number[] = [];
    const last: number[] = [];
    this.eachGram((o, g) => {
      if (last[g] === o) return;
      last[g] = o;
      counts[g] = (counts[g] ?? 0) + 1;
    });
    this.start = new Uint32Array(this.gramId.size + 1);
    for (let g = 0; g < this.gramId.size; g++) this.start[g + 1] = this.start[g]! + counts[g]!;
    this.list = new Uint32Array(this.start[this.gramId.size]!);
    const next = this.start.slice(0, this.gramId.size);
    last.length = 0;
    this.eachGram((o, g) => {
      if (last[g] === o) return;
      last[g] = o;
      this.list[next[g]!++] = o;
    });
  }

  /** Calls `visit` with each SKU's ordinal and trigram ids, SKUs in ordinal order (new trigrams get ids). */
  private eachGram(visit: (o: number, gram: number) => void): void {
    for (let o = 0; o < this.keys.length; o++) {
      const key = this.keys.at(o);
      for (let i = 0; i + GRAM <= key.length; i++) visit(o, this.gramIdOf(key, i, true)!);
    }
  }

  private charIdOf(code: number, add: boolean): number {
    let id = this.charId.get(code);
    if (id === undefined && add) this.charId.set(code, (id = this.charId.size + 1));
    return id ?? 0;
  }

  /** The id of the trigram at `text[at ..< at + 3]`; undefined when no SKU holds it (and `add` is false). */
  private gramIdOf(text: string, at: number, add: boolean): number | undefined {
    const base = this.charId.size + 1;
    let code = 0;
    for (let i = at; i < at + GRAM; i++) {
      const id = this.charIdOf(text.charCodeAt(i), false);
      if (id === 0) return undefined;
      code = code * base + id;
    }
    let gram = this.gramId.get(code);
    if (gram === undefined && add) this.gramId.set(code, (gram = this.gramId.size));
    return gram;
  }

  /** The ordinals whose SKU holds `text`, ascending; `text` is compared as given (lowercase it first). */
  holders(text: string): number[] {
    if (text.length === 0) return Array.from({ length: this.keys.length }, (_, o) => o);
    if (text.length < GRAM) return this.keys.holding(text);
    let rarest: number | undefined;
    for (let i = 0; i + GRAM <= text.length; i++) {
      const gram = this.gramIdOf(text, i, false);
      if (gram === undefined) return [];
      if (rarest === undefined || this.sizeOf(gram) < this.sizeOf(rarest)) rarest = gram;
    }
    const found: number[] = [];
    for (let k = this.start[rarest!]!; k < this.start[rarest! + 1]!; k++) {
      const o = this.list[k]!;
      if (text.length === GRAM || this.keys.includes(o, text)) found.push(o);
    }
    return found;
  }

  private sizeOf(gram: number): number {
    return this.start[gram + 1]! - this.start[gram]!;
  }

  /** Bytes of the posting lists (the memory report). */
  get byteLength(): number {
    return this.start.byteLength + this.list.byteLength;
  }
}

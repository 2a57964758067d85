/**
 * The SKUs holding a text (`sku_key LIKE '%text%'`, repository.ts keywordConditions) found from
 * trigram posting lists instead of a walk of every SKU: every keyword search asks this twice (the
 * match and the SKU relevance tiers), and a walk of 200,000 joined SKUs (2.5 MB) cost about a
 * millisecond each time. A SKU holding the text holds each of its trigrams, so the rarest trigram's
 * SKUs are the only candidates, and each is then tested with `includes`. Texts of one or two
 * characters have no trigram: they are found by a walk of the joined SKUs (one `indexOf` per place
 * they stand, faster than testing 200,000 strings one by one). Pure, so it is unit tested.
 */

const GRAM = 3;

export class SkuSubstrings {
  /** A compact id per character seen in the SKUs (0 = not seen), so a trigram's code stays a small integer. */
  private readonly charId = new Map<number, number>();
  private readonly gramId = new Map<number, number>();
  /** The SKUs holding trigram `g`: ordinals ascending, each once, at list[start[g] ..< start[g + 1]]. */
  private readonly start: Uint32Array;
  private readonly list: Uint32Array;
  /** Every SKU followed by '\n', and where each starts: the walk for texts shorter than a trigram. */
  private readonly joined: string;
  private readonly joinedStart: Uint32Array;

  /** `keys[o]`: product ordinal o's lowercased SKU (sku_key). */
  constructor(private readonly keys: readonly string[]) {
    this.joined = keys.map((key) => `${key}\n`).join('');
    this.joinedStart = new Uint32Array(keys.length + 1);
    keys.forEach((key, o) => (this.joinedStart[o + 1] = this.joinedStart[o]! + key.length + 1));
    for (const key of keys) for (let i = 0; i < key.length; i++) this.charIdOf(key.charCodeAt(i), true);
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
    this.keys.forEach((key, o) => {
      for (let i = 0; i + GRAM <= key.length; i++) visit(o, this.gramIdOf(key, i, true)!);
    });
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
    if (text.length < GRAM) return this.scan(text);
    let rarest: number | undefined;
    for (let i = 0; i + GRAM <= text.length; i++) {
      const gram = this.gramIdOf(text, i, false);
      if (gram === undefined) return [];
      if (rarest === undefined || this.sizeOf(gram) < this.sizeOf(rarest)) rarest = gram;
    }
    const found: number[] = [];
    for (let k = this.start[rarest!]!; k < this.start[rarest! + 1]!; k++) {
      const o = this.list[k]!;
      if (text.length === GRAM || this.keys[o]!.includes(text)) found.push(o);
    }
    return found;
  }

  private sizeOf(gram: number): number {
    return this.start[gram + 1]! - this.start[gram]!;
  }

  /** Each SKU holding `text`, from the places it stands in the joined SKUs (never across a '\n': SKUs hold none). */
  private scan(text: string): number[] {
    const found: number[] = [];
    for (let at = this.joined.indexOf(text); at >= 0; at = this.joined.indexOf(text, at + 1)) {
      let low = 0;
      let high = this.keys.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.joinedStart[middle + 1]! <= at) low = middle + 1;
        else high = middle;
      }
      if (at + text.length < this.joinedStart[low + 1]! && found[found.length - 1] !== low) found.push(low);
    }
    return found;
  }

  /** Bytes of the posting lists (the memory report). */
  get byteLength(): number {
    return this.start.byteLength + this.list.byteLength + this.joinedStart.byteLength + this.joined.length;
  }
}

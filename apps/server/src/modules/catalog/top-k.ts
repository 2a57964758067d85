/**
 * The first `k` of a stream in a comparator's order, kept in a bounded max-heap (the worst of the
 * kept on top): a page of the best matches costs O(n log k), never a sort of every match.
 */
export class TopK {
  private readonly heap: number[] = [];

  constructor(
    private readonly k: number,
    private readonly compare: (a: number, b: number) => number,
  ) {}

  add(value: number): void {
    if (this.k <= 0) return;
    const heap = this.heap;
    if (heap.length < this.k) {
      heap.push(value);
      this.up(heap.length - 1);
    } else if (this.compare(value, heap[0]!) < 0) {
      heap[0] = value;
      this.down(0);
    }
  }

  /** The worst value kept, once `k` are kept (the next added must beat it); undefined before. */
  get worst(): number | undefined {
    return this.heap.length === this.k ? this.heap[0] : undefined;
  }

  /** The kept values, best first. */
  sorted(): number[] {
    return [...this.heap].sort(this.compare);
  }

  private up(at: number): void {
    const heap = this.heap;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (this.compare(heap[at]!, heap[parent]!) <= 0) return;
      [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
      at = parent;
    }
  }

  private down(at: number): void {
    const heap = this.heap;
    for (;;) {
      const left = 2 * at + 1;
      const right = left + 1;
      let worst = at;
      if (left < heap.length && this.compare(heap[left]!, heap[worst]!) > 0) worst = left;
      if (right < heap.length && this.compare(heap[right]!, heap[worst]!) > 0) worst = right;
      if (worst === at) return;
      [heap[at], heap[worst]] = [heap[worst]!, heap[at]!];
      at = worst;
    }
  }
}

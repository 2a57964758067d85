/** The first place in `sorted[from ..< to]` (ascending) whose value is `value` or more; `to` when there is none. */
export function lowerBound(sorted: ArrayLike<number>, from: number, to: number, value: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

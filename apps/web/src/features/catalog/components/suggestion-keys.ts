/**
 * The suggestion list's arrow keys (WAI-ARIA combobox): down from nothing chosen goes to the first
 * option, up to the last; past either end goes round.
 */
export function nextActiveIndex(current: number, count: number, step: 1 | -1): number {
  if (count <= 0) return -1;
  if (current < 0) return step === 1 ? 0 : count - 1;
  return (current + step + count) % count;
}

/**
 * The JavaScript heap's growth between full garbage collections (decision 025). Under load V8 lets
 * the old generation grow to several times what its last full collection kept before it collects
 * again: on the M set a server whose live objects were ~125 MB had ~300 MB of heap, and ~500 MB RSS
 * after the catalog bench's rows. A fixed factor keeps the heap near its live size for a few more
 * collections, each of which marks concurrently on another thread.
 *
 * Set at run time rather than as a node flag, so every way of starting the server has it: `npm start`
 * imports the bundle into its own process, and cluster workers run this entry again. V8 reads the
 * factor at each collection.
 */
import v8 from 'node:v8';

/** Applies `percent` (0: V8's own heuristics, left as they are). */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

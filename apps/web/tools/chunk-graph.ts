/** The build's chunk graph as the web build tools read it (bundle-budget.ts, signed-in-preloads.ts). */

/** What the graph needs of a chunk: its file and the chunks it imports statically. */
export type GraphChunk = { fileName: string; imports: string[] };

/**
 * The chunks of `start` and every chunk they import statically, directly or not: what the browser
 * loads together. Files the build does not list (external imports) are left out.
 */
export function withStaticImports(chunks: ReadonlyMap<string, GraphChunk>, start: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  for (let fileName = queue.pop(); fileName !== undefined; fileName = queue.pop()) {
    const chunk = chunks.get(fileName);
    if (seen.has(fileName) || !chunk) continue;
    seen.add(fileName);
    queue.push(...chunk.imports);
  }
  return seen;
}

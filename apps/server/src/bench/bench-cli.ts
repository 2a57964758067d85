/**
 * `npm run bench -- <suite> [options]`: speed checks of performance.md (never timed test
 * assertions). Each suite reports p50/p95 of the endpoints beside the same SQL run directly.
 */
export {};

const suites: Record<string, () => Promise<{ run(args: string[]): Promise<void> }>> = {
  catalog: () => import('./catalog-bench.js'),
  orders: () => import('./orders-bench.js'),
};

const [name, ...args] = process.argv.slice(2);
const load = name ? suites[name] : undefined;
if (!load) {
  console.error(`usage: npm run bench -- <${Object.keys(suites).join('|')}> [options]`);
  process.exit(2);
}
await (await load()).run(args);

/**
 * Node's flags for the server process (decision 025), given on its command line wherever the server
 * is started: `npm start` (package.json, both the root's and apps/server's), the image (Dockerfile
 * CMD), and the benchmarks' server (bench-support.ts). Cluster workers get them from their primary
 * (cluster.fork passes `process.execArgv` on). `node-flags.test.ts` checks each place names them.
 *
 * `--max-semi-space-size=8`: the young generation's two halves at 8 MB each instead of 16. Under
 * load V8 grows them to the maximum, and all of it is resident: 16 MB of RSS less per process on the
 * M set, with the catalog rows as fast as before (measured in decision 025). Unlike the heap's
 * growth factor (heap-growth.ts), V8 sizes the young generation when the process starts, so this
 * cannot be set at run time.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8'] as const;

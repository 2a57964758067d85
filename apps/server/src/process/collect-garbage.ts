/**
 * A full garbage collection asked of V8 once a large piece of work has let go of much memory
 * (decision 025). Building the M set's catalog index leaves ~100 MB of typed arrays and ~50 MB of
 * strings and arrays behind it (grown buffers, the builder's rows), and V8 collects them only when
 * later allocations ask it to: a server that then waits for requests kept them, idling at ~370-400 MB
 * RSS where ~270 MB was live. The collection runs as V8's own do under load (marking beside the
 * program, `execution: 'async'`), so the pause is short; the caller does not wait for it.
 *
 * Node exposes `gc` only with `--expose-gc`, which every way of starting the server would have to
 * pass (`npm start` imports the bundle into its own process). The flag is turned on for as long as
 * it takes to make one context, whose `gc` is kept, and off again: no other code sees it.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

type Collector = (options: { type: 'major'; execution: 'async' }) => Promise<void> | undefined;

let collector: Collector | undefined;

/** Starts a full collection; resolves when V8 has done it. */
export async function collectGarbage(): Promise<void> {
  collector ??= exposedCollector();
  await collector({ type: 'major', execution: 'async' });
}

function exposedCollector(): Collector {
  v8.setFlagsFromString('--expose-gc');
  try {
    return vm.runInNewContext('gc') as Collector;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

/**
 * Long computations written once as generators that `yield` between slices of their work, run
 * either at once (tests, small catalogs) or with the event loop served between slices: building a
 * catalog's search index on the M set is seconds of CPU, and a server process that did it in one
 * block kept every request waiting until it was done (decision 023).
 */
export type Sliced<T> = Generator<void, T, void>;

/** Runs the work to its end without pausing. */
export function runAtOnce<T>(work: Sliced<T>): T {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/** Runs the work, letting the event loop serve what waits (requests, I/O) between its slices. */
export async function runSliced<T>(work: Sliced<T>): Promise<T> {
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * The loop of a worker that drains a queue kept in a table (the mail outbox, webhook deliveries):
 * one round at once when started and then every `intervalMs`, each round taking batches again
 * without waiting while full batches keep coming. A failed round is reported and the next one runs;
 * stop() waits for the round in progress, so shutdown never cuts a delivery short.
 */
export type QueueWorkerOptions = {
  intervalMs: number;
  batchSize: number;
  onError?: (error: unknown) => void;
};

/** `takeBatch` handles up to `batchSize` due rows and answers how many it took. */
export function startQueueWorker(takeBatch: () => Promise<number>, options: QueueWorkerOptions): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const round = async () => {
    try {
      let taken: number;
      do {
        taken = await takeBatch();
      } while (!stopped && taken >= options.batchSize);
    } catch (error) {
      options.onError?.(error);
    }
  };

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(() => {
        running = undefined;
        schedule(options.intervalMs);
      });
    }, delayMs);
  };
  schedule(0);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

/**
 * A concurrency limit with a bounded queue (issue 31; docs/decisions/015-password-hashing-pool.md):
 * at most `concurrency` tasks run at once, at most `maxQueued` more wait their turn in arrival
 * order, and a task beyond both is refused at once with `PoolFullError`, before it starts.
 * It holds no work of its own: the tasks (scrypt, on libuv's threads) do the work elsewhere.
 */
export class PoolFullError extends Error {
  constructor() {
    super('the pool and its queue are full');
  }
}

export type PoolStats = { running: number; queued: number; started: number; refused: number };

export class BoundedPool {
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  #started = 0;
  #refused = 0;

  constructor(
    readonly concurrency: number,
    readonly maxQueued: number,
  ) {
    if (!(Number.isInteger(concurrency) && concurrency >= 1)) throw new Error('concurrency must be a positive integer');
    if (!(Number.isInteger(maxQueued) && maxQueued >= 0)) throw new Error('maxQueued must be a non-negative integer');
  }

  /** Runs `task` when a place is free; refuses (PoolFullError) when the queue is full too. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running < this.concurrency) {
      this.#running++;
    } else if (this.#waiting.length < this.maxQueued) {
      // The finishing task hands its place over (#release), so the running count stays the same.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#refused++;
      throw new PoolFullError();
    }
    this.#started++;
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#running--;
  }

  /** Now running and waiting; tasks started and refused since the pool was made. */
  stats(): PoolStats {
    return { running: this.#running, queued: this.#waiting.length, started: this.#started, refused: this.#refused };
  }
}

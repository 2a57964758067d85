/**
 * collectGarbage (decision 025): in a process of its own, so that what it frees is only what the
 * test let go of.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';

type Outcome = { before: number; after: number; collected: boolean; gcVisible: boolean };

/**
 * Lets go of 160 MB of written typed arrays and an object only a WeakRef points at, then prints the
 * array buffers held before and after the collection (MB), whether the object was collected, and
 * whether `gc` leaked.
 */
function arrayBuffersAroundCollection(): Outcome {
  const script = `
    import { collectGarbage } from ${JSON.stringify(path.join(REPO_ROOT, 'apps/server/src/process/collect-garbage.ts'))};
    const megabytes = () => Math.round(process.memoryUsage().arrayBuffers / 2 ** 20);
    let arrays = Array.from({ length: 20 }, () => new Uint32Array(2_000_000).fill(7));
    // Counted while still held (V8 may collect some as soon as they are let go of, on its own).
    const before = megabytes();
    arrays = undefined;
    // An object only a WeakRef points at is gone once a full collection has run (a WeakRef keeps its
    // target until the job that made it ends, hence the timer first); without one it stays.
    let target = { rows: Array.from({ length: 1000 }, (_, i) => i) };
    const ref = new WeakRef(target);
    target = undefined;
    await new Promise((resolve) => setTimeout(resolve, 0));
    await collectGarbage();
    const collected = ref.deref() === undefined;
    // The buffers' memory is freed by V8's sweeper after the collection, beside the program: on a
    // busy machine a moment later.
    for (let waited = 0; megabytes() >= 20 && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    console.log(JSON.stringify({ before, after: megabytes(), collected, gcVisible: typeof globalThis.gc === 'function' }));`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim()) as Outcome;
}

describe('collectGarbage', () => {
  it('returns what was let go of, without exposing gc to the program', () => {
    const { before, after, collected, gcVisible } = arrayBuffersAroundCollection();
    expect(collected).toBe(true);
    expect(before).toBeGreaterThanOrEqual(150);
    expect(after).toBeLessThan(20);
    expect(gcVisible).toBe(false);
  }, 60_000);
});

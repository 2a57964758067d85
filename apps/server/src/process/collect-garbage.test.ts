/**
 * collectGarbage (decision 025): in a process of its own, so that what it frees is only what the
 * test let go of.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../config.js';

/** Lets go of 160 MB of written typed arrays, then prints the array buffers held before and after the collection (MB) and whether `gc` leaked. */
function arrayBuffersAroundCollection(): { before: number; after: number; gcVisible: boolean } {
  const script = `
    import { collectGarbage } from ${JSON.stringify(path.join(REPO_ROOT, 'apps/server/src/process/collect-garbage.ts'))};
    const megabytes = () => Math.round(process.memoryUsage().arrayBuffers / 2 ** 20);
    let arrays = Array.from({ length: 20 }, () => new Uint32Array(2_000_000).fill(7));
    arrays = undefined;
    const before = megabytes();
    await collectGarbage();
    console.log(JSON.stringify({ before, after: megabytes(), gcVisible: typeof globalThis.gc === 'function' }));`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return JSON.parse(output.trim()) as { before: number; after: number; gcVisible: boolean };
}

describe('collectGarbage', () => {
  it('returns what was let go of, without exposing gc to the program', () => {
    const { before, after, gcVisible } = arrayBuffersAroundCollection();
    expect(before).toBeGreaterThanOrEqual(150);
    expect(after).toBeLessThan(20);
    expect(gcVisible).toBe(false);
  }, 60_000);
});

/**
 * The heap's growth between full collections (decision 025): the setting's parsing, and that the
 * factor set at run time holds the heap of a churning process near its live objects.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_HEAP_GROWTH_PERCENT, loadConfig, REPO_ROOT } from '../config.js';

/**
 * A process that keeps its last 800,000 strings live while it makes 10 million more and as many
 * short-lived objects, and prints the largest its heap became, in MB. The same work each time, so
 * only the growth factor differs.
 */
function heapAfterChurn(percent: number): number {
  const script = `
    import { limitHeapGrowth } from ${JSON.stringify(path.join(REPO_ROOT, 'apps/server/src/process/heap-growth.ts'))};
    limitHeapGrowth(${percent});
    const kept = [];
    let peak = 0;
    for (let round = 0; round < 100; round++) {
      kept.push(Array.from({ length: 100_000 }, (_, i) => 'kept ' + i + ' ' + round));
      if (kept.length > 8) kept.shift();
      for (let i = 0; i < 100_000; i++) globalThis.last = { i, text: 'short ' + i };
      peak = Math.max(peak, process.memoryUsage().heapTotal);
    }
    console.log(Math.round(peak / 2 ** 20));`;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  return Number(output.trim());
}

describe('HEAP_GROWTH_PERCENT', () => {
  it('is 30 unless set; 0 leaves the growth to V8; a negative or non-numeric value is refused', () => {
    expect(loadConfig({}).heapGrowthPercent).toBe(DEFAULT_HEAP_GROWTH_PERCENT);
    expect(DEFAULT_HEAP_GROWTH_PERCENT).toBe(30);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: '50' }).heapGrowthPercent).toBe(50);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: '-5' })).toThrow(/HEAP_GROWTH_PERCENT/);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: 'small' })).toThrow(/HEAP_GROWTH_PERCENT/);
  });

  it("keeps a churning process's heap well under what V8's own growth lets it reach", () => {
    const own = heapAfterChurn(0);
    const limited = heapAfterChurn(DEFAULT_HEAP_GROWTH_PERCENT);
    expect(limited).toBeLessThan(own * 0.7);
  }, 60_000);
});

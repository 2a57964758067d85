#!/usr/bin/env node
// `npm test`: every test of the project. Vitest (unit, component and API tests against a real
// database), then Playwright end to end in the system Chromium against a started server.
// `--vitest-only` runs just the first part (the PostgreSQL pass of .ci/run uses it).
// Prints one closing line "tests: N passed, N failed" and writes it to test-results/summary-<label>.json.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const resultsDir = path.join(root, 'test-results');
const vitestOnly = process.argv.includes('--vitest-only');
const label = process.env.DATABASE_URL ? 'postgres' : 'embedded';
mkdirSync(resultsDir, { recursive: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;

const vitestJson = path.join(resultsDir, `vitest-${label}.json`);
rmSync(vitestJson, { force: true });
const vitestStatus = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
const vitest = readJson(vitestJson);
if (vitest) {
  totals.passed += vitest.numPassedTests;
  totals.failed += vitest.numFailedTests;
  totals.skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
}
if (vitestStatus !== 0 || !vitest) {
  exitCode = 1;
  if (!vitest) totals.failed += 1;
}

if (!vitestOnly) {
  const e2eJson = path.join(resultsDir, 'e2e-results.json');
  rmSync(e2eJson, { force: true });
  const buildStatus = run('npm', ['run', 'build', '-w', 'apps/web']);
  const e2eStatus =
    buildStatus === 0
      ? run('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson })
      : 1;
  const e2e = existsSync(e2eJson) ? readJson(e2eJson) : undefined;
  if (e2e?.stats) {
    totals.passed += e2e.stats.expected + (e2e.stats.flaky ?? 0);
    totals.failed += e2e.stats.unexpected;
    totals.skipped += e2e.stats.skipped;
  }
  // Errors outside any test (a web server that would not start, a spec that does not load) fail the
  // run too: the count must never read "0 failed" for a suite that did not run.
  if (e2e?.errors?.length) totals.failed += e2e.errors.length;
  if (e2eStatus !== 0 || !e2e) {
    exitCode = 1;
    if (!e2e) totals.failed += 1;
  }
}

writeFileSync(path.join(resultsDir, `summary-${label}.json`), JSON.stringify(totals));
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode);

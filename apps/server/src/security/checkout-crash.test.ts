/**
 * Issue 17: a paid checkout's completion with the server killed (SIGKILL) at each step between the
 * payment's success and the order's commit, restarted and completed again, ends in exactly one order
 * (checkout-crash-cycles.ts describes a cycle; modules/checkout/crash-points.ts the steps).
 *
 * Each cycle starts a real server process, which costs seconds. On PostgreSQL (DATABASE_URL set)
 * `npm test` runs 20 cycles; on the embedded database, where every start also reopens PGlite,
 * 6 cycles: one per step. `npm run soak` runs 500 (CRASH_CYCLES overrides both here).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CRASH_STEPS } from '../modules/checkout/index.js';
import { databaseUrlWith } from '../test-support/global-setup.js';
import { runCrashCycles } from './checkout-crash-cycles.js';

const postgresUrl = process.env.DATABASE_URL;
const cycles = Number(process.env.CRASH_CYCLES) || (postgresUrl ? 20 : CRASH_STEPS.length);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-crash-'));
const databaseName = `portal_crash_${randomBytes(5).toString('hex')}`;

afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (postgresUrl) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
    await admin.end();
  }
});

describe('checkout completion killed at each step', () => {
  it(
    `ends in exactly one order per paid checkout (${cycles} cycles)`,
    async () => {
      let databaseUrl: string | undefined;
      if (postgresUrl) {
        const admin = new pg.Client({ connectionString: postgresUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE ${databaseName}`);
        await admin.end();
        databaseUrl = databaseUrlWith(postgresUrl, databaseName);
      }
      const report = await runCrashCycles({ cycles, dataDir, databaseUrl });
      expect(report.problems).toEqual([]);
      expect(report.checkouts).toBe(cycles);
      expect(Object.values(report.ordersPerCheckout)).toEqual(Array(cycles).fill(1));
    },
    Math.max(1_200_000, cycles * 60_000),
  );
});

/**
 * `npm run portal -- import synonyms FILE --catalog=ID` in process on a seeded test database
 * (PGlite, or PostgreSQL with DATABASE_URL): the file replaces the catalog's sets, bad lines are
 * listed on stderr with nothing written and exit code 1, bad arguments exit 2.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.js';
import { catalogSearchTotals, catalogSynonyms } from '../modules/catalog/schema.js';
import { runPortal } from '../test-support/portal-cli.js';
import { createTestDatabase } from '../test-support/test-database.js';

let handle: DatabaseHandle;
let folder: string;
beforeAll(async () => {
  handle = await createTestDatabase();
  folder = mkdtempSync(path.join(tmpdir(), 'portal-synonyms-'));
});
afterAll(async () => {
  await handle.close();
  rmSync(folder, { recursive: true, force: true });
});

/** `database: false` fails the test if the command opens the database. */
const portal = (argv: string[], options: { database?: boolean } = {}) =>
  runPortal(argv, async () => {
    if (options.database === false) throw new Error('the database was opened');
    return handle.db;
  });

const file = (name: string, text: string) => {
  const at = path.join(folder, name);
  writeFileSync(at, text);
  return at;
};

const stored = async (catalogId = 'lifts') =>
  (await handle.db.select().from(catalogSynonyms).where(eq(catalogSynonyms.catalogId, catalogId)))[0]?.sets ?? [];
const version = async () =>
  (await handle.db.select().from(catalogSearchTotals).where(eq(catalogSearchTotals.catalogId, 'lifts')))[0]!.version;

describe('import synonyms', () => {
  it('stores one set per line, terms trimmed and lower-cased, ignoring empty cells and lines; exits 0', async () => {
    const before = await version();
    const csv = file('synonyms.csv', '\uFEFFTwo Post, 2 post ,2-post,,\r\n\r\n"tire","tyre"\r\n"lift, 4 post",four post lift\n');
    const run = await portal(['import', 'synonyms', csv, '--catalog=lifts']);
    expect(run.err).toBe('');
    expect(run.code).toBe(0);
    expect(run.out).toBe(`${csv}: catalog lifts has 3 synonym sets now.`);
    expect(await stored()).toEqual([
      ['two post', '2 post', '2-post'],
      ['tire', 'tyre'],
      ['lift, 4 post', 'four post lift'],
    ]);
    expect(await version()).toBeGreaterThan(before);
  });

  it('replaces the sets of the catalog with the file’s', async () => {
    await portal(['import', 'synonyms', file('first.csv', 'a,b\nc,d\n'), '--catalog=lifts']);
    const run = await portal(['import', 'synonyms', file('second.csv', 'scissor,scissor lift\n'), '--catalog=lifts']);
    expect(run.code).toBe(0);
    expect(await stored()).toEqual([['scissor', 'scissor lift']]);
    expect(await stored('show')).toEqual([]);
  });

  it('lists every bad line on stderr, writes nothing and exits 1', async () => {
    await portal(['import', 'synonyms', file('kept.csv', 'kept,still kept\n'), '--catalog=lifts']);
    const bad = file('bad.csv', `ok,fine\nalone\nsame,SAME\nx,${'y'.repeat(101)}\n`);
    const run = await portal(['import', 'synonyms', bad, '--catalog=lifts']);
    expect(run.code).toBe(1);
    expect(run.out).toBe('');
    expect(run.err).toBe(
      [
        `${bad}: Line 2: A set needs at least 2 different terms.`,
        'Line 3: A set needs at least 2 different terms.',
        'Line 4: A term is longer than 100 characters.',
        'Nothing was imported.',
      ].join('\n'),
    );
    expect(await stored()).toEqual([['kept', 'still kept']]);

    const tooMany = file('many.csv', Array.from({ length: 1001 }, (_, i) => `a${i},b${i}`).join('\n'));
    const many = await portal(['import', 'synonyms', tooMany, '--catalog=lifts']);
    expect(many.code).toBe(1);
    expect(many.err).toContain('The file has 1001 sets; a catalog has at most 1000.');
    const notCsv = await portal(['import', 'synonyms', file('quote.csv', '"a,b\n'), '--catalog=lifts']);
    expect(notCsv.code).toBe(1);
    expect(notCsv.err).toMatch(/The file is not valid CSV/);
    expect(await stored()).toEqual([['kept', 'still kept']]);
  });

  it('refuses an unknown catalog and a missing file with exit code 1', async () => {
    const unknown = await portal(['import', 'synonyms', file('ok.csv', 'a,b\n'), '--catalog=nope']);
    expect(unknown).toMatchObject({ code: 1, out: '' });
    expect(unknown.err).toContain('No catalog has the id nope.');
    const missing = await portal(['import', 'synonyms', path.join(folder, 'absent.csv'), '--catalog=lifts']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('no such file');
  });

  it('exits 2 on bad arguments without opening the database, and documents the command in --help', async () => {
    const csv = file('args.csv', 'a,b\n');
    for (const argv of [
      ['import', 'synonyms', csv],
      ['import', 'synonyms', '--catalog=lifts'],
      ['import', 'synonyms', csv, '--catalog=lifts', '--skip-invalid'],
      ['import', 'synonyms', csv, '--catalog=lifts', '--price-list=1'],
      ['import', 'synonyms', csv, 'extra', '--catalog=lifts'],
    ]) {
      const run = await portal(argv, { database: false });
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.err).not.toBe('');
    }
    const help = await portal(['import', '--help'], { database: false });
    expect(help.code).toBe(0);
    expect(help.out).toContain('import synonyms FILE --catalog=ID');
    expect((await portal(['--help'], { database: false })).out).toContain('import synonyms FILE --catalog=ID');
  });
});

/**
 * Catalog, stock and price imports against a seeded database (PGlite, or PostgreSQL with
 * DATABASE_URL): round trip of the export, idempotence, row errors with line numbers and nothing
 * written, --skip-invalid, and the catalog search rows and totals kept in step (decision 008).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client.js';
import { catalogSearch, catalogSearchTotals, priceListItems, products, stock } from '../catalog/schema.js';
import { createTestDatabase } from '../../test-support/test-database.js';
import { exportCatalogFile } from './catalog-file.js';
import { readImportCsv } from './csv-input.js';
import { ImportFileError, ImportRejectedError, describeRowErrors } from './errors.js';
import { runImport, type ImportTarget } from './service.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

const exportText = async (catalogId: string) => {
  let text = '';
  await exportCatalogFile(handle.db, catalogId, (chunk) => {
    text += chunk;
  });
  return text;
};

const importCsv = (target: ImportTarget, text: string, options: { skipInvalid?: boolean; batchSize?: number } = {}) =>
  runImport(handle.db, target, 'Line', readImportCsv(target.kind, text), options);

const totals = async (catalogId: string) =>
  (await handle.db.select().from(catalogSearchTotals).where(eq(catalogSearchTotals.catalogId, catalogId)))[0]!;

async function rejection(promise: Promise<unknown>): Promise<ImportRejectedError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportRejectedError);
  return error as ImportRejectedError;
}

const HEADER =
  'sku,brand,model,label,shortDescription,price,msrp,netAvailable,nextReceiptDate,weight,length,width,height,requiresFlatbed,requiresForkLift,requiresLiftGate,requiresResidential,isSmallParcel,category,warrantyMonths';

describe('catalog import', () => {
  it('imports its own export unchanged, row for row, and writes nothing', async () => {
    const before = await exportText('lifts');
    const lines = before.trimEnd().split('\r\n');
    expect(lines[0]).toBe(HEADER);
    expect(lines.length).toBeGreaterThan(50);
    const version = (await totals('lifts')).version;

    const result = await importCsv({ kind: 'catalog', catalogId: 'lifts' }, before, { batchSize: 37 });
    expect(result).toMatchObject({ rows: lines.length - 1, inserted: 0, updated: 0, unchanged: lines.length - 1, skipped: 0 });
    expect(await exportText('lifts')).toBe(before);
    expect((await totals('lifts')).version).toBe(version);
  });

  it('upserts by SKU: a changed label reaches the search rows, a new SKU is listed and counted, a price lands in the catalog price list', async () => {
    const before = await exportText('lifts');
    const [header, first, second] = before.split('\r\n');
    const cells = (line: string) => readImportCsv('catalog', `${header}\r\n${line}\r\n`)[0]!.cells as Record<string, string>;
    const a = cells(first!);
    const b = cells(second!);
    const { products: count, version } = await totals('lifts');
    const file = [
      header,
      first!.replace(a.label!, 'Renamed Zebra Lift'),
      second!.replace(`,${b.price},`, ',1234.56,'),
      'NEW-IMPORT-1,Acme,AX1,Imported Quokka Jack,A jack,99.00,120.00,0,,10,1,2,3,false,false,true,false,true, Jacks ,24',
    ].join('\r\n');

    const result = await importCsv({ kind: 'catalog', catalogId: 'lifts' }, file);
    expect(result).toMatchObject({ rows: 3, inserted: 1, updated: 2, unchanged: 0 });

    const after = await totals('lifts');
    expect(after.products).toBe(count + 1);
    expect(after.version).toBeGreaterThan(version);
    const [renamed] = await handle.db
      .select({ labelKey: catalogSearch.labelKey })
      .from(catalogSearch)
      .where(and(eq(catalogSearch.catalogId, 'lifts'), eq(catalogSearch.sku, a.sku!)));
    expect(renamed!.labelKey).toBe('renamed zebra lift');
    const [added] = await handle.db.select().from(products).where(eq(products.sku, 'NEW-IMPORT-1'));
    expect(added).toMatchObject({
      brand: 'Acme',
      label: 'Imported Quokka Jack',
      msrpCents: 12000,
      // Issue 37: the warranty column.
      warrantyMonths: 24,
      requiresLiftGate: true,
      isSmallParcel: true,
      height: 3,
      category: 'Jacks',
    });
    const newSearchRow = await handle.db.select().from(catalogSearch).where(eq(catalogSearch.sku, 'NEW-IMPORT-1'));
    expect(newSearchRow.map((r) => [r.catalogId, r.category])).toEqual([['lifts', 'Jacks']]);
    const exported = await exportText('lifts');
    expect(exported).toContain(
      'NEW-IMPORT-1,Acme,AX1,Imported Quokka Jack,A jack,99.00,120.00,0,,10,1,2,3,false,false,true,false,true,Jacks,24\r\n',
    );
    expect(exported).toContain(`${b.sku},`);
    expect(exported.split('\r\n').find((l) => l.startsWith(`${b.sku},`))).toContain(',1234.56,');

    // The same file again changes nothing.
    const again = await importCsv({ kind: 'catalog', catalogId: 'lifts' }, file);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 3 });
    expect((await totals('lifts')).version).toBe(after.version);
  });

  it('reads the category column: a changed category reaches the search rows, a file without the column keeps it, an empty cell clears it', async () => {
    const { sku, category } = (
      await handle.db.execute(
        sql`SELECT p.sku, p.category FROM products p JOIN catalog_products cp ON cp.sku = p.sku WHERE cp.catalog_id = 'lifts' AND p.category <> '' ORDER BY p.sku LIMIT 1`,
      )
    ).rows[0] as { sku: string; category: string };
    const stored = async () => {
      const [product] = await handle.db
        .select({ category: products.category, label: products.label })
        .from(products)
        .where(eq(products.sku, sku));
      const searchRows = await handle.db.select({ category: catalogSearch.category }).from(catalogSearch).where(eq(catalogSearch.sku, sku));
      return { ...product!, search: [...new Set(searchRows.map((r) => r.category))] };
    };
    const [before] = await handle.db.select().from(products).where(eq(products.sku, sku));
    const row = (cells: string) =>
      `sku,brand,label,msrp${cells ? ',category' : ''}\n${sku},${before!.brand},"${before!.label}",${(before!.msrpCents / 100).toFixed(2)}`;

    const version = (await totals('lifts')).version;
    expect(await importCsv({ kind: 'catalog', catalogId: 'lifts' }, `${row('x')},Heavy Lifts\n`)).toMatchObject({ updated: 1 });
    expect(await stored()).toMatchObject({ category: 'Heavy Lifts', search: ['Heavy Lifts'] });
    expect((await totals('lifts')).version).toBeGreaterThan(version);

    // Without the column (CSV and JSON alike) the category stays.
    expect(await importCsv({ kind: 'catalog', catalogId: 'lifts' }, `${row('')}\n`)).toMatchObject({ unchanged: 1 });
    const json = await runImport(handle.db, { kind: 'catalog', catalogId: 'lifts' }, 'Row', [
      { position: 1, cells: { sku, brand: before!.brand, label: before!.label, msrp: before!.msrpCents / 100, category: null } },
    ]);
    expect(json).toMatchObject({ unchanged: 1 });
    expect((await stored()).category).toBe('Heavy Lifts');

    // JSON sets it (trimmed); an empty CSV cell clears it.
    await runImport(handle.db, { kind: 'catalog', catalogId: 'lifts' }, 'Row', [
      {
        position: 1,
        cells: { sku, brand: before!.brand, label: before!.label, msrp: before!.msrpCents / 100, category: `  ${category} ` },
      },
    ]);
    expect(await stored()).toMatchObject({ category, search: [category] });
    await importCsv({ kind: 'catalog', catalogId: 'lifts' }, `${row('x')},\n`);
    expect(await stored()).toMatchObject({ category: '', search: [''] });
    await importCsv({ kind: 'catalog', catalogId: 'lifts' }, `${row('x')},${category}\n`);
    expect((await stored()).category).toBe(category);

    // Longer than 100 characters: the row is refused with its line, and nothing is written.
    const error = await rejection(importCsv({ kind: 'catalog', catalogId: 'lifts' }, `${row('x')},${'c'.repeat(101)}\n`));
    expect(describeRowErrors(error.place, error.errors, error.invalidRows)).toEqual([
      { field: 'category', message: 'Line 2: The category is longer than 100 characters.' },
    ]);
    expect((await stored()).category).toBe(category);
  });

  it('reports every bad row with its line and reason, and writes nothing', async () => {
    const version = (await totals('lifts')).version;
    const file = [
      'sku,brand,label,msrp,weight,requiresFlatbed',
      'GOOD-1,Acme,Good One,10.00,5,false',
      'BAD-1,Acme,Bad Price,ten dollars,5,false',
      '"BAD 2",Acme,Space In Sku,10.00,5,false',
      'BAD-3,,No Brand,10.00,-4,maybe',
      'GOOD-1,Acme,Repeated,10.00,5,false',
      'BAD-5,Acme,Short Row',
    ].join('\n');
    const error = await rejection(importCsv({ kind: 'catalog', catalogId: 'lifts' }, file));
    const messages = describeRowErrors(error.place, error.errors, error.invalidRows).map((m) => `${m.field}|${m.message}`);
    expect(messages).toEqual([
      'msrp|Line 3: The MSRP must be an amount in dollars such as 1234.50 (at most 9999999.99).',
      'sku|Line 4: The SKU must not contain spaces or commas.',
      'brand|Line 5: The brand is required.',
      'weight|Line 5: The weight must be a whole number from 0 to 2147483647.',
      'requiresFlatbed|Line 5: requiresFlatbed must be true or false.',
      'sku|Line 6: SKU GOOD-1 appears again (first at 2).',
      '|Line 7: The row has 3 values; the first line names 6 columns.',
    ]);
    expect(error.invalidRows).toBe(5);
    expect(await handle.db.select().from(products).where(eq(products.sku, 'GOOD-1'))).toEqual([]);
    expect((await totals('lifts')).version).toBe(version);

    const skipped = await importCsv({ kind: 'catalog', catalogId: 'lifts' }, file, { skipInvalid: true });
    expect(skipped).toMatchObject({ rows: 6, inserted: 1, updated: 0, unchanged: 0, skipped: 5 });
    expect((await handle.db.select().from(products).where(eq(products.sku, 'GOOD-1')))[0]).toMatchObject({ label: 'Good One', weight: 5 });
  });

  it('refuses a file with unknown or missing columns, and an unknown catalog', async () => {
    expect(() => readImportCsv('catalog', 'sku,brand,label,msrp,colour\nA,B,C,1.00,red\n')).toThrow('Unknown column "colour"');
    expect(() => readImportCsv('catalog', 'sku,brand,label\nA,B,C\n')).toThrow('The first line lacks the column msrp.');
    expect(() => readImportCsv('catalog', '')).toThrow(ImportFileError);
    expect(() => readImportCsv('catalog', 'sku,brand,label,msrp\n"A,B,C,1.00\n')).toThrow('The file is not valid CSV');
    await expect(importCsv({ kind: 'catalog', catalogId: 'nope' }, 'sku,brand,label,msrp\nA,B,C,1.00\n')).rejects.toThrow(
      'No catalog has the id nope.',
    );
  });

  it('reads back the apostrophe the export puts before formula-like text', async () => {
    const file = `sku,brand,label,msrp\nFORMULA-1,Acme,"'=1+2 Lift",10.00\n`;
    await importCsv({ kind: 'catalog', catalogId: 'show' }, file);
    expect((await handle.db.select().from(products).where(eq(products.sku, 'FORMULA-1')))[0]!.label).toBe('=1+2 Lift');
    expect(await exportText('show')).toContain(`FORMULA-1,Acme,,'=1+2 Lift,`);
  });
});

describe('stock and price imports', () => {
  it('sets warehouse quantities by SKU and warehouse, idempotently, and refuses unknown SKUs and warehouses', async () => {
    const { sku } = (await handle.db.execute(sql`SELECT sku FROM catalog_products WHERE catalog_id = 'lifts' ORDER BY sku LIMIT 1`))
      .rows[0] as { sku: string };
    const file = `sku,warehouse,quantity\n${sku},W110,42\n${sku},B250,7\n`;
    const first = await importCsv({ kind: 'stock' }, file);
    expect(first.inserted + first.updated + first.unchanged).toBe(2);
    const rows = await handle.db.select().from(stock).where(eq(stock.sku, sku));
    expect(Object.fromEntries(rows.map((r) => [r.warehouseCode, r.quantity]))).toMatchObject({ W110: 42, B250: 7 });
    expect(await importCsv({ kind: 'stock' }, file)).toMatchObject({ inserted: 0, updated: 0, unchanged: 2 });

    const error = await rejection(
      importCsv({ kind: 'stock' }, `sku,warehouse,quantity\n${sku},W110,1\nNO-SUCH-SKU,W110,1\n${sku},XX99,1\n${sku},C320,-1\n`),
    );
    expect(error.errors.map((e) => [e.position, e.field])).toEqual([
      [3, 'sku'],
      [4, 'warehouse'],
      [5, 'quantity'],
    ]);
    expect(error.errors[0]!.message).toBe('No product has the SKU NO-SUCH-SKU.');
    expect(
      (
        await handle.db
          .select()
          .from(stock)
          .where(and(eq(stock.sku, sku), eq(stock.warehouseCode, 'W110')))
      )[0]!.quantity,
    ).toBe(42);
  });

  it('sets prices of a price list and refuses an unknown price list', async () => {
    const { sku, price_list_id: priceListId } = (
      await handle.db.execute(
        sql`SELECT cp.sku, c.price_list_id FROM catalog_products cp JOIN catalogs c ON c.id = cp.catalog_id WHERE c.id = 'show' ORDER BY cp.sku LIMIT 1`,
      )
    ).rows[0] as { sku: string; price_list_id: number };
    const result = await importCsv({ kind: 'prices', priceListId }, `sku,price\n${sku},77.10\n`);
    expect(result.inserted + result.updated).toBe(1);
    const [item] = await handle.db
      .select()
      .from(priceListItems)
      .where(and(eq(priceListItems.priceListId, priceListId), eq(priceListItems.sku, sku)));
    expect(item!.priceCents).toBe(7710);
    await expect(importCsv({ kind: 'prices', priceListId: 99999 }, `sku,price\n${sku},1.00\n`)).rejects.toThrow(
      'No price list has the id 99999.',
    );
  });
});

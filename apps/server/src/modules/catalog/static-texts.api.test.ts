/**
 * The row-only fragments of a product's JSON, kept in product_texts by the triggers of
 * drizzle/0035, are written by concatenation for speed and must be byte for byte what row_to_json
 * writes over the same named columns, as the priced statements wrote them before: on every demo
 * product, and on products whose texts hold what JSON must escape and whose JSON columns are
 * nested or empty. They follow every way a product is written (insert, update, upsert, delete), and
 * their row (its xmin: the server's text cache's key) is rewritten only when they change.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../../test-support/test-database.js';
import type { DatabaseHandle } from '../../db/client.js';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

/** row_to_json of the fragments' columns under their JSON names: how the statements wrote them before. */
const rowToJsonHead = sql`(SELECT row_to_json(h) FROM (SELECT p.sku AS "sku", p.brand AS "brand", p.model AS "model") h)::text`;
const rowToJsonTail = sql`(SELECT row_to_json(t) FROM (SELECT
    (SELECT row_to_json(e) FROM (SELECT
      p.label AS "label", p.short_description AS "shortDescription", p.medium_description AS "mediumDescription",
      p.long_description AS "longDescription", p.features AS "features", p.specifications AS "specifications",
      p.in_the_box AS "inTheBox", p.images AS "images", p.downloads AS "downloads") e) AS "eCommerceInformation",
    (SELECT row_to_json(w) FROM (SELECT
      p.weight AS "weight", p.length AS "length", p.width AS "width", p.height AS "height",
      p.requires_geo_warehouse AS "requiresGeoWarehouse", p.requires_flatbed AS "requiresFlatbed",
      p.requires_fork_lift AS "requiresForkLift", p.requires_lift_gate AS "requiresLiftGate",
      p.requires_residential AS "requiresResidential", p.is_small_parcel AS "isSmallParcel") w) AS "shippingInformation") t)::text`;

type Compared = { sku: string; head: string; tail: string; head_before: string; tail_before: string };

const compared = async () =>
  (
    await handle.db.execute<Compared>(sql`
      SELECT p.sku, x.head, x.tail, ${rowToJsonHead} AS head_before, ${rowToJsonTail} AS tail_before
      FROM products p LEFT JOIN product_texts x ON x.sku = p.sku ORDER BY p.sku`)
  ).rows;

describe('a product row-only JSON fragments', () => {
  it('are what row_to_json writes, on every demo product', async () => {
    const rows = await compared();
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((r) => r.head === null).map((r) => r.sku)).toEqual([]);
    const differing = rows.filter((r) => r.head !== r.head_before || r.tail !== r.tail_before);
    expect(differing.map((r) => r.sku)).toEqual([]);
  });

  it('are what row_to_json writes, for texts JSON must escape and nested, empty and unicode JSON columns', async () => {
    const awkward = 'Quote " backslash \\ tab \t newline \n return \r control \u0001 unicode é✓ 🚚 </script>';
    await handle.db.execute(sql`
      INSERT INTO products (sku, brand, model, label, short_description, medium_description, long_description,
        features, specifications, in_the_box, images, downloads, msrp_cents, weight, length, width, height,
        requires_flatbed, is_small_parcel)
      VALUES
        ('ESC-1', ${awkward}, ${awkward}, ${awkward}, ${awkward}, '', ${awkward.repeat(300)},
         ${JSON.stringify([awkward, { deep: [1, 2.5, null, true] }])}::jsonb, ${JSON.stringify({ 'Key "q"': awkward, n: -3 })}::jsonb,
         '[]'::jsonb, ${JSON.stringify([{ url: '/a b.png', alt: 'é' }])}::jsonb, '{}'::jsonb, 100, 0, 2147483647, -1, 7, true, true),
        ('ESC-2', 'B', '', 'L', '', '', '', '[]'::jsonb, '{}'::jsonb, '[]'::jsonb, '[]'::jsonb, '{}'::jsonb, 0, 0, 0, 0, 0, false, false)`);
    const rows = (await compared()).filter((r) => r.sku.startsWith('ESC-'));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.head).toBe(row.head_before);
      expect(row.tail).toBe(row.tail_before);
      expect(JSON.parse(row.tail).eCommerceInformation).toBeTypeOf('object');
    }
    expect(JSON.parse(rows[0]!.head).brand).toBe(awkward);
  });

  it('follow an update, an upsert and a delete, and keep their row when a write leaves them as they were', async () => {
    const textsOf = async (sku: string) =>
      (
        await handle.db.execute<{ rev: string; head: string; tail: string }>(
          sql`SELECT xmin::text AS rev, head, tail FROM product_texts WHERE sku = ${sku}`,
        )
      ).rows[0];
    const [sku] = (await compared()).map((r) => r.sku);
    const before = (await textsOf(sku!))!;

    // A price or a category is not in the fragments: the row, and the texts the server holds, stay.
    await handle.db.execute(sql`UPDATE products SET msrp_cents = msrp_cents + 100, category = 'Moved' WHERE sku = ${sku}`);
    expect(await textsOf(sku!)).toEqual(before);

    await handle.db.execute(sql`UPDATE products SET long_description = 'Rewritten "today"', weight = 1234 WHERE sku = ${sku}`);
    const updated = (await textsOf(sku!))!;
    expect(updated.rev).not.toBe(before.rev);
    expect(JSON.parse(updated.tail).eCommerceInformation.longDescription).toBe('Rewritten "today"');
    expect(JSON.parse(updated.tail).shippingInformation.weight).toBe(1234);

    // The catalog import's upsert: one new product and one changed in a single statement.
    await handle.db.execute(sql`
      INSERT INTO products (sku, brand, model, label, msrp_cents)
      VALUES (${sku}, 'Upserted', 'U-1', 'Upserted label', 100), ('UPS-NEW', 'New', 'N-1', 'New label', 200)
      ON CONFLICT (sku) DO UPDATE SET brand = excluded.brand, model = excluded.model, label = excluded.label`);
    const rows = (await compared()).filter((r) => r.sku === sku || r.sku === 'UPS-NEW');
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.head).toBe(row.head_before);
      expect(row.tail).toBe(row.tail_before);
    }
    expect(JSON.parse(rows.find((r) => r.sku === sku)!.head).brand).toBe('Upserted');

    await handle.db.execute(sql`DELETE FROM products WHERE sku = 'UPS-NEW'`);
    expect(await textsOf('UPS-NEW')).toBeUndefined();
  });
});

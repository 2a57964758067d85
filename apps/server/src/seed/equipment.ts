/**
 * Installed equipment of the seeded history (issue 37). Every size: each unit of a serialized
 * product (anything but an accessory) on a shipped shipment line becomes a unit of the order's
 * organization and branch, with a serial `S{document number}-{line}-{n}`, in the manufacturer's
 * register too; about two in three shipped more than three weeks ago are installed (ten days after
 * shipping) at an end customer's garage, and about half of those inspected since. The demo set also
 * gets a few named units, two serials in the register waiting for 'Register Equipment' and one
 * claim with a photo, so the screens show something on a fresh start (demo-data.md "Equipment").
 * Everything is derived from the stored orders and hashes of their numbers: deterministic.
 */
import { sql } from 'drizzle-orm';
import { deflateSync, crc32 } from 'node:zlib';
import type { Executor } from './bulk-insert.js';

const GARAGES = ['Mile High Auto Care', 'Front Range Tire & Lube', 'Canyon Collision', 'Valley Fleet Service', 'Harbor Transmission'];
const STREETS = ['4200 E Colfax Ave', '1550 Wynkoop St', '860 N Main St', '3100 Industrial Blvd', '77 Harbor Rd'];

/** Units from the shipped lines of serialized products, and the same serials in the register. */
export async function seedShippedEquipment(tx: Executor, now: Date): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const garages = sql.param(GARAGES);
  const streets = sql.param(STREETS);
  const inserted = await tx.execute(sql`
    INSERT INTO equipment (serial_number, sku, organization_id, branch_id, order_id, shipped_date, installed_on,
                           location_name, location_address, last_inspected_on)
    SELECT u.serial_number, u.sku, u.organization_id, u.branch_id, u.order_id, u.shipped_date,
           CASE WHEN u.installed THEN u.shipped_date + 10 END,
           CASE WHEN u.installed THEN (${garages}::text[])[1 + u.h % 5] ELSE '' END,
           CASE WHEN u.installed THEN (${streets}::text[])[1 + (u.h / 5) % 5] ELSE '' END,
           CASE WHEN u.installed AND u.h % 4 < 2 AND u.shipped_date + 40 <= ${today}::date
                THEN u.shipped_date + 40 + (u.h % ((${today}::date - u.shipped_date - 39)))::int END
    FROM (
      SELECT 'S' || o.document_number || '-' || sl.line_number || '-' || g.n AS serial_number, sl.sku, o.organization_id,
             o.branch_id, o.id AS order_id, s.shipped_date,
             abs(hashtext(o.document_number::text || '-' || sl.line_number || '-' || g.n)::bigint) AS h,
             (abs(hashtext(o.document_number::text || '-' || g.n)::bigint) % 3 < 2 AND s.shipped_date + 21 <= ${today}::date) AS installed
      FROM shipments s
      JOIN orders o ON o.id = s.order_id
      JOIN shipment_lines sl ON sl.shipment_id = s.id
      JOIN products p ON p.sku = sl.sku AND p.kind <> 'accessory'
      CROSS JOIN LATERAL generate_series(1, sl.quantity_shipped) AS g(n)
      WHERE s.shipped_date IS NOT NULL
    ) u
    ON CONFLICT (serial_number) DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO serial_register (serial_number, sku, organization_id, shipped_date)
    SELECT serial_number, sku, organization_id, shipped_date FROM equipment ON CONFLICT (serial_number) DO NOTHING`);
  // Inspections behind the units' last inspection dates, so their pages show a history.
  await tx.execute(sql`
    INSERT INTO equipment_inspections (equipment_id, inspected_on, inspector, passed, notes)
    SELECT id, last_inspected_on, 'ALI Certified Inspector', true, 'Annual inspection (ANSI/ALI ALOIM).'
    FROM equipment WHERE last_inspected_on IS NOT NULL`);
  return inserted.rowCount ?? 0;
}

const day = (now: Date, offsetDays: number) => new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A small PNG (a grey square) for the demo claim's photo. */
function demoPhoto(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(64, 0);
  header.writeUInt32BE(48, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(64 * 3, 0x99)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 48 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The demo's named units (demo-data.md "Equipment"): of organization 1, SUM-2P-0001 (branch 101,
 * installed 13 months ago and never inspected: overdue; with a claim In Review and its photo),
 * SUM-4P-0002 (branch 101, shipped a month ago, not installed, under warranty) and SUM-SC-0003
 * (branch 102); of organization 2, VGE-TC-0001 (branch 201). In the register only: SUM-REG-0004
 * (sold to organization 1) and VGE-REG-0002 (sold to organization 2), for 'Register Equipment'.
 */
export async function seedDemoEquipment(tx: Executor, now: Date): Promise<void> {
  const { rows } = await tx.execute(sql`
    SELECT kind, min(sku) AS sku FROM products WHERE kind IN ('two-post-lift', 'four-post-lift', 'scissor-lift', 'tire-changer', 'accessory')
    GROUP BY kind`);
  const skuOf = new Map((rows as { kind: string; sku: string }[]).map((r) => [r.kind, r.sku]));
  const units = [
    ['SUM-2P-0001', 'two-post-lift', 1, 101, day(now, -400), day(now, -395), 'Mile High Auto Care', '4200 E Colfax Ave, Denver, CO 80220'],
    ['SUM-4P-0002', 'four-post-lift', 1, 101, day(now, -30), null, '', ''],
    ['SUM-SC-0003', 'scissor-lift', 1, 102, day(now, -200), day(now, -190), 'Snake River Tire', '1200 W Main St, Boise, ID 83702'],
    ['VGE-TC-0001', 'tire-changer', 2, 201, day(now, -120), day(now, -110), 'Fresno Fleet Works', '3300 E Belmont Ave, Fresno, CA 93702'],
  ] as const;
  for (const [serial, kind, organizationId, branchNumber, shipped, installed, name, address] of units) {
    await tx.execute(sql`
      INSERT INTO equipment (serial_number, sku, organization_id, branch_id, shipped_date, installed_on, location_name, location_address)
      SELECT ${serial}, ${skuOf.get(kind)!}, ${organizationId}, b.id, ${shipped}::date, ${installed}::date, ${name}, ${address}
      FROM branches b WHERE b.organization_id = ${organizationId} AND b.branch_number = ${branchNumber}`);
    await tx.execute(sql`
      INSERT INTO serial_register (serial_number, sku, organization_id, shipped_date) VALUES (${serial}, ${skuOf.get(kind)!}, ${organizationId}, ${shipped}::date)`);
  }
  await tx.execute(sql`
    INSERT INTO serial_register (serial_number, sku, organization_id, shipped_date)
    VALUES ('SUM-REG-0004', ${skuOf.get('two-post-lift')!}, 1, ${day(now, -700)}::date),
           ('VGE-REG-0002', ${skuOf.get('four-post-lift')!}, 2, ${day(now, -500)}::date)`);
  const claim = await tx.execute(sql`
    INSERT INTO warranty_claims (organization_id, branch_id, equipment_id, created_by_user_id, status, problem_description, under_warranty, parts, created_at, updated_at)
    SELECT 1, e.branch_id, e.id, u.id, 'In Review', 'The left arm restraint does not lock; the gear is worn.', true,
           jsonb_build_array(jsonb_build_object('sku', p.sku, 'description', p.label, 'quantity', 1)),
           ${new Date(now.getTime() - 3 * 86_400_000)}, ${new Date(now.getTime() - 86_400_000)}
    FROM equipment e, users u, products p
    WHERE e.serial_number = 'SUM-2P-0001' AND u.email = 'admin@summitlift.example.com' AND p.sku = ${skuOf.get('accessory')!}
    RETURNING id`);
  const claimId = (claim.rows[0] as { id: number }).id;
  const photo = demoPhoto();
  await tx.execute(sql`INSERT INTO warranty_claim_photos (claim_id, file_name, content_type, byte_size, data)
                       VALUES (${claimId}, 'arm-restraint.png', 'image/png', ${photo.length}, ${photo})`);
  await tx.execute(sql`INSERT INTO warranty_claim_history (claim_id, status, message, changed_at)
                       VALUES (${claimId}, 'Submitted', '', ${new Date(now.getTime() - 3 * 86_400_000)}),
                              (${claimId}, 'In Review', 'We are reviewing the photos.', ${new Date(now.getTime() - 86_400_000)})`);
}

/**
 * The equipment module's writes of demo and benchmark data (issue 37; seed/equipment.ts decides
 * what, this file how): units from the seeded shipments, set-based, and the demo's named units,
 * register entries and claim.
 */
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';

type Executor = Pick<Queryable, 'execute'>;

/**
 * Each unit of a serialized product (anything but an accessory) on a shipped shipment line becomes
 * a unit of the order's organization and branch, serial `S{document number}-{line}-{n}` (n counting
 * the line's units over all its shipments), also in the register. From hashes of the numbers: about
 * two in three shipped more than three weeks ago are installed ten days after shipping at one of
 * `garages` (on one of `streets`), and about half of those inspected since, with the inspection
 * behind that date. Answers the units written.
 */
export async function insertUnitsFromShipments(db: Executor, today: string, garages: string[], streets: string[]): Promise<number> {
  const inserted = await db.execute(sql`
    INSERT INTO equipment (serial_number, sku, organization_id, branch_id, order_id, shipped_date, installed_on,
                           location_name, location_address, last_inspected_on)
    SELECT u.serial_number, u.sku, u.organization_id, u.branch_id, u.order_id, u.shipped_date,
           CASE WHEN u.installed THEN u.shipped_date + 10 END,
           CASE WHEN u.installed THEN (${sql.param(garages)}::text[])[1 + u.h % ${garages.length}] ELSE '' END,
           CASE WHEN u.installed THEN (${sql.param(streets)}::text[])[1 + (u.h / ${garages.length}) % ${streets.length}] ELSE '' END,
           CASE WHEN u.installed AND u.h % 4 < 2 AND u.shipped_date + 40 <= ${today}::date
                THEN u.shipped_date + 40 + (u.h % ((${today}::date - u.shipped_date - 39)))::int END
    FROM (
      SELECT 'S' || l.document_number || '-' || l.line_number || '-' || g.n AS serial_number, l.sku, l.organization_id,
             l.branch_id, l.order_id, l.shipped_date,
             abs(hashtext(l.document_number::text || '-' || l.line_number || '-' || g.n)::bigint) AS h,
             (abs(hashtext(l.document_number::text || '-' || g.n)::bigint) % 3 < 2 AND l.shipped_date + 21 <= ${today}::date) AS installed
      FROM (
        -- A line shipped in parts numbers its units on from the earlier shipments' (n is the unit's place in its line).
        SELECT o.document_number, sl.line_number, sl.sku, o.organization_id, o.branch_id, o.id AS order_id, s.shipped_date,
               sl.quantity_shipped,
               coalesce(sum(sl.quantity_shipped) OVER (PARTITION BY o.id, sl.line_number ORDER BY s.shipment_number, s.id
                                                       ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS shipped_before
        FROM shipments s
        JOIN orders o ON o.id = s.order_id
        JOIN shipment_lines sl ON sl.shipment_id = s.id
        JOIN products p ON p.sku = sl.sku AND p.kind <> 'accessory'
        WHERE s.shipped_date IS NOT NULL
      ) l
      CROSS JOIN LATERAL generate_series(l.shipped_before + 1, l.shipped_before + l.quantity_shipped) AS g(n)
    ) u
    ON CONFLICT (serial_number) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO serial_register (serial_number, sku, organization_id, shipped_date)
    SELECT serial_number, sku, organization_id, shipped_date FROM equipment ON CONFLICT (serial_number) DO NOTHING`);
  await db.execute(sql`
    INSERT INTO equipment_inspections (equipment_id, inspected_on, inspector, passed, notes)
    SELECT id, last_inspected_on, 'ALI Certified Inspector', true, 'Annual inspection (ANSI/ALI ALOIM).'
    FROM equipment WHERE last_inspected_on IS NOT NULL`);
  return inserted.rowCount ?? 0;
}

/** The first SKU (in SKU order) of each of these product kinds. */
export async function firstSkuOfKinds(db: Executor, kinds: string[]): Promise<Map<string, string>> {
  const { rows } = await db.execute(sql`
    SELECT kind, min(sku) AS sku FROM products WHERE kind = ANY(${sql.param(kinds)}::text[]) GROUP BY kind`);
  return new Map((rows as { kind: string; sku: string }[]).map((r) => [r.kind, r.sku]));
}

export type DemoUnit = {
  serialNumber: string;
  sku: string;
  organizationId: number;
  branchNumber: number;
  shippedDate: string;
  installedOn: string | null;
  locationName: string;
  locationAddress: string;
};

/** A unit of the organization's branch, and the same serial in the register. */
export async function insertDemoUnit(db: Executor, unit: DemoUnit): Promise<void> {
  await db.execute(sql`
    INSERT INTO equipment (serial_number, sku, organization_id, branch_id, shipped_date, installed_on, location_name, location_address)
    SELECT ${unit.serialNumber}, ${unit.sku}, ${unit.organizationId}, b.id, ${unit.shippedDate}::date, ${unit.installedOn}::date,
           ${unit.locationName}, ${unit.locationAddress}
    FROM branches b WHERE b.organization_id = ${unit.organizationId} AND b.branch_number = ${unit.branchNumber}`);
  await insertRegisterEntry(db, unit);
}

/** A serial in the manufacturer's register only (for 'Register Equipment'). */
export async function insertRegisterEntry(
  db: Executor,
  entry: { serialNumber: string; sku: string; organizationId: number; shippedDate: string },
): Promise<void> {
  await db.execute(sql`
    INSERT INTO serial_register (serial_number, sku, organization_id, shipped_date)
    VALUES (${entry.serialNumber}, ${entry.sku}, ${entry.organizationId}, ${entry.shippedDate}::date)`);
}

export type DemoClaim = {
  serialNumber: string;
  authorEmail: string;
  problemDescription: string;
  /** One of each. */
  partSku: string;
  photo: { fileName: string; contentType: string; data: Buffer };
  /** Its history, oldest first; the last line's status is the claim's. */
  history: { status: string; message: string; changedAt: Date }[];
};

/** A claim of the unit's organization and branch, under warranty, with its photo and history. */
export async function insertDemoClaim(db: Executor, claim: DemoClaim): Promise<void> {
  const first = claim.history[0]!;
  const last = claim.history[claim.history.length - 1]!;
  const inserted = await db.execute(sql`
    INSERT INTO warranty_claims (organization_id, branch_id, equipment_id, created_by_user_id, status, problem_description, under_warranty, parts, created_at, updated_at)
    SELECT e.organization_id, e.branch_id, e.id, u.id, ${last.status}, ${claim.problemDescription}, true,
           jsonb_build_array(jsonb_build_object('sku', p.sku, 'description', p.label, 'quantity', 1)),
           ${first.changedAt}, ${last.changedAt}
    FROM equipment e, users u, products p
    WHERE e.serial_number = ${claim.serialNumber} AND u.email = ${claim.authorEmail} AND p.sku = ${claim.partSku}
    RETURNING id`);
  const claimId = (inserted.rows[0] as { id: number }).id;
  const { photo } = claim;
  await db.execute(sql`INSERT INTO warranty_claim_photos (claim_id, file_name, content_type, byte_size, data)
                       VALUES (${claimId}, ${photo.fileName}, ${photo.contentType}, ${photo.data.length}, ${photo.data})`);
  for (const line of claim.history)
    await db.execute(sql`INSERT INTO warranty_claim_history (claim_id, status, message, changed_at)
                         VALUES (${claimId}, ${line.status}, ${line.message}, ${line.changedAt})`);
}

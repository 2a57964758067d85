/**
 * The equipment module's SQL (issue 37). Every read of a dealer's units, inspections, claims and
 * photos takes the organization and the branches the caller may see; nothing is read by id alone.
 * The warranty end and the next inspection are computed here, in one place, so the list can filter,
 * count and page on them (the same rules as the domain's equipment-rules.ts, held to the same edges
 * by the tests).
 */
import { sql, type SQL } from 'drizzle-orm';
import { INSPECTION_DUE_WITHIN_DAYS, INSPECTION_INTERVAL_MONTHS } from '@portal/domain/rules';
import type { SerialImportRow } from '@portal/domain';
import type { Queryable } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

const param = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}`;
const day = (column: SQL) => sql`to_char(${column}, 'YYYY-MM-DD')`;

/** The organization and the branches (ids) a read may see. */
export type EquipmentScope = { organizationId: number; branchIds: number[] };

/**
 * One branch (the list names the branch, as the screens do) is an equality, so the (organization,
 * branch, serial number) index hands its units over in serial order; `= ANY(array)` made PostgreSQL
 * walk the whole serial index filtering other branches' units out (4,000 of them for a page of 25).
 */
const scoped = (scope: EquipmentScope, alias = 'e') => {
  const column = sql.raw(`${alias}.branch_id`);
  const branches =
    scope.branchIds.length === 1 ? sql`${column} = ${scope.branchIds[0]}` : sql`${column} = ANY(${param(scope.branchIds, 'int[]')})`;
  return sql`${sql.raw(alias)}.organization_id = ${scope.organizationId} AND ${branches}`;
};

/**
 * Warranty end: install date (else ship date) plus the product's months; null when either is unknown.
 * Kept on the unit by the triggers of migration 0027 (the same rule), so it needs no product.
 */
const WARRANTY_ENDS = sql`e.warranty_ends`;
/** Next inspection: a year after the last one, or after installation before the first. */
const nextInspectionAfter = (basis: SQL) => sql`(${basis} + make_interval(months => ${sql.raw(String(INSPECTION_INTERVAL_MONTHS))}))::date`;
const NEXT_INSPECTION = nextInspectionAfter(sql`coalesce(e.last_inspected_on, e.installed_on)`);
const dueBy = (today: string) => sql`(${today}::date + ${sql.raw(String(INSPECTION_DUE_WITHIN_DAYS))})`;

export type EquipmentRecord = {
  id: number;
  serialNumber: string;
  sku: string;
  model: string;
  description: string;
  branchId: number;
  branchNumber: number;
  documentNumber: number | null;
  shippedDate: string | null;
  installedOn: string | null;
  locationName: string;
  locationAddress: string;
  warrantyMonths: number | null;
  warrantyEnds: string | null;
  underWarranty: boolean;
  lastInspectedOn: string | null;
  nextInspection: string | null;
  inspectionDue: boolean;
};

type RawEquipment = {
  id: number;
  serial_number: string;
  sku: string;
  model: string | null;
  description: string | null;
  branch_id: number;
  branch_number: number;
  document_number: string | number | null;
  shipped_date: string | null;
  installed_on: string | null;
  location_name: string;
  location_address: string;
  warranty_months: number | null;
  warranty_ends: string | null;
  under_warranty: boolean;
  last_inspected_on: string | null;
  next_inspection: string | null;
  inspection_due: boolean;
  total?: string | number;
};

const recordOf = (r: RawEquipment): EquipmentRecord => ({
  id: r.id,
  serialNumber: r.serial_number,
  sku: r.sku,
  model: r.model ?? '',
  description: r.description ?? '',
  branchId: r.branch_id,
  branchNumber: r.branch_number,
  documentNumber: r.document_number === null ? null : Number(r.document_number),
  shippedDate: r.shipped_date,
  installedOn: r.installed_on,
  locationName: r.location_name,
  locationAddress: r.location_address,
  warrantyMonths: r.warranty_months,
  warrantyEnds: r.warranty_ends,
  underWarranty: r.under_warranty,
  lastInspectedOn: r.last_inspected_on,
  nextInspection: r.next_inspection,
  inspectionDue: r.inspection_due,
});

const selectEquipment = (today: string) => sql`
  SELECT e.id, e.serial_number, e.sku, p.model, p.label AS description, e.branch_id, b.branch_number,
         o.document_number, ${day(sql`e.shipped_date`)} AS shipped_date, ${day(sql`e.installed_on`)} AS installed_on,
         e.location_name, e.location_address, p.warranty_months,
         ${day(WARRANTY_ENDS)} AS warranty_ends, coalesce(${WARRANTY_ENDS} >= ${today}::date, false) AS under_warranty,
         ${day(sql`e.last_inspected_on`)} AS last_inspected_on, ${day(NEXT_INSPECTION)} AS next_inspection,
         coalesce(${NEXT_INSPECTION} <= ${dueBy(today)}, false) AS inspection_due`;

/** A unit's branch number, product (model, label, warranty months) and order (document number). */
const UNIT_DETAIL_JOINS = sql`
  JOIN branches b ON b.id = e.branch_id
  LEFT JOIN products p ON p.sku = e.sku
  LEFT JOIN orders o ON o.id = e.order_id`;

const FROM_EQUIPMENT = sql`FROM equipment e ${UNIT_DETAIL_JOINS}`;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

export type EquipmentFilter = { keyword?: string; inspectionDue?: boolean; underWarranty?: boolean };

/**
 * The serial numbers of the scope's units a keyword matches, with the list's other filters. A keyword
 * matches the unit's serial number or location, or its product's SKU, model or description, anywhere
 * and in any case. Two arms, each through its own indexes: the units whose own text matches come from
 * the trigram index on that text beside the organization (0029); the products whose text matches
 * from the trigram index on their narrow copy (0029), and then their units from the (organization,
 * branch, SKU) index, which carries the serial number, so no branch is read unit by unit. The columns
 * are tested one by one as well, so a keyword spanning two of them matches nothing.
 */
function keywordMatches(scope: EquipmentScope, keyword: string, others: SQL[]): SQL {
  const pattern = `%${escapeLike(keyword)}%`;
  const unitText = sql`(e.serial_number || ' ' || e.location_name || ' ' || e.location_address)`;
  // The copies are lowercase already, so the keyword is lowercased once and compared with LIKE.
  const lowerPattern = sql`lower(${pattern}::text)`;
  // The form of migration 0029's index: dashes, dots and slashes as q (see there why).
  const trigramForm = (text: SQL) => sql`translate(${text}, '-./', 'qqq')`;
  const productText = trigramForm(sql`k.sku_lower || ' ' || k.model_lower || ' ' || k.label_lower`);
  const unitMatches = sql`${unitText} ILIKE ${pattern}
    AND (e.serial_number ILIKE ${pattern} OR e.location_name ILIKE ${pattern} OR e.location_address ILIKE ${pattern})`;
  const productMatches = sql`e.sku = ANY(ARRAY(SELECT k.sku FROM equipment_product_texts k
    WHERE ${productText} LIKE ${trigramForm(lowerPattern)}
      AND (k.sku_lower LIKE ${lowerPattern} OR k.model_lower LIKE ${lowerPattern} OR k.label_lower LIKE ${lowerPattern})))`;
  const where = (arm: SQL) => sql.join([scoped(scope), arm, ...others], sql` AND `);
  return sql`SELECT e.serial_number FROM equipment e WHERE ${where(unitMatches)}
    UNION SELECT e.serial_number FROM equipment e WHERE ${where(productMatches)}`;
}

/** The conditions of the filters other than the keyword. */
function filterConditions(filter: EquipmentFilter, today: string): SQL[] {
  const conditions: SQL[] = [];
  if (filter.inspectionDue) conditions.push(sql`${NEXT_INSPECTION} <= ${dueBy(today)}`);
  if (filter.underWarranty) conditions.push(sql`${WARRANTY_ENDS} >= ${today}::date`);
  return conditions;
}

const keywordOf = (filter: EquipmentFilter) => filter.keyword?.trim() || undefined;

/** The units of a list: the scope, the filters, and the keyword's matches. */
function whereOf(scope: EquipmentScope, filter: EquipmentFilter, today: string): SQL {
  const others = filterConditions(filter, today);
  const keyword = keywordOf(filter);
  const matched = keyword ? [sql`e.serial_number IN (${keywordMatches(scope, keyword, others)})`] : [];
  return sql.join([scoped(scope), ...others, ...matched], sql` AND `);
}

/**
 * The count of a page's matches. Without a keyword or the warranty filter it sums the trigger-kept
 * equipment_counts (0026) rather than reading every unit of the branches: 'Inspection due' applies
 * NEXT_INSPECTION's rule to each group's basis, so both counts agree with the rows' own rule. With
 * them it counts the matching units, through the indexes of migration 0027.
 */
function countStatement(scope: EquipmentScope, filter: EquipmentFilter, today: string, where: SQL): SQL {
  const keyword = keywordOf(filter);
  if (keyword) return sql`SELECT count(*) AS total FROM (${keywordMatches(scope, keyword, filterConditions(filter, today))}) m`;
  if (filter.underWarranty) return sql`SELECT count(*) AS total FROM equipment e WHERE ${where}`;
  const due = filter.inspectionDue ? sql` AND ${nextInspectionAfter(sql`c.inspection_basis`)} <= ${dueBy(today)}` : sql``;
  return sql`SELECT coalesce(sum(c.units), 0) AS total FROM equipment_counts c WHERE ${scoped(scope, 'c')}${due}`;
}

/** Every how many units of a branch a page anchor is kept (0030_equipment_page_anchors.sql). */
export const PAGE_ANCHOR_SPACING = 500;

/** Page anchors index all of one branch's units: a list of one branch without filters can use them. */
const usesPageAnchors = (scope: EquipmentScope, filter: EquipmentFilter) =>
  scope.branchIds.length === 1 && !keywordOf(filter) && !filter.inspectionDue && !filter.underWarranty;

/**
 * The serial numbers of a page without a keyword, from whichever end of the list is nearer: an
 * OFFSET steps over every index entry before the page, so a page in the second half is read
 * backwards from the end. `counted` (the statement's CTE) decides; the walk not taken is switched
 * off by a constant condition before it reads anything. `enabled` gates both walks (off when the
 * page starts from an anchor instead).
 */
function nearerEndWalks(where: SQL, page: { offset: number; limit: number }, enabled: SQL): SQL {
  const offset = sql`${page.offset}::bigint`;
  const limit = sql`${page.limit}::bigint`;
  const afterPage = sql`(SELECT total FROM counted) - ${offset} - ${limit}`;
  return sql`(SELECT e.serial_number FROM equipment e WHERE ${where} AND ${enabled} AND ${afterPage} >= ${offset}
      ORDER BY e.serial_number LIMIT ${limit} OFFSET ${offset})
    UNION ALL
    (SELECT e.serial_number FROM equipment e WHERE ${where} AND ${enabled} AND ${afterPage} < ${offset}
      ORDER BY e.serial_number DESC
      LIMIT greatest(0, least(${limit}, (SELECT total FROM counted) - ${offset})) OFFSET greatest(0, ${afterPage}))`;
}

/**
 * One page of the scope's units in serial-number order, with the count of all that match, in one
 * statement: the count rides on each row as a scalar subquery, so a list call is one round trip and
 * one pooled connection (two concurrent statements held two connections, and at 10 clients the
 * second waited for the pool). A page past the end has no row to carry it: the count then runs alone.
 *
 * The page's serial numbers come first, from the unit alone (without a filter, from the
 * (organization, branch, serial number) index alone), then those units with their branch, product
 * and order: 25 lookups, not offset + 25. A branch's list without filters starts from the nearest
 * page anchor before the page (fewer than 500 entries to step over, wherever the page is); anchors
 * count only for the version of the branch's units this statement sees, so they are never stale.
 * When there are none for that version, the page is walked from the nearer end and `anchorsMissing`
 * tells the caller to build them (rebuildPageAnchors).
 */
export async function findEquipmentPage(
  db: Queryable,
  scope: EquipmentScope,
  filter: EquipmentFilter,
  page: { offset: number; limit: number },
  today: string,
): Promise<{ rows: EquipmentRecord[]; total: number; anchorsMissing: boolean }> {
  const where = whereOf(scope, filter, today);
  const count = countStatement(scope, filter, today, where);
  const { limit, offset } = page;
  const keyword = keywordOf(filter);
  let statement: SQL;
  if (keyword) {
    // A keyword's matches (a few thousand at most) are found once, for both the count and the page.
    statement = sql`WITH matched AS MATERIALIZED (${keywordMatches(scope, keyword, filterConditions(filter, today))})
          ${selectEquipment(today)}, (SELECT count(*) FROM matched) AS total, false AS anchors_missing ${FROM_EQUIPMENT}
          WHERE ${scoped(scope)} AND e.serial_number IN (
            SELECT serial_number FROM matched ORDER BY serial_number LIMIT ${limit} OFFSET ${offset})
          ORDER BY e.serial_number`;
  } else if (usesPageAnchors(scope, filter)) {
    const [organizationId, branchId] = [scope.organizationId, scope.branchIds[0]!];
    statement = sql`WITH counted AS MATERIALIZED (${count}),
          anchor AS MATERIALIZED (
            SELECT a.position, a.serial_number FROM equipment_page_anchors a
            WHERE a.organization_id = ${organizationId} AND a.branch_id = ${branchId} AND a.position <= ${offset}
              AND a.version = (SELECT v.version FROM equipment_unit_versions v
                               WHERE v.organization_id = ${organizationId} AND v.branch_id = ${branchId})
            ORDER BY a.position DESC LIMIT 1)
          ${selectEquipment(today)}, (SELECT total FROM counted) AS total, NOT EXISTS (SELECT 1 FROM anchor) AS anchors_missing
          ${FROM_EQUIPMENT}
          WHERE ${scoped(scope)} AND e.serial_number IN (
            (SELECT e.serial_number FROM equipment e
              WHERE ${where} AND EXISTS (SELECT 1 FROM anchor) AND e.serial_number >= (SELECT serial_number FROM anchor)
              ORDER BY e.serial_number LIMIT ${limit} OFFSET greatest(0, ${offset}::bigint - (SELECT position FROM anchor)))
            UNION ALL
            ${nearerEndWalks(where, page, sql`NOT EXISTS (SELECT 1 FROM anchor)`)})
          ORDER BY e.serial_number`;
  } else {
    statement = sql`WITH counted AS MATERIALIZED (${count})
          ${selectEquipment(today)}, (SELECT total FROM counted) AS total, false AS anchors_missing ${FROM_EQUIPMENT}
          WHERE ${scoped(scope)} AND e.serial_number IN (${nearerEndWalks(where, page, sql`true`)})
          ORDER BY e.serial_number`;
  }
  // Prepared: planning the joins and the count took 5-14 ms on the M set, more than running them.
  const rows = await queryRows<RawEquipment & { anchors_missing: boolean }>(db, statement, { prepared: true });
  if (rows.length > 0) {
    return { rows: rows.map(recordOf), total: Number(rows[0]!.total ?? 0), anchorsMissing: rows[0]!.anchors_missing };
  }
  const [counted] = await queryRows<{ total: string | number }>(db, count, { prepared: true });
  return { rows: [], total: Number(counted?.total ?? 0), anchorsMissing: false };
}

/**
 * Builds the page anchors of a branch for the version of its units this statement sees, and drops
 * those of older versions. Two processes building at once write the same rows (same version, same
 * units); the second's conflict changes nothing. One pass over the branch's serial index (70,000
 * entries: about 20 ms), once per change of its units.
 */
export async function rebuildPageAnchors(db: Queryable, organizationId: number, branchId: number): Promise<void> {
  await db.execute(sql`
    WITH current_version AS (
      SELECT v.version FROM equipment_unit_versions v WHERE v.organization_id = ${organizationId} AND v.branch_id = ${branchId}),
    replaced AS (
      DELETE FROM equipment_page_anchors a
      WHERE a.organization_id = ${organizationId} AND a.branch_id = ${branchId} AND a.version < (SELECT version FROM current_version))
    INSERT INTO equipment_page_anchors (organization_id, branch_id, version, position, serial_number)
    SELECT ${organizationId}, ${branchId}, c.version, r.position, r.serial_number
    FROM current_version c, (
      SELECT e.serial_number, (row_number() OVER (ORDER BY e.serial_number) - 1)::int AS position
      FROM equipment e WHERE e.organization_id = ${organizationId} AND e.branch_id = ${branchId}) r
    WHERE r.position % ${PAGE_ANCHOR_SPACING} = 0
    ON CONFLICT DO NOTHING`);
}

/** Every matching unit (the CSV export), in batches after `afterSerial`. */
export async function findEquipmentBatch(
  db: Queryable,
  scope: EquipmentScope,
  filter: EquipmentFilter,
  afterSerial: string,
  limit: number,
  today: string,
): Promise<EquipmentRecord[]> {
  const rows = await queryRows<RawEquipment>(
    db,
    sql`${selectEquipment(today)} ${FROM_EQUIPMENT} WHERE ${whereOf(scope, filter, today)} AND e.serial_number > ${afterSerial}
        ORDER BY e.serial_number LIMIT ${limit}`,
  );
  return rows.map(recordOf);
}

export async function findEquipment(
  db: Queryable,
  scope: EquipmentScope,
  serialNumber: string,
  today: string,
): Promise<EquipmentRecord | undefined> {
  const [row] = await queryRows<RawEquipment>(
    db,
    sql`${selectEquipment(today)} ${FROM_EQUIPMENT} WHERE ${scoped(scope)} AND e.serial_number = ${serialNumber}`,
  );
  return row && recordOf(row);
}

/** How many of the scope's units are due for inspection within 30 days or overdue (dashboard tile). */
export async function countInspectionsDue(db: Queryable, scope: EquipmentScope, today: string): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM equipment e WHERE ${scoped(scope)} AND ${NEXT_INSPECTION} <= ${dueBy(today)}`,
  );
  return Number(row?.n ?? 0);
}

export async function updateInstallation(
  db: Queryable,
  equipmentId: number,
  values: { installedOn: string | null; locationName: string; locationAddress: string },
): Promise<void> {
  await db.execute(sql`UPDATE equipment SET installed_on = ${values.installedOn}::date, location_name = ${values.locationName},
                         location_address = ${values.locationAddress}, updated_at = now() WHERE id = ${equipmentId}`);
}

export type InspectionRecord = { id: number; inspectedOn: string; inspector: string; passed: boolean; notes: string; recordedBy: string };

export async function insertInspection(
  db: Queryable,
  equipmentId: number,
  userId: number,
  values: { inspectedOn: string; inspector: string; passed: boolean; notes: string },
): Promise<void> {
  await db.execute(sql`INSERT INTO equipment_inspections (equipment_id, inspected_on, inspector, passed, notes, recorded_by_user_id)
                       VALUES (${equipmentId}, ${values.inspectedOn}::date, ${values.inspector}, ${values.passed}, ${values.notes}, ${userId})`);
  // The latest inspection by date (one recorded late does not move the next inspection back).
  await db.execute(sql`UPDATE equipment SET last_inspected_on = (SELECT max(inspected_on) FROM equipment_inspections WHERE equipment_id = ${equipmentId}),
                         updated_at = now() WHERE id = ${equipmentId}`);
}

export async function findInspections(db: Queryable, equipmentId: number): Promise<InspectionRecord[]> {
  const rows = await queryRows<{
    id: number;
    inspected_on: string;
    inspector: string;
    passed: boolean;
    notes: string;
    recorded_by: string | null;
  }>(
    db,
    sql`SELECT i.id, ${day(sql`i.inspected_on`)} AS inspected_on, i.inspector, i.passed, i.notes,
               trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS recorded_by
        FROM equipment_inspections i LEFT JOIN users u ON u.id = i.recorded_by_user_id
        WHERE i.equipment_id = ${equipmentId} ORDER BY i.inspected_on DESC, i.id DESC`,
  );
  return rows.map((r) => ({
    id: r.id,
    inspectedOn: r.inspected_on,
    inspector: r.inspector,
    passed: r.passed,
    notes: r.notes,
    recordedBy: r.recorded_by ?? '',
  }));
}

// --- The manufacturer's register and units from shipments -----------------------------------------

export type RegisterRecord = { serialNumber: string; sku: string; organizationId: number; shippedDate: string | null };

export async function findRegisterEntry(db: Queryable, serialNumber: string): Promise<RegisterRecord | undefined> {
  const [row] = await queryRows<{ serial_number: string; sku: string; organization_id: number; shipped_date: string | null }>(
    db,
    sql`SELECT serial_number, sku, organization_id, ${day(sql`shipped_date`)} AS shipped_date FROM serial_register WHERE serial_number = ${serialNumber}`,
  );
  return row && { serialNumber: row.serial_number, sku: row.sku, organizationId: row.organization_id, shippedDate: row.shipped_date };
}

/** The organization a serial belongs to as a unit, if it is one. */
export async function findUnitOwner(db: Queryable, serialNumber: string): Promise<{ id: number; organizationId: number } | undefined> {
  const [row] = await queryRows<{ id: number; organization_id: number }>(
    db,
    sql`SELECT id, organization_id FROM equipment WHERE serial_number = ${serialNumber} FOR UPDATE`,
  );
  return row && { id: row.id, organizationId: row.organization_id };
}

/** Of `serials`, those that are units of another organization than `organizationId`. */
export async function serialsOfOtherOrganizations(db: Queryable, serials: string[], organizationId: number): Promise<Set<string>> {
  if (serials.length === 0) return new Set();
  const rows = await queryRows<{ serial_number: string }>(
    db,
    sql`SELECT serial_number FROM equipment WHERE serial_number = ANY(${param(serials, 'text[]')}) AND organization_id <> ${organizationId}`,
  );
  return new Set(rows.map((r) => r.serial_number));
}

export type NewUnit = {
  serialNumber: string;
  sku: string;
  organizationId: number;
  branchId: number;
  orderId: number | null;
  shippedDate: string | null;
  registeredByUserId: number | null;
};

/**
 * Inserts units, or updates one of the same organization already there (a shipment sent again
 * keeps its install date, location and inspections). A serial of another organization is never
 * touched: the callers refuse those first.
 */
export async function upsertUnits(db: Queryable, units: NewUnit[]): Promise<void> {
  if (units.length === 0) return;
  await db.execute(sql`
    INSERT INTO equipment AS e (serial_number, sku, organization_id, branch_id, order_id, shipped_date, registered_by_user_id)
    SELECT * FROM unnest(${param(
      units.map((u) => u.serialNumber),
      'text[]',
    )}, ${param(
      units.map((u) => u.sku),
      'text[]',
    )}, ${param(
      units.map((u) => u.organizationId),
      'int[]',
    )}, ${param(
      units.map((u) => u.branchId),
      'int[]',
    )}, ${param(
      units.map((u) => u.orderId),
      'int[]',
    )}, ${param(
      units.map((u) => u.shippedDate),
      'date[]',
    )}, ${param(
      units.map((u) => u.registeredByUserId),
      'int[]',
    )})
    ORDER BY 1
    ON CONFLICT (serial_number) DO UPDATE SET sku = excluded.sku, branch_id = excluded.branch_id,
      order_id = coalesce(excluded.order_id, e.order_id), shipped_date = coalesce(excluded.shipped_date, e.shipped_date), updated_at = now()
    WHERE e.organization_id = excluded.organization_id`);
}

/**
 * Upserts the manufacturer's register (a row equal to what is stored writes nothing); answers each
 * written serial and whether it was new.
 */
export async function upsertRegister(db: Queryable, rows: SerialImportRow[]): Promise<{ serialNumber: string; inserted: boolean }[]> {
  if (rows.length === 0) return [];
  const written = await queryRows<{ serial_number: string; inserted: boolean }>(
    db,
    sql`INSERT INTO serial_register AS r (serial_number, sku, organization_id, shipped_date)
        SELECT * FROM unnest(${param(
          rows.map((r) => r.serialNumber),
          'text[]',
        )}, ${param(
          rows.map((r) => r.sku),
          'text[]',
        )}, ${param(
          rows.map((r) => r.organizationId),
          'int[]',
        )}, ${param(
          rows.map((r) => r.shippedDate),
          'date[]',
        )})
        ORDER BY 1
        ON CONFLICT (serial_number) DO UPDATE SET sku = excluded.sku, organization_id = excluded.organization_id,
          shipped_date = excluded.shipped_date, updated_at = now()
        WHERE (r.sku, r.organization_id, r.shipped_date) IS DISTINCT FROM (excluded.sku, excluded.organization_id, excluded.shipped_date)
        RETURNING r.serial_number, (xmax = 0) AS inserted`,
  );
  return written.map((r) => ({ serialNumber: r.serial_number, inserted: r.inserted }));
}

/** Of `ids`, those that are no organization; of `skus`, those that are no product. */
export async function unknownReferences(
  db: Queryable,
  ids: number[],
  skus: string[],
): Promise<{ organizations: Set<number>; skus: Set<string> }> {
  const [orgs, products] = await Promise.all([
    queryRows<{ id: number }>(
      db,
      sql`SELECT t.id FROM unnest(${param(ids, 'int[]')}) AS t(id) WHERE NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = t.id)`,
    ),
    queryRows<{ sku: string }>(
      db,
      sql`SELECT t.sku FROM unnest(${param(skus, 'text[]')}) AS t(sku) WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.sku = t.sku)`,
    ),
  ]);
  return { organizations: new Set(orgs.map((r) => Number(r.id))), skus: new Set(products.map((r) => r.sku)) };
}

/** Units of the register's serials that now belong to another organization (a register row may not move a claimed unit). */
export async function unitsClaimedElsewhere(db: Queryable, rows: SerialImportRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const found = await queryRows<{ serial_number: string }>(
    db,
    sql`SELECT e.serial_number FROM equipment e
        JOIN unnest(${param(
          rows.map((r) => r.serialNumber),
          'text[]',
        )}, ${param(
          rows.map((r) => r.organizationId),
          'int[]',
        )}) AS t(serial_number, organization_id) ON t.serial_number = e.serial_number
        WHERE e.organization_id <> t.organization_id`,
  );
  return new Set(found.map((r) => r.serial_number));
}

/**
 * The addresses of a no-charge order: shipped to the branch's ship-to address, billed as the
 * branch's latest order was (the manufacturer's systems send the billing address with each order),
 * else to the branch's name.
 */
export async function findOrderAddresses(db: Queryable, organizationId: number, branchId: number) {
  const [row] = await queryRows<{
    organization_name: string;
    branch_name: string;
    ship_to_street1: string;
    ship_to_street2: string;
    ship_to_city: string;
    ship_to_state: string;
    ship_to_postal_code: string;
    bill_to: Record<string, string> | string | null;
  }>(
    db,
    sql`SELECT o.name AS organization_name, b.name AS branch_name, b.ship_to_street1, b.ship_to_street2, b.ship_to_city,
               b.ship_to_state, b.ship_to_postal_code,
               (SELECT x.bill_to FROM orders x WHERE x.organization_id = ${organizationId} AND x.branch_id = ${branchId}
                 ORDER BY x.entered_at DESC LIMIT 1) AS bill_to
        FROM branches b JOIN organizations o ON o.id = b.organization_id
        WHERE b.id = ${branchId} AND b.organization_id = ${organizationId}`,
  );
  if (!row) throw new Error(`Branch ${branchId} is not of organization ${organizationId}.`);
  const billTo = typeof row.bill_to === 'string' ? (JSON.parse(row.bill_to) as Record<string, string>) : row.bill_to;
  const name = `${row.organization_name} - ${row.branch_name}`;
  return {
    billTo: billTo && Object.keys(billTo).length > 0 ? billTo : { name },
    shipToName: name,
    shipToAddress1: row.ship_to_street1,
    shipToAddress2: row.ship_to_street2,
    shipToCity: row.ship_to_city,
    shipToState: row.ship_to_state,
    shipToPostalCode: row.ship_to_postal_code,
  };
}

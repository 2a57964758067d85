/**
 * Warranty claims' SQL (issue 37): claims, their photos and status history. A dealer's reads take
 * the organization and the caller's branches; the manufacturer's (integration API) read by id.
 */
import { sql } from 'drizzle-orm';
import type { WarrantyClaimStatus } from '@portal/domain/rules';
import type { Queryable } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import type { ClaimPart } from './schema.js';
import type { EquipmentScope } from './repository.js';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

const scoped = (scope: EquipmentScope) =>
  sql`c.organization_id = ${scope.organizationId} AND c.branch_id = ANY(${sql.param(scope.branchIds)}::int[])`;

export type ClaimRecord = {
  id: number;
  organizationId: number;
  branchId: number;
  equipmentId: number;
  serialNumber: string;
  sku: string;
  model: string;
  status: WarrantyClaimStatus;
  problemDescription: string;
  underWarranty: boolean;
  parts: ClaimPart[];
  orderId: number | null;
  documentNumber: number | null;
  createdByUserId: number;
  createdBy: string;
  createdByEmail: string;
  createdAt: string;
  updatedAt: string;
};

type RawClaim = {
  id: number;
  organization_id: number;
  branch_id: number;
  equipment_id: number;
  serial_number: string;
  sku: string;
  model: string | null;
  status: WarrantyClaimStatus;
  problem_description: string;
  under_warranty: boolean;
  parts: ClaimPart[] | string;
  order_id: number | null;
  document_number: string | number | null;
  created_by_user_id: number;
  created_by: string;
  created_by_email: string;
  created_at: Date | string;
  updated_at: Date | string;
};

const claimOf = (r: RawClaim): ClaimRecord => ({
  id: r.id,
  organizationId: r.organization_id,
  branchId: r.branch_id,
  equipmentId: r.equipment_id,
  serialNumber: r.serial_number,
  sku: r.sku,
  model: r.model ?? '',
  status: r.status,
  problemDescription: r.problem_description,
  underWarranty: r.under_warranty,
  parts: typeof r.parts === 'string' ? (JSON.parse(r.parts) as ClaimPart[]) : r.parts,
  orderId: r.order_id,
  documentNumber: r.document_number === null ? null : Number(r.document_number),
  createdByUserId: r.created_by_user_id,
  createdBy: r.created_by,
  createdByEmail: r.created_by_email,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

const SELECT_CLAIM = sql`
  SELECT c.id, c.organization_id, c.branch_id, c.equipment_id, e.serial_number, e.sku, p.model, c.status, c.problem_description,
         c.under_warranty, c.parts, c.order_id, o.document_number, c.created_by_user_id,
         trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS created_by, u.email AS created_by_email,
         c.created_at, c.updated_at
  FROM warranty_claims c
  JOIN equipment e ON e.id = c.equipment_id
  JOIN users u ON u.id = c.created_by_user_id
  LEFT JOIN products p ON p.sku = e.sku
  LEFT JOIN orders o ON o.id = c.order_id`;

export async function insertClaim(
  db: Queryable,
  values: {
    organizationId: number;
    branchId: number;
    equipmentId: number;
    createdByUserId: number;
    problemDescription: string;
    underWarranty: boolean;
    parts: ClaimPart[];
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO warranty_claims (organization_id, branch_id, equipment_id, created_by_user_id, problem_description, under_warranty, parts)
        VALUES (${values.organizationId}, ${values.branchId}, ${values.equipmentId}, ${values.createdByUserId}, ${values.problemDescription},
                ${values.underWarranty}, ${JSON.stringify(values.parts)}::jsonb)
        RETURNING id`,
  );
  return row!.id;
}

export async function insertPhoto(
  db: Queryable,
  claimId: number,
  photo: { fileName: string; contentType: string; data: Buffer },
): Promise<void> {
  await db.execute(sql`INSERT INTO warranty_claim_photos (claim_id, file_name, content_type, byte_size, data)
                       VALUES (${claimId}, ${photo.fileName}, ${photo.contentType}, ${photo.data.length}, ${photo.data})`);
}

/** Adds a line to the claim's history; answers its id (the mail's dedupe key). */
export async function insertHistory(db: Queryable, claimId: number, status: WarrantyClaimStatus, message: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO warranty_claim_history (claim_id, status, message) VALUES (${claimId}, ${status}, ${message}) RETURNING id`,
  );
  return row!.id;
}

export async function findClaimInScope(db: Queryable, scope: EquipmentScope, id: number): Promise<ClaimRecord | undefined> {
  const [row] = await queryRows<RawClaim>(db, sql`${SELECT_CLAIM} WHERE ${scoped(scope)} AND c.id = ${id}`);
  return row && claimOf(row);
}

/** The manufacturer's read (integration API), the claim's row locked for the change that follows. */
export async function lockClaim(db: Queryable, id: number): Promise<ClaimRecord | undefined> {
  const [locked] = await queryRows<{ id: number }>(db, sql`SELECT id FROM warranty_claims WHERE id = ${id} FOR UPDATE`);
  if (!locked) return undefined;
  const [row] = await queryRows<RawClaim>(db, sql`${SELECT_CLAIM} WHERE c.id = ${id}`);
  return row && claimOf(row);
}

export async function findClaimsInScope(db: Queryable, scope: EquipmentScope, equipmentId?: number): Promise<ClaimRecord[]> {
  const rows = await queryRows<RawClaim>(
    db,
    sql`${SELECT_CLAIM} WHERE ${scoped(scope)} ${equipmentId === undefined ? sql`` : sql`AND c.equipment_id = ${equipmentId}`}
        ORDER BY c.created_at DESC, c.id DESC LIMIT 500`,
  );
  return rows.map(claimOf);
}

export async function findPhotoList(db: Queryable, claimId: number) {
  const rows = await queryRows<{ id: number; file_name: string; content_type: string; byte_size: number }>(
    db,
    sql`SELECT id, file_name, content_type, byte_size FROM warranty_claim_photos WHERE claim_id = ${claimId} ORDER BY id`,
  );
  return rows.map((r) => ({ id: r.id, fileName: r.file_name, contentType: r.content_type, byteSize: r.byte_size }));
}

/** A photo of a claim in the scope; undefined for any other (the route answers 404). */
export async function findPhotoInScope(db: Queryable, scope: EquipmentScope, claimId: number, photoId: number) {
  const [row] = await queryRows<{ file_name: string; content_type: string; data: Buffer | Uint8Array }>(
    db,
    sql`SELECT f.file_name, f.content_type, f.data FROM warranty_claim_photos f JOIN warranty_claims c ON c.id = f.claim_id
        WHERE ${scoped(scope)} AND c.id = ${claimId} AND f.id = ${photoId}`,
  );
  return row && { fileName: row.file_name, contentType: row.content_type, data: Buffer.from(row.data) };
}

export async function findHistory(db: Queryable, claimId: number) {
  const rows = await queryRows<{ status: WarrantyClaimStatus; message: string; changed_at: Date | string }>(
    db,
    sql`SELECT status, message, changed_at FROM warranty_claim_history WHERE claim_id = ${claimId} ORDER BY id`,
  );
  return rows.map((r) => ({ status: r.status, message: r.message, changedAt: iso(r.changed_at) }));
}

export async function setClaimStatus(db: Queryable, claimId: number, status: WarrantyClaimStatus): Promise<void> {
  await db.execute(sql`UPDATE warranty_claims SET status = ${status}, updated_at = now() WHERE id = ${claimId}`);
}

export async function setClaimOrder(db: Queryable, claimId: number, orderId: number): Promise<void> {
  await db.execute(sql`UPDATE warranty_claims SET order_id = ${orderId}, updated_at = now() WHERE id = ${claimId}`);
}

/** Descriptions of the parts' SKUs; a SKU missing from the answer is no product. */
export async function productLabels(db: Queryable, skus: string[]): Promise<Map<string, string>> {
  if (skus.length === 0) return new Map();
  const rows = await queryRows<{ sku: string; label: string }>(
    db,
    sql`SELECT sku, label FROM products WHERE sku = ANY(${sql.param(skus)}::text[])`,
  );
  return new Map(rows.map((r) => [r.sku, r.label]));
}

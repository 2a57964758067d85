/**
 * Warranty claims (issue 37; interface-contract "Equipment"; decision 021). A dealer files a claim
 * against one of their units (under warranty or not: the claim records which), with up to five
 * photos checked by content and stripped of metadata (photos.ts) and the parts needed from the
 * catalog. The claim, its photos, its first history line and the `warranty_claim.submitted` event
 * are written in one transaction. The manufacturer moves the status (integration API): each change
 * is a history line and a mail to the claim's author, enqueued in the same transaction; an approved
 * claim with parts becomes a no-charge order (status Pending, so it shows in Open Orders).
 */
import { CLAIM_PART_SEARCH_LIMIT, formatDate, ORDER_STATUS, type WarrantyClaimStatus } from '@portal/domain/rules';
import type { ClaimPartSearchResponse, WarrantyClaim, WarrantyClaimSummary } from '@portal/domain';
import type { Database, Queryable } from '../../db/client.js';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.js';
import type { Principal } from '../auth/index.js';
import { findProductsInCallerCatalogs, skusInCallerCatalogs } from '../catalog/index.js';
import { enqueueMail } from '../mail/index.js';
import { enqueueOrderConfirmation, findDocumentNumberByConfirmationNumber, insertOrderLines, insertPlacedOrder } from '../orders/index.js';
import { emitEvent } from '../webhooks/index.js';
import {
  findClaimInScope,
  findClaimsInScope,
  findHistory,
  findPhotoInScope,
  findPhotoList,
  insertClaim,
  insertHistory,
  insertPhoto,
  lockClaim,
  productLabels,
  setClaimOrder,
  setClaimStatus,
  type ClaimRecord,
} from './claims-repository.js';
import { cleanPhoto, photoFileName, PhotoRefusedError } from './photos.js';
import { findEquipment, findOrderAddresses } from './repository.js';
import { equipmentScope, todayUtc } from './service.js';

const CLAIM_NOT_FOUND = () => notFound('The warranty claim was not found.');

const summaryOf = (c: ClaimRecord): WarrantyClaimSummary => ({
  id: c.id,
  serialNumber: c.serialNumber,
  model: c.model,
  status: c.status,
  underWarranty: c.underWarranty,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

async function claimView(db: Queryable, c: ClaimRecord): Promise<WarrantyClaim> {
  const [photos, history] = await Promise.all([findPhotoList(db, c.id), findHistory(db, c.id)]);
  return {
    ...summaryOf(c),
    sku: c.sku,
    problemDescription: c.problemDescription,
    createdBy: c.createdBy,
    parts: c.parts,
    photos,
    history,
    documentNumber: c.documentNumber,
  };
}

/** Each photo decoded, checked and cleaned; the first bad one refused with its place and name (400). */
function checkedPhotos(photos: { fileName: string; data: string }[]) {
  return photos.map((photo, index) => {
    try {
      const clean = cleanPhoto(Buffer.from(photo.data, 'base64'));
      return { fileName: photoFileName(photo.fileName, clean.contentType), contentType: clean.contentType, data: clean.data };
    } catch (error) {
      if (error instanceof PhotoRefusedError) throw badRequest(`photos.${index}`, `${photo.fileName} ${error.message}`);
      throw error;
    }
  });
}

/**
 * The parts named by SKU, each one a product of a catalog the caller may see (400 at the first
 * other, the same words for a product of another organization's catalog as for no product), with
 * its name as the claim keeps it.
 */
async function catalogParts(db: Database, principal: Principal, requested: { sku: string; quantity: number }[]) {
  const skus = requested.map((p) => p.sku);
  const listed = await skusInCallerCatalogs(db, principal, skus);
  const unlisted = requested.findIndex((part) => !listed.has(part.sku));
  if (unlisted >= 0) throw badRequest(`parts.${unlisted}.sku`, `${requested[unlisted]!.sku} is not a product of your catalog.`);
  const labels = await productLabels(db, skus);
  return requested.map((part) => ({ sku: part.sku, description: labels.get(part.sku) ?? '', quantity: part.quantity }));
}

/** 'Parts Needed' as the dealer types: products of their catalogs whose SKU or name holds the text. */
export async function searchClaimParts(db: Database, principal: Principal, text: string): Promise<ClaimPartSearchResponse> {
  const found = await findProductsInCallerCatalogs(db, principal, text, CLAIM_PART_SEARCH_LIMIT);
  return { parts: found.map((p) => ({ sku: p.sku, description: p.label })) };
}

export async function createClaim(
  db: Database,
  principal: Principal,
  request: {
    serialNumber: string;
    problemDescription: string;
    photos: { fileName: string; data: string }[];
    parts: { sku: string; quantity: number }[];
  },
  now = new Date(),
): Promise<WarrantyClaim> {
  const unit = await findEquipment(db, equipmentScope(principal), request.serialNumber, todayUtc(now));
  if (!unit) throw notFound(`No equipment with serial number ${request.serialNumber} was found.`);
  const photos = checkedPhotos(request.photos);
  const parts = await catalogParts(db, principal, request.parts);
  const id = await db.transaction(async (tx) => {
    const claimId = await insertClaim(tx, {
      organizationId: principal.organization.id,
      branchId: unit.branchId,
      equipmentId: unit.id,
      createdByUserId: principal.user.id,
      problemDescription: request.problemDescription,
      underWarranty: unit.underWarranty,
      parts,
    });
    for (const photo of photos) await insertPhoto(tx, claimId, photo);
    await insertHistory(tx, claimId, 'Submitted', '');
    await emitEvent(tx, 'warranty_claim.submitted', {
      id: claimId,
      organizationId: principal.organization.id,
      branchNumber: unit.branchNumber,
      serialNumber: unit.serialNumber,
      sku: unit.sku,
      model: unit.model,
      underWarranty: unit.underWarranty,
      warrantyEnds: unit.warrantyEnds,
      problemDescription: request.problemDescription,
      parts: parts.map((p) => ({ sku: p.sku, quantity: p.quantity })),
      photoCount: photos.length,
      createdByEmail: principal.user.email,
      createdAt: now.toISOString(),
    });
    return claimId;
  });
  return claimDetail(db, principal, id);
}

export async function listClaims(db: Database, principal: Principal): Promise<{ claims: WarrantyClaimSummary[] }> {
  return { claims: (await findClaimsInScope(db, equipmentScope(principal))).map(summaryOf) };
}

export async function claimDetail(db: Database, principal: Principal, id: number): Promise<WarrantyClaim> {
  const claim = await findClaimInScope(db, equipmentScope(principal), id);
  if (!claim) throw CLAIM_NOT_FOUND();
  return claimView(db, claim);
}

/** A photo of a claim the caller may see; 404 for any other, another organization's included. */
export async function claimPhoto(db: Database, principal: Principal, claimId: number, photoId: number) {
  const photo = await findPhotoInScope(db, equipmentScope(principal), claimId, photoId);
  if (!photo) throw notFound('The photo was not found.');
  return photo;
}

// --- The manufacturer's side ---------------------------------------------------------------------------

function statusMail(claim: ClaimRecord, status: WarrantyClaimStatus, message: string, historyId: number) {
  const lines = [
    `Your warranty claim ${claim.id} for serial number ${claim.serialNumber}${claim.model ? ` (${claim.model})` : ''} is now ${status}.`,
    ...(message ? ['', message] : []),
    '',
    `Filed ${formatDate(claim.createdAt)}. Open Warranty Claims in the dealer portal for its history.`,
  ];
  return {
    dedupeKey: `warranty-claim:${claim.id}:history:${historyId}`,
    to: claim.createdByEmail,
    subject: `Warranty claim ${claim.id}: ${status}`,
    text: lines.join('\n'),
  };
}

/**
 * `PUT /api/integration/warranty-claims/{id}`: a new status (or the same with a message) adds a
 * history line and mails the author; the same status without a message changes nothing (a
 * retried call mails once).
 */
export async function setClaimStatusByManufacturer(
  db: Database,
  id: number,
  update: { status: WarrantyClaimStatus; message?: string },
): Promise<{ id: number; status: WarrantyClaimStatus; changed: boolean }> {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, id);
    if (!claim) throw CLAIM_NOT_FOUND();
    const message = update.message?.trim() ?? '';
    if (claim.status === update.status && message === '') return { id, status: claim.status, changed: false };
    await setClaimStatus(tx, id, update.status);
    const historyId = await insertHistory(tx, id, update.status, message);
    await enqueueMail(tx, [statusMail(claim, update.status, message, historyId)]);
    return { id, status: update.status, changed: true };
  });
}

const APPROVED_STATES: WarrantyClaimStatus[] = ['Approved', 'Parts Shipped'];

/**
 * `POST /api/integration/warranty-claims/{id}/order`: the approved claim's parts as a no-charge
 * order of the claim's branch, entered for the claim's author and shipped to the branch. Once per
 * claim: the order's confirmation number is `WC-{id}` (a hyphen no generated code has), so a
 * repeat answers the same order.
 */
export async function placeNoChargeOrder(
  db: Database,
  id: number,
  now = new Date(),
): Promise<{ id: number; documentNumber: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const claim = await lockClaim(tx, id);
    if (!claim) throw CLAIM_NOT_FOUND();
    if (claim.documentNumber !== null) return { id, documentNumber: claim.documentNumber, created: false };
    if (!APPROVED_STATES.includes(claim.status)) throw conflict(`Claim ${id} is ${claim.status}; only an approved claim becomes an order.`);
    if (claim.parts.length === 0) throw new HttpError(409, [{ field: '', message: `Claim ${id} lists no parts.` }]);
    const confirmationNumber = `WC-${id}`;
    const addresses = await findOrderAddresses(tx, claim.organizationId, claim.branchId);
    const created = await insertPlacedOrder(tx, {
      confirmationNumber,
      organizationId: claim.organizationId,
      branchId: claim.branchId,
      enteredByUserId: claim.createdByUserId,
      purchaseOrderNumber: `Warranty claim ${id}`,
      reference: `Warranty claim ${id}, serial ${claim.serialNumber}`,
      statusCode: ORDER_STATUS.newOrder,
      enteredAt: now,
      ...addresses,
      orderCents: 0,
      notes: `No-charge warranty order for claim ${id}.`,
    });
    const documentNumber = created?.documentNumber ?? (await findDocumentNumberByConfirmationNumber(tx, confirmationNumber));
    if (documentNumber === undefined) throw conflict(`The order of claim ${id} could not be placed.`);
    if (created) {
      await insertOrderLines(
        tx,
        claim.parts.map((part, index) => ({
          orderId: created.id,
          lineNumber: index + 1,
          sku: part.sku,
          description: part.description,
          quantityOrdered: part.quantity,
          priceCents: 0,
        })),
      );
      await setClaimOrder(tx, id, created.id);
      await enqueueOrderConfirmation(tx, created.id);
    }
    return { id, documentNumber, created: created !== undefined };
  });
}

/**
 * Saved carts (issue 20 "Saved carts", requisition lists): list, save, rename, delete and load into
 * the cart. A saved cart belongs to an organization and a branch and is only ever seen from that
 * branch (403 for a branch not the caller's, 404 for a saved cart of another organization or
 * branch). Anyone with the checkout role may list, save and load; renaming and deleting take its
 * owner or a user with manageUsers. Every change is written to the audit trail in its transaction.
 */
import { DEFAULT_SHIP_TO_STATE, SAVED_CART_MESSAGES, type StateCode } from '@portal/domain/rules';
import type { QuickOrderValidateResponse, SavedCart, SavedCartCreate, SavedCartSummary } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { branchOf, type Principal } from '../../http/principal.js';
import { recordAudit } from '../audit/index.js';
import { priceCartLines } from '../cart/index.js';
import { findProductsBySkus } from '../catalog/index.js';
import {
  deleteSavedCart,
  findSavedCart,
  findSavedCartLines,
  insertSavedCart,
  listSavedCarts,
  renameSavedCart,
  type SavedCartRecord,
  type SavedCartScope,
} from './repository.js';

export const BRANCH_FORBIDDEN = 'You do not have access to this branch.';

type ScopedCaller = { principal: Principal; scope: SavedCartScope; branchNumber: number };

function scopeOf(principal: Principal, branchNumber: number): ScopedCaller {
  const branch = branchOf(principal, branchNumber);
  if (!branch) throw forbidden(BRANCH_FORBIDDEN);
  return { principal, branchNumber, scope: { organizationId: principal.organization.id, branchId: branch.id } };
}

function canManage(principal: Principal, record: SavedCartRecord): boolean {
  return record.ownerUserId === principal.user.id || principal.roles.manageUsers === true;
}

function toSummary(caller: ScopedCaller, record: SavedCartRecord): SavedCartSummary {
  return {
    id: record.id,
    name: record.name,
    catalog: record.catalogId,
    branchNumber: caller.branchNumber,
    owner: { id: record.ownerUserId, name: record.ownerName },
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
    lineCount: Number(record.lineCount),
    unitCount: Number(record.unitCount),
    canManage: canManage(caller.principal, record),
  };
}

async function requireSavedCart(db: Database, caller: ScopedCaller, id: number): Promise<SavedCartRecord> {
  const record = await findSavedCart(db, caller.scope, id);
  if (!record) throw notFound(SAVED_CART_MESSAGES.notFound);
  return record;
}

async function requireManageable(db: Database, caller: ScopedCaller, id: number): Promise<SavedCartRecord> {
  const record = await requireSavedCart(db, caller, id);
  if (!canManage(caller.principal, record)) throw forbidden(SAVED_CART_MESSAGES.notOwner);
  return record;
}

/** `GET /api/saved-carts?branchNumber=`. */
export async function listBranchSavedCarts(db: Database, principal: Principal, branchNumber: number): Promise<SavedCartSummary[]> {
  const caller = scopeOf(principal, branchNumber);
  return (await listSavedCarts(db, caller.scope)).map((record) => toSummary(caller, record));
}

/** `GET /api/saved-carts/{id}?branchNumber=`: with its lines. */
export async function getSavedCart(db: Database, principal: Principal, id: number, branchNumber: number): Promise<SavedCart> {
  const caller = scopeOf(principal, branchNumber);
  const record = await requireSavedCart(db, caller, id);
  return { ...toSummary(caller, record), items: await findSavedCartLines(db, caller.scope, id) };
}

/**
 * `POST /api/saved-carts`: the cart's lines under a name. The catalog must be one the caller may
 * see (404) and list every SKU (400 naming the line), so a saved cart always loads.
 */
export async function createSavedCart(db: Database, principal: Principal, request: SavedCartCreate): Promise<SavedCart> {
  const caller = scopeOf(principal, request.branchNumber);
  const seen = new Set<string>();
  for (const [index, line] of request.items.entries()) {
    if (seen.has(line.sku)) throw badRequest(`items.${index}.sku`, SAVED_CART_MESSAGES.duplicateSku);
    seen.add(line.sku);
  }
  const products = await findProductsBySkus(db, principal, {
    skus: request.items.map((line) => line.sku),
    catalog: request.catalog,
    branchNumber: request.branchNumber,
    // Only whether the catalog lists the SKUs matters here; any state prices them.
    shipToState: DEFAULT_SHIP_TO_STATE,
  });
  const listed = new Set(products.map((product) => product.sku));
  const missing = request.items.findIndex((line) => !listed.has(line.sku));
  if (missing >= 0) throw badRequest(`items.${missing}.sku`, SAVED_CART_MESSAGES.notInCatalog);
  const catalogId = products[0]!.catalog;
  const lines = request.items.map((line) => ({ sku: line.sku, quantity: line.quantity }));

  const id = await db.transaction(async (tx) => {
    const created = await insertSavedCart(tx, caller.scope, { ownerUserId: principal.user.id, name: request.name, catalogId, lines });
    await recordAudit(tx, principal, {
      kind: 'savedCart.create',
      subject: request.name,
      subjectId: created,
      after: { name: request.name, branchNumber: request.branchNumber, catalog: catalogId, items: lines },
    });
    return created;
  });
  return getSavedCart(db, principal, id, request.branchNumber);
}

/** `PUT /api/saved-carts/{id}?branchNumber=`: a new name (owner or manageUsers). */
export async function renameBranchSavedCart(
  db: Database,
  principal: Principal,
  id: number,
  branchNumber: number,
  name: string,
): Promise<SavedCartSummary> {
  const caller = scopeOf(principal, branchNumber);
  const record = await requireManageable(db, caller, id);
  if (record.name !== name) {
    await db.transaction(async (tx) => {
      await renameSavedCart(tx, caller.scope, id, name);
      await recordAudit(tx, principal, {
        kind: 'savedCart.update',
        subject: name,
        subjectId: id,
        before: { name: record.name },
        after: { name },
      });
    });
  }
  return toSummary(caller, await requireSavedCart(db, caller, id));
}

/** `DELETE /api/saved-carts/{id}?branchNumber=` (owner or manageUsers). */
export async function deleteBranchSavedCart(db: Database, principal: Principal, id: number, branchNumber: number): Promise<void> {
  const caller = scopeOf(principal, branchNumber);
  const record = await requireManageable(db, caller, id);
  const items = await findSavedCartLines(db, caller.scope, id);
  await db.transaction(async (tx) => {
    await deleteSavedCart(tx, caller.scope, id);
    await recordAudit(tx, principal, {
      kind: 'savedCart.delete',
      subject: record.name,
      subjectId: id,
      before: { name: record.name, branchNumber, catalog: record.catalogId, items },
    });
  });
}

/**
 * `POST /api/saved-carts/{id}/load?branchNumber=`: its lines priced today for the destination
 * state, as the quick order answers them (the client adds the valid ones to the cart).
 */
export async function loadSavedCart(
  db: Database,
  principal: Principal,
  id: number,
  branchNumber: number,
  shipToState: StateCode | null | undefined,
): Promise<QuickOrderValidateResponse> {
  const caller = scopeOf(principal, branchNumber);
  const record = await requireSavedCart(db, caller, id);
  const lines = await findSavedCartLines(db, caller.scope, id);
  return priceCartLines(db, principal, {
    catalog: record.catalogId,
    branchNumber,
    shipToState,
    lines: lines.map((line, index) => ({ line: index + 1, sku: line.sku, quantity: line.quantity })),
  });
}

/**
 * The Accounting Manager's account (issue 36): the statement of the caller's organization, the
 * invoice import of the manufacturer's systems (whole file checked first, all or nothing,
 * idempotent upserts by invoice number, as modules/imports), and the credit check of an on-account
 * order inside its completion's transaction (decision 020).
 */
import {
  agingOf,
  availableCreditCents,
  balancesOf,
  centsToDollars,
  creditExceededMessage,
  daysPastDue,
  ERROR_CODES,
  exceedsCredit,
} from '@portal/domain/rules';
import { invoiceImportRowSchema, type CreditSummary, type ImportResult, type Statement } from '@portal/domain';
import type { Database, Queryable } from '../../db/client.js';
import { HttpError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { checkInputRows, ImportRejectedError, type InputRow, type RowPlace } from '../imports/index.js';
import { visibleDocumentNumbers } from '../orders/index.js';
import { creditLimitOf, lockedCreditLimit } from '../organizations/index.js';
import { creditUsedCents, statementInvoices, unknownOrganizationIds, upsertInvoices } from './repository.js';

/** Today as a calendar day (UTC): the statement's "as of" date, from which invoices age. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

// --- Import -----------------------------------------------------------------------------------------

/** Each row's fields checked, and each invoice number once in the file. */
const checkRows = (rows: InputRow[]) =>
  checkInputRows(rows, invoiceImportRowSchema, (row) => ({
    key: row.invoiceNumber,
    field: 'invoiceNumber',
    name: `Invoice ${row.invoiceNumber}`,
  }));

/**
 * Imports invoices: every row checked (fields, repeated invoice numbers, unknown organizations)
 * before anything is written; one bad row and nothing is (ImportRejectedError, each bad row named
 * by its line or place). Counts as the other imports answer them.
 */
export async function importInvoices(db: Database, place: RowPlace, rows: InputRow[]): Promise<Omit<ImportResult, 'messages'>> {
  const { valid, errors: rowErrors } = checkRows(rows);
  return db.transaction(async (tx) => {
    const unknown = await unknownOrganizationIds(tx, [...new Set(valid.map((v) => v.row.organizationId))]);
    const errors = [
      ...rowErrors,
      ...valid
        .filter((v) => unknown.has(v.row.organizationId))
        .map((v) => ({ position: v.position, field: 'organizationId', message: `No organization has the id ${v.row.organizationId}.` })),
    ].sort((a, b) => a.position - b.position);
    const invalid = new Set(errors.map((e) => e.position));
    if (invalid.size > 0) throw new ImportRejectedError(place, errors, invalid.size);
    const written = await upsertInvoices(
      tx,
      valid.map((v) => v.row),
    );
    const inserted = written.filter((w) => w.inserted).length;
    const updated = written.length - inserted;
    return { rows: rows.length, inserted, updated, unchanged: valid.length - written.length, skipped: 0 };
  });
}

// --- Statement ---------------------------------------------------------------------------------------

/** `GET /api/account/statement`: the caller's organization only (the route requires role accounting). */
export async function statementFor(db: Database, principal: Principal, now = new Date()): Promise<Statement> {
  const organizationId = principal.organization.id;
  const asOf = todayUtc(now);
  const [creditLimitCents, invoices, used] = await Promise.all([
    creditLimitOf(db, organizationId),
    statementInvoices(db, organizationId),
    creditUsedCents(db, organizationId),
  ]);
  const linked = await visibleDocumentNumbers(
    db,
    principal,
    invoices.flatMap((i) => (i.documentNumber === null ? [] : [i.documentNumber])),
  );
  const aging = agingOf(invoices, asOf);
  const { balanceCents, pastDueCents } = balancesOf(invoices, asOf);
  const available = availableCreditCents(creditLimitCents, used.invoicedCents + used.uninvoicedCents);
  return {
    asOf,
    creditLimit: creditLimitCents === null ? null : centsToDollars(creditLimitCents),
    balance: centsToDollars(balanceCents),
    availableCredit: available === null ? null : centsToDollars(available),
    pastDue: centsToDollars(pastDueCents),
    uninvoicedOrders: centsToDollars(used.uninvoicedCents),
    aging: {
      current: centsToDollars(aging.current),
      days1to30: centsToDollars(aging.days1to30),
      days31to60: centsToDollars(aging.days31to60),
      days61to90: centsToDollars(aging.days61to90),
      over90: centsToDollars(aging.over90),
    },
    invoices: invoices.map((invoice) => ({
      invoiceNumber: invoice.invoiceNumber,
      documentNumber: invoice.documentNumber,
      orderLinked: invoice.documentNumber !== null && linked.has(invoice.documentNumber),
      invoiceDate: invoice.invoiceDate,
      dueDate: invoice.dueDate,
      amount: centsToDollars(invoice.amountCents),
      balance: centsToDollars(invoice.balanceCents),
      status: invoice.status,
      daysPastDue: daysPastDue(invoice.dueDate, asOf),
    })),
  };
}

/** `GET /api/account/credit`: what the cart and checkout warn with. */
export async function creditSummaryFor(db: Database, principal: Principal): Promise<CreditSummary> {
  const organizationId = principal.organization.id;
  const [creditLimitCents, used] = await Promise.all([creditLimitOf(db, organizationId), creditUsedCents(db, organizationId)]);
  const available = availableCreditCents(creditLimitCents, used.invoicedCents + used.uninvoicedCents);
  return {
    creditLimit: creditLimitCents === null ? null : centsToDollars(creditLimitCents),
    availableCredit: available === null ? null : centsToDollars(available),
  };
}

// --- Credit at completion ----------------------------------------------------------------------------

/**
 * Inside an on-account order's completion transaction, before its insert: locks the organization's
 * row (two completions of one organization take turns, so they cannot both pass on the same
 * available credit; `alreadyPlaced`, asked once the lock is held, skips the check for a checkout whose
 * order a concurrent completion of it placed) and refuses the order (422, code 8002) when it does not fit.
 */
export async function assertCreditFits(
  tx: Queryable,
  organizationId: number,
  orderCents: number,
  alreadyPlaced: () => Promise<boolean>,
): Promise<void> {
  const creditLimitCents = await lockedCreditLimit(tx, organizationId);
  if (creditLimitCents === null || (await alreadyPlaced())) return;
  const used = await creditUsedCents(tx, organizationId);
  const usedCents = used.invoicedCents + used.uninvoicedCents;
  if (exceedsCredit(creditLimitCents, usedCents, orderCents)) {
    const available = availableCreditCents(creditLimitCents, usedCents) ?? 0;
    throw new HttpError(422, [{ field: '', message: creditExceededMessage(available) }], ERROR_CODES.creditExceeded);
  }
}

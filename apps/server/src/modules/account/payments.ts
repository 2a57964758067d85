/**
 * 'Pay Selected' (issue 36; decision 020 "Invoices paid in the portal"): the Accounting Manager pays
 * open invoices by card through the payment gateway, with checkout's guarantees:
 *
 * - A pending payment reserves its invoices: a second payment of any of them first gives the older
 *   one up at the provider (cancel, then ask again: if it was paid meanwhile it is recorded instead),
 *   and two requests at once take turns on the invoices' row locks, the later one answering 409. So
 *   at most one live intent can pay an invoice: a doubled request pays once.
 * - The payment is recorded once (a conditional update), by whichever comes first of the page's
 *   completion call, the provider's webhook or the start-up reconciliation; only after the provider
 *   says the intent succeeded. A payment that succeeded always ends recorded.
 * - Recording takes the amounts off the balances, and in the same transaction enqueues the receipt
 *   mail to the payer and the `invoice.paid` events.
 */
import { randomInt } from 'node:crypto';
import { centsToDollars, formatCents } from '@portal/domain/rules';
import type { IntegrationInvoicePayment, InvoicePayment } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { conflict, HttpError, notFound } from '../../http/errors.js';
import type { PaymentGateway } from '../../payments/gateway.js';
import type { Principal } from '../auth/index.js';
import { enqueueMail } from '../mail/index.js';
import { emitEvent } from '../webhooks/index.js';
import {
  applyPaymentToInvoices,
  cancelPendingPayment,
  findPayment,
  findPaymentByIntent,
  insertPendingPayment,
  lockInvoices,
  markPaymentSucceeded,
  payerOf,
  pendingPaymentsOf,
  pendingPaymentsWithIntent,
  setPaymentIntent,
  succeededPaymentsSince,
  type PaidInvoice,
  type PaymentRow,
} from './payment-repository.js';

export type PaymentDeps = { db: Database; gateway: PaymentGateway };

/** A pending payment without an intent this old died while being made: its invoices are free again. */
const STALE_PENDING_MS = 120_000;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newPaymentNumber = () => `PAY-${Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')}`;

export const PAYMENT_MESSAGES = {
  notFound: (invoiceNumber: string) => `Invoice ${invoiceNumber} was not found.`,
  notOpen: (invoiceNumber: string) => `Invoice ${invoiceNumber} is not open.`,
  inProgress: (invoiceNumber: string) => `A payment of invoice ${invoiceNumber} is in progress. Please try again in a moment.`,
  paymentNotFound: 'The payment was not found.',
  cancelled: 'This payment was cancelled. Please select the invoices and pay again.',
  notPaid: 'The card payment has not gone through.',
} as const;

function viewOf(payment: PaymentRow): InvoicePayment {
  const live = payment.status === 'pending';
  return {
    paymentNumber: payment.paymentNumber,
    status: payment.status,
    amount: centsToDollars(payment.amountCents),
    invoiceNumbers: payment.invoiceNumbers,
    paymentIntentId: live ? (payment.paymentIntentId ?? '') : '',
    paymentIntentSecret: live ? (payment.paymentIntentSecret ?? '') : '',
    paidAt: payment.paidAt?.toISOString() ?? null,
  };
}

// --- Recording a payment that succeeded ------------------------------------------------------------

function receiptOf(payment: PaymentRow, paid: PaidInvoice[], payer: { email: string; name: string }) {
  const lines = paid.map((i) => `  Invoice ${i.invoiceNumber}: ${formatCents(i.paidCents)}`);
  return {
    dedupeKey: `invoice-payment-receipt:${payment.paymentNumber}`,
    to: payer.email,
    subject: `Payment receipt ${payment.paymentNumber}`,
    text: [
      `Hello ${payer.name || payer.email},`,
      '',
      `We received your card payment of ${formatCents(payment.amountCents)} (${payment.paymentNumber}) for:`,
      ...lines,
      '',
      'Thank you.',
    ].join('\n'),
  };
}

/**
 * Records a payment whose intent succeeded, once: the winner of the conditional update takes the
 * amounts off the balances and enqueues the receipt and the events; every other caller does nothing.
 */
export async function recordSucceededPayment(db: Database, payment: PaymentRow): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await markPaymentSucceeded(tx, payment.id))) return;
    const paid = await applyPaymentToInvoices(tx, payment.id);
    const payer = await payerOf(tx, payment.userId);
    if (payer.email) await enqueueMail(tx, [receiptOf(payment, paid, payer)]);
    const paidAt = new Date().toISOString();
    for (const invoice of paid) {
      await emitEvent(tx, 'invoice.paid', {
        invoiceNumber: invoice.invoiceNumber,
        organizationId: payment.organizationId,
        documentNumber: invoice.documentNumber,
        amountPaid: centsToDollars(invoice.paidCents),
        balance: centsToDollars(invoice.balanceCents),
        status: invoice.status,
        paymentNumber: payment.paymentNumber,
        paidAt,
      });
    }
  });
}

/** Asks the provider about a pending payment's intent and records it when it succeeded; answers whether it did. */
async function recordIfPaid(deps: PaymentDeps, payment: PaymentRow): Promise<boolean> {
  if (!payment.paymentIntentId) return false;
  const intent = await deps.gateway.retrievePaymentIntent(payment.paymentIntentId);
  if (intent.status !== 'succeeded') return false;
  await recordSucceededPayment(deps.db, payment);
  return true;
}

// --- Making a payment ------------------------------------------------------------------------------

/**
 * Frees the invoices older pending payments reserve: each is cancelled at the provider, then asked
 * again (a payment that went through meanwhile is recorded, and its invoices are then paid).
 */
async function releaseOlderPayments(deps: PaymentDeps, organizationId: number, invoiceNumbers: string[]): Promise<void> {
  for (const older of await pendingPaymentsOf(deps.db, organizationId, invoiceNumbers)) {
    if (!older.paymentIntentId) {
      // Being made by a request still running, unless it died long ago.
      if (Date.now() - older.createdAt.getTime() < STALE_PENDING_MS)
        throw conflict(PAYMENT_MESSAGES.inProgress(older.invoiceNumbers[0] ?? ''));
      await cancelPendingPayment(deps.db, older.id);
      continue;
    }
    await deps.gateway.cancelPaymentIntent(older.paymentIntentId);
    if (!(await recordIfPaid(deps, older))) await cancelPendingPayment(deps.db, older.id);
  }
}

/** In one transaction: the invoices checked (the caller's organization's, open, not reserved) and the pending payment written. */
async function reserveInvoices(
  db: Database,
  principal: Principal,
  invoiceNumbers: string[],
): Promise<{ id: number; paymentNumber: string }> {
  return db.transaction(async (tx) => {
    const organizationId = principal.organization.id;
    const locked = await lockInvoices(tx, organizationId, invoiceNumbers);
    const byNumber = new Map(locked.map((i) => [i.invoiceNumber, i]));
    for (const number of invoiceNumbers) {
      const invoice = byNumber.get(number);
      if (!invoice) throw notFound(PAYMENT_MESSAGES.notFound(number));
      if (invoice.status !== 'open' || invoice.balanceCents <= 0)
        throw new HttpError(409, [{ field: 'invoiceNumbers', message: PAYMENT_MESSAGES.notOpen(number) }]);
      if (invoice.reserved) throw conflict(PAYMENT_MESSAGES.inProgress(number));
    }
    const paymentNumber = newPaymentNumber();
    const id = await insertPendingPayment(tx, { paymentNumber, organizationId, userId: principal.user.id }, locked);
    return { id, paymentNumber };
  });
}

/**
 * `POST /api/account/invoice-payments`: a pending payment of the selected invoices, each for its
 * whole balance, with the provider's intent for the page to confirm the card payment of.
 */
export async function createInvoicePayment(deps: PaymentDeps, principal: Principal, numbers: string[]): Promise<InvoicePayment> {
  const { db, gateway } = deps;
  const invoiceNumbers = [...new Set(numbers)].sort();
  const organizationId = principal.organization.id;
  await releaseOlderPayments(deps, organizationId, invoiceNumbers);
  const reserved = await reserveInvoices(db, principal, invoiceNumbers);
  const payment = (await findPayment(db, organizationId, reserved.paymentNumber))!;
  let intent;
  try {
    intent = await gateway.createPaymentIntent({
      amountCents: payment.amountCents,
      metadata: { invoicePayment: payment.paymentNumber, organizationId: String(organizationId) },
      description: `Dealer portal invoice payment ${payment.paymentNumber} (${principal.organization.name})`,
      online: true,
      inPerson: false,
    });
  } catch (error) {
    await cancelPendingPayment(db, payment.id);
    throw error;
  }
  if (!(await setPaymentIntent(db, payment.id, intent))) {
    // Given up meanwhile (taken for dead): this intent must never be paid.
    await gateway.cancelPaymentIntent(intent.id);
    throw conflict(PAYMENT_MESSAGES.inProgress(invoiceNumbers[0]!));
  }
  return viewOf({ ...payment, paymentIntentId: intent.id, paymentIntentSecret: intent.clientSecret });
}

/** The caller's organization's payment (404 otherwise). */
export async function ownPayment(db: Database, principal: Principal, paymentNumber: string): Promise<PaymentRow> {
  const payment = await findPayment(db, principal.organization.id, paymentNumber);
  if (!payment) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  return payment;
}

/**
 * `POST /api/account/invoice-payments/{paymentNumber}/complete`, after the page confirmed the card:
 * the payment recorded (repeats answer the same), or 409 when the card payment has not gone through.
 */
export async function completeInvoicePayment(deps: PaymentDeps, principal: Principal, paymentNumber: string): Promise<InvoicePayment> {
  const payment = await ownPayment(deps.db, principal, paymentNumber);
  if (payment.status !== 'succeeded' && !(await recordIfPaid(deps, payment))) {
    throw conflict(payment.status === 'cancelled' ? PAYMENT_MESSAGES.cancelled : PAYMENT_MESSAGES.notPaid);
  }
  return viewOf((await findPayment(deps.db, principal.organization.id, paymentNumber))!);
}

/** The provider's webhook: an intent of an invoice payment succeeded. Answers whether it was one of ours. */
export async function recordInvoicePaymentOfIntent(deps: PaymentDeps, paymentIntentId: string): Promise<boolean> {
  const payment = await findPaymentByIntent(deps.db, paymentIntentId);
  if (!payment) return false;
  if (payment.status !== 'succeeded') await recordIfPaid(deps, payment);
  return true;
}

/** At start-up: pending payments whose card payment went through while no one was there to record it. */
export async function reconcileInvoicePayments(deps: PaymentDeps): Promise<number> {
  let recorded = 0;
  for (const payment of await pendingPaymentsWithIntent(deps.db)) if (await recordIfPaid(deps, payment)) recorded++;
  return recorded;
}

// --- The manufacturer's systems ----------------------------------------------------------------------

/** `GET /api/integration/invoice-payments`: succeeded payments since a time, oldest first, paged like the orders. */
export async function paymentsPaidSince(
  db: Database,
  since: string,
  afterPaymentNumber: string | undefined,
  limit: number,
): Promise<{ payments: IntegrationInvoicePayment[]; next: { since: string; afterPaymentNumber: string } | null }> {
  const rows = await succeededPaymentsSince(db, since, afterPaymentNumber, limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    payments: page.map((p) => ({
      paymentNumber: p.paymentNumber,
      organizationId: p.organizationId,
      amount: centsToDollars(p.amountCents),
      paidAt: p.paidAtText,
      paidByEmail: p.paidByEmail,
      paymentIntentId: p.paymentIntentId,
      invoices: p.invoices.map((i) => ({
        invoiceNumber: i.invoiceNumber,
        documentNumber: i.documentNumber,
        amount: centsToDollars(i.amountCents),
      })),
    })),
    next: rows.length > limit && last ? { since: last.paidAtText, afterPaymentNumber: last.paymentNumber } : null,
  };
}

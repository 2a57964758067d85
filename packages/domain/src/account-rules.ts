/**
 * The Accounting Manager's statement and the credit limit (issue 36; interface-contract "Account
 * statement"). Pure rules: aging by due date, what an organization owes and has left, the words of
 * the refusal. No zod here (the cart and the dashboard draw with these; the API's schemas are in
 * account.ts). Money is integer cents; dates are calendar days `YYYY-MM-DD`.
 */
import { CHECKOUT_MESSAGES } from './checkout/messages.js';
import { formatCents } from './format.js';

export const INVOICE_STATUSES = ['open', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { open: 'Open', paid: 'Paid', void: 'Void' };

/** The aging table's columns, in order, with the contract's words. */
export const AGING_BUCKETS = [
  { key: 'current', label: 'Current' },
  { key: 'days1to30', label: '1-30' },
  { key: 'days31to60', label: '31-60' },
  { key: 'days61to90', label: '61-90' },
  { key: 'over90', label: 'Over 90' },
] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number]['key'];
export type Aging = Record<AgingBucket, number>;

/** A paid invoice stays on the statement this many days after it was paid ("recently paid"). */
export const RECENTLY_PAID_DAYS = 90;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** Whole days from `dueDate` to `asOf` (both `YYYY-MM-DD`): 0 on the due date, negative before it. */
export function daysPastDue(dueDate: string, asOf: string): number {
  return dayNumber(asOf) - dayNumber(dueDate);
}

/** The aging bucket of an invoice by its due date: Current until and on the due date, then 1-30, 31-60, 61-90, Over 90 days late. */
export function agingBucketOf(dueDate: string, asOf: string): AgingBucket {
  const late = daysPastDue(dueDate, asOf);
  if (late <= 0) return 'current';
  if (late <= 30) return 'days1to30';
  if (late <= 60) return 'days31to60';
  if (late <= 90) return 'days61to90';
  return 'over90';
}

export type AgedInvoice = { dueDate: string; balanceCents: number; status: InvoiceStatus };

/** The open balances in each bucket (paid and void invoices count nowhere). */
export function agingOf(invoices: readonly AgedInvoice[], asOf: string): Aging {
  const aging: Aging = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0 };
  for (const invoice of invoices) if (invoice.status === 'open') aging[agingBucketOf(invoice.dueDate, asOf)] += invoice.balanceCents;
  return aging;
}

/** Balance (every open balance) and past due (the open balances after their due date). */
export function balancesOf(invoices: readonly AgedInvoice[], asOf: string): { balanceCents: number; pastDueCents: number } {
  const aging = agingOf(invoices, asOf);
  const balanceCents = aging.current + aging.days1to30 + aging.days31to60 + aging.days61to90 + aging.over90;
  return { balanceCents, pastDueCents: balanceCents - aging.current };
}

/**
 * What is left of the credit limit (decision 020): the limit less what counts against it (open
 * invoice balances and on-account orders not yet invoiced), never below zero; null without a limit.
 */
export function availableCreditCents(creditLimitCents: number | null, usedCents: number): number | null {
  if (creditLimitCents === null) return null;
  return Math.max(0, creditLimitCents - usedCents);
}

/** An on-account order of `orderCents` is beyond the credit left (never with no limit). */
export function exceedsCredit(creditLimitCents: number | null, usedCents: number, orderCents: number): boolean {
  return creditLimitCents !== null && usedCents + orderCents > creditLimitCents;
}

/** Code 8002 (422): the contract's words. */
export const creditExceededMessage = (availableCents: number) => CHECKOUT_MESSAGES.creditExceeded(formatCents(availableCents));

export const INVOICE_IMPORT_COLUMNS = [
  'invoiceNumber',
  'organizationId',
  'documentNumber',
  'invoiceDate',
  'dueDate',
  'amount',
  'balance',
  'status',
] as const;
export const INVOICE_IMPORT_REQUIRED_COLUMNS = INVOICE_IMPORT_COLUMNS.filter((c) => c !== 'documentNumber');

/**
 * The Accounting Manager's statement and the credit limit (issue 36; interface-contract "Account
 * statement"). Pure rules: aging by due date, what an organization owes and has left, the invoice
 * import row, the statement's answer. Money is integer cents; dates are calendar days `YYYY-MM-DD`.
 */
import { z } from 'zod';
import { CHECKOUT_MESSAGES } from './checkout/messages.js';
import { formatCents } from './format.js';
import { dollarsToCents } from './money.js';
import { INT4_MAX, safeString } from './validators.js';

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

// --- The integration API and the import ------------------------------------------------------------

const MONEY = /^\d{1,7}(\.\d{1,2})?$/;
const moneyMessage = (label: string) => `${label} must be an amount in dollars such as 1234.50 (at most 9999999.99).`;
const cellText = (value: string | number) => (typeof value === 'string' ? value.trim() : String(value));

function money(label: string) {
  return z.union([z.number(), z.string()]).transform((value, ctx) => {
    const text = cellText(value);
    if (!MONEY.test(text)) {
      ctx.addIssue({ code: 'custom', message: moneyMessage(label) });
      return z.NEVER;
    }
    return dollarsToCents(Number(text));
  });
}

function calendarDay(label: string) {
  return z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = cellText(value);
    const day = new Date(`${text}T00:00:00Z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a date written YYYY-MM-DD.` });
      return z.NEVER;
    }
    return text;
  });
}

/** A positive whole number below `max` (text or number). */
function positiveWhole(label: string, max: number) {
  return z.union([z.number(), z.string()]).transform((value, ctx) => {
    const text = cellText(value);
    if (!/^\d{1,16}$/.test(text) || Number(text) < 1 || Number(text) > max) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a positive whole number.` });
      return z.NEVER;
    }
    return Number(text);
  });
}

/** One invoice of `PUT /api/integration/invoices` and `import invoices FILE` (amounts in dollars). */
export const invoiceImportRowSchema = z
  .object({
    invoiceNumber: safeString({ error: 'The invoice number is required.' })
      .trim()
      .min(1, { error: 'The invoice number is required.' })
      .max(64, { error: 'The invoice number is longer than 64 characters.' }),
    organizationId: positiveWhole('The organization id', INT4_MAX),
    /** The order billed; an empty cell (or none) for an invoice of no portal order. */
    documentNumber: z
      .union([z.literal(''), z.number(), z.string()])
      .optional()
      .transform((value) => (value === undefined || cellText(value) === '' ? null : value))
      .pipe(z.union([z.null(), positiveWhole('The document number', Number.MAX_SAFE_INTEGER)])),
    invoiceDate: calendarDay('The invoice date'),
    dueDate: calendarDay('The due date'),
    amount: money('The amount'),
    balance: money('The balance'),
    status: z.string().transform((value, ctx) => {
      const text = value.trim().toLowerCase();
      if (!(INVOICE_STATUSES as readonly string[]).includes(text)) {
        ctx.addIssue({ code: 'custom', message: 'The status must be open, paid or void.' });
        return z.NEVER;
      }
      return text as InvoiceStatus;
    }),
  })
  .superRefine((row, ctx) => {
    if (row.dueDate < row.invoiceDate)
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'The due date is before the invoice date.' });
    if (row.balance > row.amount) ctx.addIssue({ code: 'custom', path: ['balance'], message: 'The balance is more than the amount.' });
    if (row.status !== 'open' && row.balance !== 0)
      ctx.addIssue({ code: 'custom', path: ['balance'], message: `A ${row.status} invoice has a balance of 0.` });
  });
export type InvoiceImportRow = z.output<typeof invoiceImportRowSchema>;

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

/** A JSON body of invoices: rows with the file's column names. */
export const invoiceImportJsonBodySchema = z.array(
  z.object(Object.fromEntries(INVOICE_IMPORT_COLUMNS.map((c) => [c, z.union([z.string(), z.number(), z.null()]).optional()]))),
);

/** `PUT /api/integration/organizations/{id}/credit`: the limit in dollars, null for no limit. */
export const creditLimitRequestSchema = z.object({ creditLimit: money('The credit limit').nullable() });
export const creditLimitResponseSchema = z.object({ organizationId: z.number().int(), creditLimit: z.number().nullable() });
export type CreditLimitResponse = z.infer<typeof creditLimitResponseSchema>;

// --- The statement ---------------------------------------------------------------------------------

export const statementInvoiceSchema = z.object({
  invoiceNumber: z.string(),
  /** The order billed; `orderLinked` when the user may open its details. */
  documentNumber: z.number().nullable(),
  orderLinked: z.boolean(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  amount: z.number(),
  balance: z.number(),
  status: z.enum(INVOICE_STATUSES),
  /** Days after the due date (0 or less: not past due). */
  daysPastDue: z.number().int(),
});
export type StatementInvoice = z.infer<typeof statementInvoiceSchema>;

/** `GET /api/account/statement` (role accounting, the caller's organization); amounts in dollars. */
export const statementSchema = z.object({
  asOf: z.string(),
  /** Null: no limit (and no available credit figure). */
  creditLimit: z.number().nullable(),
  balance: z.number(),
  availableCredit: z.number().nullable(),
  pastDue: z.number(),
  /** On-account orders not yet invoiced, which count against credit too (decision 020). */
  uninvoicedOrders: z.number(),
  aging: z.object({ current: z.number(), days1to30: z.number(), days31to60: z.number(), days61to90: z.number(), over90: z.number() }),
  invoices: z.array(statementInvoiceSchema),
});
export type Statement = z.infer<typeof statementSchema>;

/** `GET /api/account/credit` (role checkout): what the cart and checkout warn with. */
export const creditSummarySchema = z.object({ creditLimit: z.number().nullable(), availableCredit: z.number().nullable() });
export type CreditSummary = z.infer<typeof creditSummarySchema>;

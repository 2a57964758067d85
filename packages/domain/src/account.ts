/**
 * The account statement's and the invoice import's schemas (issue 36; interface-contract "Account
 * statement"); the rules they rely on are in account-rules.ts.
 */
import { z } from 'zod';
import { INVOICE_STATUSES, type InvoiceStatus } from './account-rules.js';
import { dollarsToCents } from './money.js';
import { INT4_MAX } from './validators-rules.js';
import { safeString } from './validators.js';
import { INVOICE_IMPORT_COLUMNS } from './account-rules.js';

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

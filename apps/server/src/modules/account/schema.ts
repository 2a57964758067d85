/**
 * The Accounting Manager's statement (issue 36, 0022_account_statement.sql): the invoices the
 * manufacturer's systems send (integration API and `npm run portal -- import invoices FILE`),
 * upserted by invoice number. Money is integer cents (`*_cents`); dates are calendar dates.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';

export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    invoiceNumber: text('invoice_number').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The order the invoice bills (orders.document_number), when it bills one. */
    documentNumber: bigint('document_number', { mode: 'number' }),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    balanceCents: integer('balance_cents').notNull(),
    /** open | paid | void (INVOICE_STATUSES of the domain). */
    status: text('status').notNull(),
    /** When the invoice became paid (an import or a payment in the portal): "recently paid" on the statement. */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_invoice_number_idx').on(t.invoiceNumber),
    index('invoices_org_status_due_idx').on(t.organizationId, t.status, t.dueDate),
    index('invoices_document_number_idx').on(t.documentNumber),
    check('invoices_status_check', sql`${t.status} in ('open', 'paid', 'void')`),
  ],
);

/**
 * Invoices paid by card in the portal ('Pay Selected', 0024): one row per payment, `pending` from its
 * creation (the invoices it pays are reserved for it) until the provider's payment succeeded
 * (`succeeded`, recorded once) or it was given up (`cancelled`).
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    /** The payment's public name (PAY-...), in the receipt, the event and the integration API. */
    paymentNumber: text('payment_number').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull().default('pending'),
    paymentIntentId: text('payment_intent_id'),
    paymentIntentSecret: text('payment_intent_secret'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invoice_payments_payment_number_idx').on(t.paymentNumber),
    uniqueIndex('invoice_payments_payment_intent_idx').on(t.paymentIntentId),
    index('invoice_payments_paid_idx').on(t.paidAt, t.paymentNumber),
    check('invoice_payments_status_check', sql`${t.status} in ('pending', 'succeeded', 'cancelled')`),
  ],
);

/** What a payment pays of each invoice (the invoice's balance when the payment was made). */
export const invoicePaymentLines = pgTable(
  'invoice_payment_lines',
  {
    paymentId: integer('payment_id')
      .notNull()
      .references(() => invoicePayments.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.invoiceId] }), index('invoice_payment_lines_invoice_idx').on(t.invoiceId)],
);

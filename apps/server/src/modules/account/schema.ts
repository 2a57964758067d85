/**
 * The Accounting Manager's statement (issue 36, 0022_account_statement.sql): the invoices the
 * manufacturer's systems send (integration API and `npm run portal -- import invoices FILE`),
 * upserted by invoice number. Money is integer cents (`*_cents`); dates are calendar dates.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from '../organizations/schema.js';

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

/**
 * The account module's SQL (issue 36): invoices upserted set-based by invoice number (one array
 * parameter per column, as the other imports do), the statement's invoices, one invoice for its
 * document (invoice-pdf.ts) and what counts against an organization's credit (decision 020).
 */
import { sql } from 'drizzle-orm';
import { ORDER_STATUS, RECENTLY_PAID_DAYS, type InvoiceStatus } from '@portal/domain/rules';
import type { InvoiceImportRow } from '@portal/domain';
import type { Queryable } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

const param = <T>(values: T[], type: string) => sql`${sql.param(values)}::${sql.raw(type)}`;

/** Of `ids`, those that are no organization. */
export async function unknownOrganizationIds(db: Queryable, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`SELECT t.id FROM unnest(${param(ids, 'int[]')}) AS t(id) WHERE NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = t.id)`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

/**
 * Inserts new invoices and updates changed ones (a row equal to what is stored writes nothing).
 * Answers each written row and whether it was inserted.
 */
export async function upsertInvoices(db: Queryable, rows: InvoiceImportRow[]): Promise<{ invoiceNumber: string; inserted: boolean }[]> {
  if (rows.length === 0) return [];
  const written = await queryRows<{ invoice_number: string; inserted: boolean }>(
    db,
    sql`INSERT INTO invoices AS i (invoice_number, organization_id, document_number, invoice_date, due_date, amount_cents, balance_cents, status, paid_at)
        SELECT v.invoice_number, v.organization_id, v.document_number, v.invoice_date, v.due_date, v.amount_cents, v.balance_cents, v.status,
               CASE WHEN v.status = 'paid' THEN now() END
        FROM unnest(
          ${param(
            rows.map((r) => r.invoiceNumber),
            'text[]',
          )},
          ${param(
            rows.map((r) => r.organizationId),
            'int[]',
          )},
          ${param(
            rows.map((r) => r.documentNumber ?? null),
            'bigint[]',
          )},
          ${param(
            rows.map((r) => r.invoiceDate),
            'date[]',
          )},
          ${param(
            rows.map((r) => r.dueDate),
            'date[]',
          )},
          ${param(
            rows.map((r) => r.amount),
            'int[]',
          )},
          ${param(
            rows.map((r) => r.balance),
            'int[]',
          )},
          ${param(
            rows.map((r) => r.status),
            'text[]',
          )}
        ) AS v(invoice_number, organization_id, document_number, invoice_date, due_date, amount_cents, balance_cents, status)
        ORDER BY v.invoice_number
        ON CONFLICT (invoice_number) DO UPDATE SET
          organization_id = excluded.organization_id, document_number = excluded.document_number,
          invoice_date = excluded.invoice_date, due_date = excluded.due_date, amount_cents = excluded.amount_cents,
          balance_cents = excluded.balance_cents, status = excluded.status,
          paid_at = CASE WHEN excluded.status = 'paid' THEN coalesce(i.paid_at, now()) END,
          updated_at = now()
        WHERE (i.organization_id, i.document_number, i.invoice_date, i.due_date, i.amount_cents, i.balance_cents, i.status)
          IS DISTINCT FROM (excluded.organization_id, excluded.document_number, excluded.invoice_date, excluded.due_date,
                            excluded.amount_cents, excluded.balance_cents, excluded.status)
        RETURNING i.invoice_number, (xmax = 0) AS inserted`,
  );
  return written.map((r) => ({ invoiceNumber: r.invoice_number, inserted: r.inserted }));
}

export type InvoiceRecord = {
  invoiceNumber: string;
  documentNumber: number | null;
  invoiceDate: string;
  dueDate: string;
  amountCents: number;
  balanceCents: number;
  status: InvoiceStatus;
};

/**
 * The statement's invoices: every open one, and those paid in the last RECENTLY_PAID_DAYS (by when
 * they were paid, else their due date), oldest due first.
 */
export async function statementInvoices(db: Queryable, organizationId: number): Promise<InvoiceRecord[]> {
  const rows = await queryRows<{
    invoice_number: string;
    document_number: string | number | null;
    invoice_date: string;
    due_date: string;
    amount_cents: number;
    balance_cents: number;
    status: InvoiceStatus;
  }>(
    db,
    sql`SELECT invoice_number, document_number, to_char(invoice_date, 'YYYY-MM-DD') AS invoice_date,
               to_char(due_date, 'YYYY-MM-DD') AS due_date, amount_cents, balance_cents, status
        FROM invoices
        WHERE organization_id = ${organizationId}
          AND (status = 'open'
               OR (status = 'paid' AND coalesce(paid_at, due_date::timestamptz) >= now() - make_interval(days => ${RECENTLY_PAID_DAYS})))
        ORDER BY status = 'open' DESC, due_date, invoice_number`,
  );
  return rows.map((r) => ({
    invoiceNumber: r.invoice_number,
    documentNumber: r.document_number === null ? null : Number(r.document_number),
    invoiceDate: r.invoice_date,
    dueDate: r.due_date,
    amountCents: r.amount_cents,
    balanceCents: r.balance_cents,
    status: r.status,
  }));
}

/** An invoice as its document shows it: with the organization's name and the payments that succeeded. */
export type InvoiceForPdf = InvoiceRecord & {
  organizationName: string;
  payments: { paymentNumber: string; paidAt: string; amountCents: number }[];
};

export async function findInvoiceForPdf(db: Queryable, organizationId: number, invoiceNumber: string): Promise<InvoiceForPdf | undefined> {
  const [r] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT i.invoice_number, i.document_number, to_char(i.invoice_date, 'YYYY-MM-DD') AS invoice_date,
               to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.amount_cents, i.balance_cents, i.status, o.name AS organization_name,
               (SELECT json_agg(json_build_object('paymentNumber', p.payment_number, 'paidAt', p.paid_at, 'amountCents', l.amount_cents)
                                ORDER BY p.paid_at)
                  FROM invoice_payment_lines l JOIN invoice_payments p ON p.id = l.payment_id
                  WHERE l.invoice_id = i.id AND p.status = 'succeeded') AS payments
        FROM invoices i JOIN organizations o ON o.id = i.organization_id
        WHERE i.organization_id = ${organizationId} AND i.invoice_number = ${invoiceNumber}`,
  );
  if (!r) return undefined;
  return {
    invoiceNumber: String(r.invoice_number),
    documentNumber: r.document_number === null ? null : Number(r.document_number),
    invoiceDate: String(r.invoice_date),
    dueDate: String(r.due_date),
    amountCents: Number(r.amount_cents),
    balanceCents: Number(r.balance_cents),
    status: r.status as InvoiceStatus,
    organizationName: String(r.organization_name),
    payments: ((r.payments as InvoiceForPdf['payments'] | null) ?? []).map((p) => ({ ...p, amountCents: Number(p.amountCents) })),
  };
}

/**
 * What counts against credit (decision 020), in cents: the open invoices' balances, and the
 * on-account orders not cancelled, not yet invoiced (status below 70) and billed by no invoice.
 * The order conditions are constants in the SQL text, the predicate of the partial index
 * `orders_on_account_uninvoiced_idx` (0024), so even a generic plan can use it.
 */
export async function creditUsedCents(db: Queryable, organizationId: number): Promise<{ invoicedCents: number; uninvoicedCents: number }> {
  const [row] = await queryRows<{ invoiced: string | number; uninvoiced: string | number }>(
    db,
    sql`SELECT
          (SELECT coalesce(sum(balance_cents), 0) FROM invoices WHERE organization_id = ${organizationId} AND status = 'open') AS invoiced,
          (SELECT coalesce(sum(o.order_cents), 0) FROM orders o
            WHERE o.organization_id = ${organizationId} AND o.on_account
              AND o.status_code >= 0 AND o.status_code < ${sql.raw(String(ORDER_STATUS.invoiced))}
              AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.document_number = o.document_number)) AS uninvoiced`,
  );
  return { invoicedCents: Number(row?.invoiced ?? 0), uninvoicedCents: Number(row?.uninvoiced ?? 0) };
}

/**
 * The SQL of invoice payments ('Pay Selected', issue 36; decision 020): a payment reserves its
 * invoices while pending, is recorded once when the provider's payment succeeded, and is paged for
 * the manufacturer's systems.
 */
import { sql } from 'drizzle-orm';
import type { InvoicePaymentStatus } from '@portal/domain/rules';
import type { Queryable } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';

export type PaymentRow = {
  id: number;
  paymentNumber: string;
  organizationId: number;
  userId: number;
  amountCents: number;
  status: InvoicePaymentStatus;
  paymentIntentId: string | null;
  paymentIntentSecret: string | null;
  createdAt: Date;
  paidAt: Date | null;
  invoiceNumbers: string[];
};

type RawPayment = {
  id: number;
  payment_number: string;
  organization_id: number;
  user_id: number;
  amount_cents: number;
  status: InvoicePaymentStatus;
  payment_intent_id: string | null;
  payment_intent_secret: string | null;
  created_at: Date | string;
  paid_at: Date | string | null;
  invoice_numbers: string[] | null;
};

const paymentOf = (r: RawPayment): PaymentRow => ({
  id: Number(r.id),
  paymentNumber: r.payment_number,
  organizationId: Number(r.organization_id),
  userId: Number(r.user_id),
  amountCents: Number(r.amount_cents),
  status: r.status,
  paymentIntentId: r.payment_intent_id,
  paymentIntentSecret: r.payment_intent_secret,
  createdAt: new Date(r.created_at),
  paidAt: r.paid_at === null ? null : new Date(r.paid_at),
  invoiceNumbers: r.invoice_numbers ?? [],
});

const PAYMENT_COLUMNS = sql`p.id, p.payment_number, p.organization_id, p.user_id, p.amount_cents, p.status, p.payment_intent_id,
  p.payment_intent_secret, p.created_at, p.paid_at,
  (SELECT array_agg(i.invoice_number ORDER BY i.invoice_number) FROM invoice_payment_lines l JOIN invoices i ON i.id = l.invoice_id
    WHERE l.payment_id = p.id) AS invoice_numbers`;

/** A payment of the organization, by its number (another organization's is not found). */
export async function findPayment(db: Queryable, organizationId: number, paymentNumber: string): Promise<PaymentRow | undefined> {
  const [row] = await queryRows<RawPayment>(
    db,
    sql`SELECT ${PAYMENT_COLUMNS} FROM invoice_payments p WHERE p.organization_id = ${organizationId} AND p.payment_number = ${paymentNumber}`,
  );
  return row && paymentOf(row);
}

export async function findPaymentByIntent(db: Queryable, paymentIntentId: string): Promise<PaymentRow | undefined> {
  const [row] = await queryRows<RawPayment>(
    db,
    sql`SELECT ${PAYMENT_COLUMNS} FROM invoice_payments p WHERE p.payment_intent_id = ${paymentIntentId}`,
  );
  return row && paymentOf(row);
}

/** Pending payments of the organization that pay any of these invoices (by number). */
export async function pendingPaymentsOf(db: Queryable, organizationId: number, invoiceNumbers: string[]): Promise<PaymentRow[]> {
  const rows = await queryRows<RawPayment>(
    db,
    sql`SELECT ${PAYMENT_COLUMNS} FROM invoice_payments p
        WHERE p.organization_id = ${organizationId} AND p.status = 'pending'
          AND EXISTS (SELECT 1 FROM invoice_payment_lines l JOIN invoices i ON i.id = l.invoice_id
                      WHERE l.payment_id = p.id AND i.invoice_number = ANY(${sql.param(invoiceNumbers)}::text[]))
        ORDER BY p.id`,
  );
  return rows.map(paymentOf);
}

/** Pending payments that have an intent (the start-up reconciliation asks the provider about each). */
export async function pendingPaymentsWithIntent(db: Queryable): Promise<PaymentRow[]> {
  const rows = await queryRows<RawPayment>(
    db,
    sql`SELECT ${PAYMENT_COLUMNS} FROM invoice_payments p WHERE p.status = 'pending' AND p.payment_intent_id IS NOT NULL ORDER BY p.id`,
  );
  return rows.map(paymentOf);
}

export type LockedInvoice = { id: number; invoiceNumber: string; balanceCents: number; status: string; reserved: boolean };

/**
 * The organization's invoices of these numbers, locked for the transaction (in id order, so two
 * payments of overlapping invoices take turns), each with whether a pending payment reserves it.
 */
export async function lockInvoices(db: Queryable, organizationId: number, invoiceNumbers: string[]): Promise<LockedInvoice[]> {
  const locked = await queryRows<{ id: number; invoice_number: string; balance_cents: number; status: string }>(
    db,
    sql`SELECT id, invoice_number, balance_cents, status FROM invoices
        WHERE organization_id = ${organizationId} AND invoice_number = ANY(${sql.param(invoiceNumbers)}::text[])
        ORDER BY id FOR UPDATE`,
  );
  if (locked.length === 0) return [];
  // Read after the locks are held: a payment committed by the transaction we waited for is seen.
  const reserved = await queryRows<{ invoice_id: number }>(
    db,
    sql`SELECT DISTINCT l.invoice_id FROM invoice_payment_lines l JOIN invoice_payments p ON p.id = l.payment_id
        WHERE p.status = 'pending' AND l.invoice_id = ANY(${sql.param(locked.map((r) => Number(r.id)))}::int[])`,
  );
  const reservedIds = new Set(reserved.map((r) => Number(r.invoice_id)));
  return locked.map((r) => ({
    id: Number(r.id),
    invoiceNumber: r.invoice_number,
    balanceCents: Number(r.balance_cents),
    status: r.status,
    reserved: reservedIds.has(Number(r.id)),
  }));
}

/** A new pending payment of these invoices, each for its whole balance. */
export async function insertPendingPayment(
  db: Queryable,
  payment: { paymentNumber: string; organizationId: number; userId: number },
  invoices: { id: number; balanceCents: number }[],
): Promise<number> {
  const amountCents = invoices.reduce((sum, i) => sum + i.balanceCents, 0);
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO invoice_payments (payment_number, organization_id, user_id, amount_cents)
        VALUES (${payment.paymentNumber}, ${payment.organizationId}, ${payment.userId}, ${amountCents}) RETURNING id`,
  );
  const id = Number(row!.id);
  await db.execute(
    sql`INSERT INTO invoice_payment_lines (payment_id, invoice_id, amount_cents)
        SELECT ${id}, v.invoice_id, v.amount_cents
        FROM unnest(${sql.param(invoices.map((i) => i.id))}::int[], ${sql.param(invoices.map((i) => i.balanceCents))}::int[]) AS v(invoice_id, amount_cents)`,
  );
  return id;
}

/** Sets the intent of a payment still pending; false when it was given up meanwhile. */
export async function setPaymentIntent(db: Queryable, id: number, intent: { id: string; clientSecret: string }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE invoice_payments SET payment_intent_id = ${intent.id}, payment_intent_secret = ${intent.clientSecret}
        WHERE id = ${id} AND status = 'pending' RETURNING id`,
  );
  return rows.length > 0;
}

/** Gives up a pending payment (its invoices are free again); false when it was not pending. */
export async function cancelPendingPayment(db: Queryable, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE invoice_payments SET status = 'cancelled' WHERE id = ${id} AND status = 'pending' RETURNING id`,
  );
  return rows.length > 0;
}

/**
 * Marks the payment succeeded, once: only the first caller gets true (the others find it recorded).
 * A payment given up earlier is recorded too: the provider says the money was taken.
 */
export async function markPaymentSucceeded(db: Queryable, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`UPDATE invoice_payments SET status = 'succeeded', paid_at = now() WHERE id = ${id} AND status <> 'succeeded' RETURNING id`,
  );
  return rows.length > 0;
}

export type PaidInvoice = { invoiceNumber: string; documentNumber: number | null; paidCents: number; balanceCents: number; status: string };

/** Takes each line's amount off its invoice's balance; an invoice left with nothing is paid. */
export async function applyPaymentToInvoices(db: Queryable, paymentId: number): Promise<PaidInvoice[]> {
  const rows = await queryRows<{
    invoice_number: string;
    document_number: string | number | null;
    paid_cents: number;
    balance_cents: number;
    status: string;
  }>(
    db,
    sql`UPDATE invoices i SET
          balance_cents = greatest(i.balance_cents - l.amount_cents, 0),
          status = CASE WHEN i.status = 'open' AND i.balance_cents - l.amount_cents <= 0 THEN 'paid' ELSE i.status END,
          paid_at = CASE WHEN i.status = 'open' AND i.balance_cents - l.amount_cents <= 0 THEN now() ELSE i.paid_at END,
          updated_at = now()
        FROM invoice_payment_lines l
        WHERE l.payment_id = ${paymentId} AND l.invoice_id = i.id
        RETURNING i.invoice_number, i.document_number, l.amount_cents AS paid_cents, i.balance_cents, i.status`,
  );
  return rows
    .map((r) => ({
      invoiceNumber: r.invoice_number,
      documentNumber: r.document_number === null ? null : Number(r.document_number),
      paidCents: Number(r.paid_cents),
      balanceCents: Number(r.balance_cents),
      status: r.status,
    }))
    .sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber));
}

export async function payerOf(db: Queryable, userId: number): Promise<{ email: string; name: string }> {
  const [row] = await queryRows<{ email: string; name: string }>(
    db,
    sql`SELECT email, trim(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) AS name FROM users WHERE id = ${userId}`,
  );
  return row ?? { email: '', name: '' };
}

export type SucceededPaymentRow = {
  paymentNumber: string;
  organizationId: number;
  amountCents: number;
  paidAtText: string;
  paidByEmail: string;
  paymentIntentId: string;
  invoices: { invoiceNumber: string; documentNumber: number | null; amountCents: number }[];
};

/**
 * Succeeded payments paid at or after `since` (and after `afterPaymentNumber` among those paid
 * exactly at `since`), oldest first. `since` stays text down to SQL so a cursor keeps its microseconds.
 */
export async function succeededPaymentsSince(
  db: Queryable,
  since: string,
  afterPaymentNumber: string | undefined,
  limit: number,
): Promise<SucceededPaymentRow[]> {
  const rows = await queryRows<{
    payment_number: string;
    organization_id: number;
    amount_cents: number;
    paid_at_text: string;
    email: string;
    payment_intent_id: string | null;
    lines: { invoiceNumber: string; documentNumber: number | null; amountCents: number }[] | null;
  }>(
    db,
    sql`SELECT p.payment_number, p.organization_id, p.amount_cents, p.payment_intent_id, u.email,
               to_char(p.paid_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS paid_at_text,
               (SELECT json_agg(json_build_object('invoiceNumber', i.invoice_number, 'documentNumber', i.document_number,
                                                  'amountCents', l.amount_cents) ORDER BY i.invoice_number)
                  FROM invoice_payment_lines l JOIN invoices i ON i.id = l.invoice_id WHERE l.payment_id = p.id) AS lines
        FROM invoice_payments p JOIN users u ON u.id = p.user_id
        WHERE p.paid_at IS NOT NULL
          AND (p.paid_at > ${since}::timestamptz
               OR (p.paid_at = ${since}::timestamptz AND p.payment_number > ${afterPaymentNumber ?? ''}))
        ORDER BY p.paid_at, p.payment_number
        LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    paymentNumber: r.payment_number,
    organizationId: Number(r.organization_id),
    amountCents: Number(r.amount_cents),
    paidAtText: r.paid_at_text,
    paidByEmail: r.email,
    paymentIntentId: r.payment_intent_id ?? '',
    invoices: (r.lines ?? []).map((l) => ({
      invoiceNumber: l.invoiceNumber,
      documentNumber: l.documentNumber === null ? null : Number(l.documentNumber),
      amountCents: Number(l.amountCents),
    })),
  }));
}

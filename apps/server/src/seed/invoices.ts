/**
 * Demo invoices and credit limit (issue 36, demo-data.md "Account statement"): Summit Lift Supply
 * (organization 1) has a credit limit and a handful of invoices of its invoiced orders, open in
 * every aging bucket (Current, 1-30, 31-60, 61-90, Over 90), one partly paid and two paid, so the
 * statement shows something on a fresh start. Dates are relative to the seed's `now`, so the
 * buckets stay the same from one fresh start to the next.
 */
import { sql } from 'drizzle-orm';
import { invoices } from '../modules/account/index.js';
import { insertRows, type Executor } from './bulk-insert.js';

/** Summit Lift Supply's credit limit: $1,500,000.00 (about $200,000 of it left on a fresh start, with its open orders on account). */
export const DEMO_CREDIT_LIMIT_CENTS = 150_000_000;

/** Each demo invoice: days from its due date to `now` (positive: past due), the share still owed, its status. */
const PLAN: { lateDays: number; owed: number; status: 'open' | 'paid' }[] = [
  { lateDays: -20, owed: 1, status: 'open' },
  { lateDays: -5, owed: 0.5, status: 'open' },
  { lateDays: 12, owed: 1, status: 'open' },
  { lateDays: 45, owed: 1, status: 'open' },
  { lateDays: 75, owed: 1, status: 'open' },
  { lateDays: 120, owed: 1, status: 'open' },
  { lateDays: 10, owed: 0, status: 'paid' },
  { lateDays: 40, owed: 0, status: 'paid' },
];

/** Net 30: an invoice is due 30 days after its date. */
const TERMS_DAYS = 30;
const day = (now: Date, offsetDays: number) => new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * Invoices for organization 1's most recent invoiced orders of branch 101 (one each, numbered
 * `INV-{document number}`), by the plan above.
 */
export async function seedDemoInvoices(tx: Executor, now: Date): Promise<number> {
  const { rows } = await tx.execute(sql`
    SELECT o.document_number, o.order_cents FROM orders o JOIN branches b ON b.id = o.branch_id
    WHERE o.organization_id = 1 AND b.branch_number = 101 AND o.status_code >= 70 AND o.order_cents > 0
    ORDER BY o.document_number DESC LIMIT ${PLAN.length}`);
  const orders = rows as { document_number: string | number; order_cents: number }[];
  const planned = orders.map((order, i) => {
    const plan = PLAN[i]!;
    const documentNumber = Number(order.document_number);
    const balanceCents = Math.round(order.order_cents * plan.owed);
    return {
      invoiceNumber: `INV-${documentNumber}`,
      organizationId: 1,
      documentNumber,
      invoiceDate: day(now, -plan.lateDays - TERMS_DAYS),
      dueDate: day(now, -plan.lateDays),
      amountCents: order.order_cents,
      balanceCents,
      status: plan.status,
      paidAt: plan.status === 'paid' ? new Date(now.getTime() - Math.max(plan.lateDays - 5, 1) * 86_400_000) : null,
    };
  });
  await insertRows(tx, invoices, planned);
  await tx.execute(sql`UPDATE organizations SET credit_limit_cents = ${DEMO_CREDIT_LIMIT_CENTS} WHERE id = 1`);
  return planned.length;
}

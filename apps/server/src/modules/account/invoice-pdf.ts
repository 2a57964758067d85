/**
 * The invoice document (issue 36): `GET /api/account/invoices/{invoiceNumber}/pdf`, role accounting,
 * the caller's organization's invoices only (another's answers 404, as the statement never shows it).
 * pdfkit with the portal's fonts (pdf/pdf-document.ts), laid out like the order document.
 */
import { sql } from 'drizzle-orm';
import { formatCents, formatDate, INVOICE_STATUS_LABELS, type InvoiceStatus } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { pdfDocument } from '../../pdf/pdf-document.js';
import type { Principal } from '../auth/index.js';

const MARGIN = 48;
const CONTENT_WIDTH = 612 - 2 * MARGIN;

type InvoiceForPdf = {
  invoiceNumber: string;
  documentNumber: number | null;
  invoiceDate: string;
  dueDate: string;
  amountCents: number;
  balanceCents: number;
  status: InvoiceStatus;
  organizationName: string;
  payments: { paymentNumber: string; paidAt: string; amountCents: number }[];
};

async function invoiceOf(db: Database, organizationId: number, invoiceNumber: string): Promise<InvoiceForPdf | undefined> {
  const { rows } = await db.execute(
    sql`SELECT i.invoice_number, i.document_number, to_char(i.invoice_date, 'YYYY-MM-DD') AS invoice_date,
               to_char(i.due_date, 'YYYY-MM-DD') AS due_date, i.amount_cents, i.balance_cents, i.status, o.name AS organization_name,
               (SELECT json_agg(json_build_object('paymentNumber', p.payment_number, 'paidAt', p.paid_at, 'amountCents', l.amount_cents)
                                ORDER BY p.paid_at)
                  FROM invoice_payment_lines l JOIN invoice_payments p ON p.id = l.payment_id
                  WHERE l.invoice_id = i.id AND p.status = 'succeeded') AS payments
        FROM invoices i JOIN organizations o ON o.id = i.organization_id
        WHERE i.organization_id = ${organizationId} AND i.invoice_number = ${invoiceNumber}`,
  );
  const r = rows[0] as Record<string, unknown> | undefined;
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

function renderInvoicePdf(invoice: InvoiceForPdf): Promise<Buffer> {
  const { doc, bytes } = pdfDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Invoice ${invoice.invoiceNumber}`, Creator: 'Dealer Portal' },
  });
  doc.font('bold').fontSize(18).text(`Invoice ${invoice.invoiceNumber}`, MARGIN, MARGIN, { width: CONTENT_WIDTH });
  doc.moveDown(0.5);
  const fields: [string, string][] = [
    ['Customer', invoice.organizationName],
    ['Order', invoice.documentNumber === null ? '' : String(invoice.documentNumber)],
    ['Invoice Date', formatDate(invoice.invoiceDate)],
    ['Due Date', formatDate(invoice.dueDate)],
    ['Status', INVOICE_STATUS_LABELS[invoice.status]],
    ['Amount', formatCents(invoice.amountCents)],
    ['Balance', formatCents(invoice.balanceCents)],
  ];
  for (const [label, value] of fields) {
    if (!value) continue;
    doc.font('bold').fontSize(10).text(`${label}: `, MARGIN, doc.y, { continued: true });
    doc.font('regular').text(value);
  }
  if (invoice.payments.length > 0) {
    doc.moveDown(0.8);
    doc.font('bold').fontSize(12).text('Payments', MARGIN, doc.y);
    doc.font('regular').fontSize(10);
    for (const p of invoice.payments) doc.text(`${p.paymentNumber}  ${formatDate(p.paidAt.slice(0, 10))}  ${formatCents(p.amountCents)}`);
  }
  doc.end();
  return bytes;
}

/** The caller's organization's invoice as a PDF, or 404. */
export async function invoicePdf(db: Database, principal: Principal, invoiceNumber: string): Promise<{ fileName: string; bytes: Buffer }> {
  const invoice = await invoiceOf(db, principal.organization.id, invoiceNumber);
  if (!invoice) throw notFound('The invoice was not found.');
  const safeName = invoice.invoiceNumber.replace(/[^A-Za-z0-9._-]/g, '_');
  return { fileName: `invoice-${safeName}.pdf`, bytes: await renderInvoicePdf(invoice) };
}

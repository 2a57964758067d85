/**
 * The invoice document (issue 36): `GET /api/account/invoices/{invoiceNumber}/pdf`, role accounting,
 * the caller's organization's invoices only (another's answers 404, as the statement never shows it).
 * pdfkit with the portal's fonts (pdf/pdf-document.ts), laid out like the order document.
 */
import { formatCents, formatDate, INVOICE_STATUS_LABELS } from '@portal/domain/rules';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { pdfDocument } from '../../pdf/pdf-document.js';
import type { Principal } from '../auth/index.js';
import { findInvoiceForPdf, type InvoiceForPdf } from './repository.js';

const MARGIN = 48;
const CONTENT_WIDTH = 612 - 2 * MARGIN;

async function renderInvoicePdf(invoice: InvoiceForPdf): Promise<Buffer> {
  const { doc, bytes } = await pdfDocument({
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
  const invoice = await findInvoiceForPdf(db, principal.organization.id, invoiceNumber);
  if (!invoice) throw notFound('The invoice was not found.');
  const safeName = invoice.invoiceNumber.replace(/[^A-Za-z0-9._-]/g, '_');
  return { fileName: `invoice-${safeName}.pdf`, bytes: await renderInvoicePdf(invoice) };
}

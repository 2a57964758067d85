/**
 * The order document (issue 20, interface-contract "Order document"): `GET /api/orders/detail/{id}/pdf`.
 * Built from the order details answer itself (service.ts `orderDetail`), so it has exactly the
 * details call's scoping (foreign order 404) and pricing (a restrictedPricing user sees MSRP only).
 * An invoiced order also gets its invoice: a second page titled 'Invoice' with the invoiced date,
 * the shipped quantities and the amount invoiced.
 *
 * pdfkit with the DejaVu TrueType fonts (pdf/pdf-document.ts): any Unicode name or address prints
 * as written.
 */
import {
  formatCents,
  formatDate,
  formatMoney,
  formatPhone,
  formatZip,
  ORDER_CHARGE_LABELS,
  ORDER_STATUS,
  orderItemsTotalCents,
  lineAmountCents,
  orderStatusLabel,
  shownOrderCharges,
} from '@portal/domain/rules';
import type { OrderAddress, OrderCharges, OrderDetail } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { pdfDocument } from '../../pdf/pdf-document.js';
import { findInvoicedAt } from './document-repository.js';
import type { Principal } from '../../http/principal.js';
import { orderDetail } from './service.js';

const MARGIN = 48;
const PAGE = { width: 612, height: 792 };
const CONTENT_WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN;

export type OrderPdf = { fileName: string; bytes: Buffer };

/** The order's PDF for `principal`, or the details call's 404 when the order is not theirs. */
export async function orderPdf(
  db: Database,
  principal: Principal,
  documentNumber: number,
  branchNumber?: number,
  options: { compress?: boolean } = {},
): Promise<OrderPdf> {
  const detail = await orderDetail(db, principal, documentNumber, branchNumber);
  const invoicedAt = isInvoiced(detail.statusCode) ? await invoicedDate(db, principal.organization.id, documentNumber) : null;
  const bytes = await renderOrderPdf(detail, { invoicedAt, compress: options.compress ?? true });
  return { fileName: `order-${detail.documentNumber}.pdf`, bytes };
}

const isInvoiced = (statusCode: number) => statusCode >= ORDER_STATUS.invoiced;

/** The invoiced time is not part of the details answer; the order is already known to be the caller's. */
async function invoicedDate(db: Database, organizationId: number, documentNumber: number): Promise<string | null> {
  return (await findInvoicedAt(db, organizationId, documentNumber))?.toISOString() ?? null;
}

type Column = { label: string; width: number; align?: 'left' | 'right' };

/** Lays the document out top to bottom, starting a new page whenever the next block would not fit. */
class Writer {
  constructor(readonly doc: PDFKit.PDFDocument) {}

  get y(): number {
    return this.doc.y;
  }

  ensure(height: number): void {
    if (this.doc.y + height > BOTTOM) this.doc.addPage();
  }

  title(text: string): void {
    this.doc.font('bold').fontSize(18).text(text, MARGIN, this.doc.y, { width: CONTENT_WIDTH });
    this.doc.moveDown(0.3);
  }

  heading(text: string): void {
    this.ensure(48);
    this.doc.moveDown(0.6);
    this.doc.font('bold').fontSize(12).text(text, MARGIN, this.doc.y, { width: CONTENT_WIDTH });
    this.doc.moveDown(0.2);
  }

  /** Label: value pairs, one per line. */
  fields(pairs: [string, string][]): void {
    for (const [label, value] of pairs) {
      if (!value) continue;
      this.ensure(14);
      this.doc.font('bold').fontSize(9).text(`${label}: `, MARGIN, this.doc.y, { continued: true });
      this.doc.font('regular').text(value);
    }
  }

  /** Two addresses side by side. */
  addresses(left: [string, OrderAddress], right: [string, OrderAddress]): void {
    this.ensure(110);
    const top = this.doc.y + 6;
    const half = CONTENT_WIDTH / 2 - 8;
    let bottom = top;
    for (const [index, [label, address]] of [left, right].entries()) {
      const x = MARGIN + index * (half + 16);
      this.doc.font('bold').fontSize(10).text(label, x, top, { width: half });
      this.doc.font('regular').fontSize(9).text(addressLines(address).join('\n'), x, this.doc.y, { width: half });
      bottom = Math.max(bottom, this.doc.y);
    }
    this.doc.x = MARGIN;
    this.doc.y = bottom;
  }

  table(columns: Column[], rows: string[][]): void {
    const drawRow = (cells: string[], bold: boolean) => {
      this.doc.font(bold ? 'bold' : 'regular').fontSize(8.5);
      const height = Math.max(...cells.map((cell, i) => this.doc.heightOfString(cell || ' ', { width: columns[i]!.width - 4 })));
      if (this.doc.y + height + 4 > BOTTOM) {
        this.doc.addPage();
        if (!bold)
          drawRow(
            columns.map((c) => c.label),
            true,
          );
        this.doc.font(bold ? 'bold' : 'regular').fontSize(8.5);
      }
      const top = this.doc.y;
      let x = MARGIN;
      for (const [i, cell] of cells.entries()) {
        const column = columns[i]!;
        this.doc.text(cell, x + 2, top, { width: column.width - 4, align: column.align ?? 'left' });
        x += column.width;
      }
      this.doc.y = top + height + 3;
      this.doc
        .moveTo(MARGIN, this.doc.y - 1.5)
        .lineTo(MARGIN + CONTENT_WIDTH, this.doc.y - 1.5)
        .lineWidth(0.3)
        .strokeColor(bold ? '#444444' : '#cccccc')
        .stroke();
    };
    this.ensure(40);
    drawRow(
      columns.map((c) => c.label),
      true,
    );
    for (const row of rows) drawRow(row, false);
    this.doc.x = MARGIN;
  }

  /** Right-aligned label and amount rows (charges, tax, total). */
  amounts(rows: [string, string, boolean?][]): void {
    for (const [label, value, bold] of rows) {
      this.ensure(14);
      const top = this.doc.y;
      this.doc.font(bold ? 'bold' : 'regular').fontSize(9);
      this.doc.text(label, MARGIN, top, { width: CONTENT_WIDTH - 100, align: 'right' });
      this.doc.text(value, MARGIN + CONTENT_WIDTH - 96, top, { width: 96, align: 'right' });
      this.doc.x = MARGIN;
    }
  }

  note(text: string): void {
    this.ensure(14);
    this.doc.font('regular').fontSize(9).text(text, MARGIN, this.doc.y, { width: CONTENT_WIDTH });
  }
}

function addressLines(a: OrderAddress): string[] {
  const cityLine = [a.city, [a.state, formatZip(a.postalCode)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.name, a.address1, a.address2, a.address3, cityLine, a.phone ? formatPhone(a.phone) : '', a.email].filter(
    (line) => line && line.trim(),
  );
}

const LINE_COLUMNS: Column[] = [
  { label: 'Line', width: 32 },
  { label: 'SKU', width: 92 },
  { label: 'Description', width: 168 },
  { label: 'Ordered', width: 48, align: 'right' },
  { label: 'Shipped', width: 48, align: 'right' },
  { label: 'Price', width: 64, align: 'right' },
  { label: 'Amount', width: 64, align: 'right' },
];

function chargeRows(charges: OrderCharges): [string, string][] {
  return shownOrderCharges(charges).map((key) => [ORDER_CHARGE_LABELS[key], formatMoney(charges[key])]);
}

function lineRows(detail: OrderDetail, quantity: 'quantityOrdered' | 'quantityShipped'): string[][] {
  return detail.lines.map((line) => [
    String(line.lineNumber),
    line.vendorProduct,
    line.description,
    String(line.quantityOrdered),
    String(line.quantityShipped),
    formatMoney(line.price),
    formatCents(lineAmountCents(line.price, line[quantity])),
  ]);
}

/** Renders the order (and, when invoiced, its invoice) into PDF bytes. */
export async function renderOrderPdf(detail: OrderDetail, options: { invoicedAt: string | null; compress: boolean }): Promise<Buffer> {
  const { doc, bytes } = await pdfDocument({
    size: 'LETTER',
    margin: MARGIN,
    compress: options.compress,
    info: { Title: `Order ${detail.documentNumber}`, Creator: 'Dealer Portal' },
  });

  const w = new Writer(doc);
  writeOrder(w, detail);
  if (isInvoiced(detail.statusCode)) {
    doc.addPage();
    writeInvoice(w, detail, options.invoicedAt);
  }
  doc.end();
  return bytes;
}

function writeOrder(w: Writer, detail: OrderDetail): void {
  w.title(`Order ${detail.documentNumber}`);
  w.fields([
    ['Status', orderStatusLabel(detail.statusCode)],
    ['PO Number', detail.purchaseOrderNumber],
    ['Entered', formatDate(detail.statusDates.entered)],
    ['Expected Ship Date', detail.expectedShipDate ? formatDate(detail.expectedShipDate) : ''],
    ['Shipped', detail.statusDates.shipped ? formatDate(detail.statusDates.shipped) : ''],
  ]);
  w.addresses(['Bill To', detail.billToAddress], ['Ship To', detail.shipToAddress]);

  w.heading('Lines');
  w.table(LINE_COLUMNS, lineRows(detail, 'quantityOrdered'));
  w.doc.moveDown(0.4);
  w.amounts([
    ['Items', formatCents(orderItemsTotalCents(detail.lines))],
    ...chargeRows(detail.charges),
    ['Tax', formatMoney(detail.totals.taxAmount)],
    ['Order Total', formatMoney(detail.totals.orderAmount), true],
  ]);

  w.heading('Shipments');
  if (detail.shipments.length === 0) {
    w.note('No shipments yet.');
    return;
  }
  for (const shipment of detail.shipments) {
    w.ensure(40);
    w.doc.moveDown(0.3);
    w.doc
      .font('bold')
      .fontSize(10)
      .text(`Shipment ${shipment.shipmentNumber + 1}`, MARGIN, w.y);
    w.fields([
      ['Status', orderStatusLabel(shipment.statusCode)],
      ['Shipped', shipment.shippedDate ? formatDate(shipment.shippedDate) : ''],
      ['Expected Ship Date', shipment.expectedShipDate && !shipment.shippedDate ? formatDate(shipment.expectedShipDate) : ''],
      ['Carrier', shipment.scacLabel || shipment.scac],
      ['Tracking Numbers', shipment.packages.map((p) => p.trackingNumber).join(', ')],
    ]);
    if (shipment.lines.length > 0) {
      w.table(
        [
          { label: 'Line', width: 40 },
          { label: 'SKU', width: 120 },
          { label: 'Description', width: 276 },
          { label: 'Shipped', width: 80, align: 'right' },
        ],
        shipment.lines.map((l) => [String(l.lineNumber), l.vendorProduct, l.description, String(l.quantityShipped)]),
      );
    }
  }
}

/** The invoice: what was shipped and invoiced, with the order's charges, tax and total. */
function writeInvoice(w: Writer, detail: OrderDetail, invoicedAt: string | null): void {
  w.title('Invoice');
  w.fields([
    ['Order', String(detail.documentNumber)],
    ['Invoice Date', invoicedAt ? formatDate(invoicedAt) : ''],
    ['PO Number', detail.purchaseOrderNumber],
    ['Order Date', formatDate(detail.statusDates.entered)],
  ]);
  w.addresses(['Bill To', detail.billToAddress], ['Ship To', detail.shipToAddress]);
  w.heading('Invoiced Lines');
  w.table(LINE_COLUMNS, lineRows(detail, 'quantityOrdered'));
  w.doc.moveDown(0.4);
  w.amounts([
    ...chargeRows(detail.charges),
    ['Tax', formatMoney(detail.totals.taxAmount)],
    ['Invoice Total', formatMoney(detail.totals.orderAmount), true],
  ]);
}

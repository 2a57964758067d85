/**
 * Order emails (server-rules "Email"; spec 2 "Profile" subscriptions): a confirmation when an order
 * is placed, a shipment notice when a shipment is added, an invoice notice when the order reaches
 * Invoiced. Each goes to the organization's users whose subscription covers the order: `company`
 * = every order of the organization, `owned` = orders they entered. Mail is only enqueued here
 * (the outbox worker sends it); the dedupe keys make a repeated event mail once.
 *
 * Prices: a recipient with restrictedPricing never receives dealer cost (server-rules), so amounts
 * appear only in the mails of recipients without that restriction.
 */
import { escapeHtml, formatCents, formatDate, formatPhone, formatZip, orderStatusLabel } from '@portal/domain/rules';
import type { Queryable } from '../../db/client.js';
import { enqueueMail, type OutgoingMail } from '../mail/index.js';
import { orderMailRecipients } from '../users/index.js';
import {
  findOrderById as loadOrder,
  findOrderLinesOf,
  findShipmentWithParts,
  type MailedOrder as OrderForMail,
} from './document-repository.js';

type Recipient = Awaited<ReturnType<typeof orderMailRecipients>>[number];

/** A mail body kept as blocks so the text and the HTML version say the same. */
type Block = { text: string; href?: string } | { heading: string } | { list: string[] };

function render(blocks: Block[]): { text: string; html: string } {
  const text: string[] = [];
  const html: string[] = [];
  for (const block of blocks) {
    if ('heading' in block) {
      text.push('', block.heading);
      html.push(`<h3>${escapeHtml(block.heading)}</h3>`);
    } else if ('list' in block) {
      text.push(...block.list.map((item) => `  - ${item}`));
      html.push(`<ul>${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`);
    } else if (block.href) {
      text.push(`${block.text}: ${block.href}`);
      html.push(`<p><a href="${escapeHtml(block.href)}">${escapeHtml(block.text)}</a></p>`);
    } else {
      text.push(block.text);
      html.push(`<p>${escapeHtml(block.text)}</p>`);
    }
  }
  return { text: text.join('\n').trim(), html: html.join('\n') };
}

const greeting = (r: Recipient) => (r.firstName ? `Hello ${r.firstName},` : 'Hello,');
const orderTitle = (o: OrderForMail) => `Order ${o.documentNumber}${o.purchaseOrderNumber ? ` (PO ${o.purchaseOrderNumber})` : ''}`;

function shipToBlock(o: OrderForMail): Block[] {
  const cityLine = [o.shipToCity, [o.shipToState, formatZip(o.shipToPostalCode)].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const lines = [o.shipToName, o.shipToAddress1, o.shipToAddress2, o.shipToAddress3, cityLine, formatPhone(o.shipToPhone)].filter(Boolean);
  return [{ heading: 'Ship to' }, { list: lines }];
}

/**
 * One mail per recipient. The bodies differ only in the greeting and in the amounts a recipient with
 * restrictedPricing is not sent, so the rest (`afterGreeting`) renders once per pricing variant: an
 * order confirmation goes to every user subscribed to all of the organization's orders, hundreds
 * on the M set, within the checkout's own request.
 */
function mailsFor(
  recipients: Recipient[],
  afterGreeting: (restrictedPricing: boolean) => Block[],
  envelope: (r: Recipient) => Omit<OutgoingMail, 'text' | 'html'>,
): OutgoingMail[] {
  const rendered = new Map<boolean, { text: string; html: string }>();
  return recipients.map((r) => {
    let rest = rendered.get(r.restrictedPricing);
    if (!rest) rendered.set(r.restrictedPricing, (rest = render(afterGreeting(r.restrictedPricing))));
    const hello = render([{ text: greeting(r) }]);
    // As render() of all the blocks: the rest starts with a paragraph, so the text's trim drops nothing between.
    return { ...envelope(r), text: `${hello.text}\n${rest.text}`, html: `${hello.html}\n${rest.html}` };
  });
}

/**
 * The confirmation of a placed order (the checkout calls this in the transaction that creates the
 * order). `orderId` is the row id of table orders. Returns how many mails were enqueued.
 */
export async function enqueueOrderConfirmation(db: Queryable, orderId: number): Promise<number> {
  const order = await loadOrder(db, orderId);
  if (!order) return 0;
  const recipients = await orderMailRecipients(db, order, 'confirmation');
  if (recipients.length === 0) return 0;
  const lines = await findOrderLinesOf(db, order.id);
  const mails = mailsFor(
    recipients,
    (restrictedPricing) => [
      { text: `Thank you for your order! ${orderTitle(order)} was placed on ${formatDate(order.enteredAt)}.` },
      { heading: 'Items' },
      { list: lines.map((l) => `${l.quantityOrdered} x ${l.sku} ${l.description}`) },
      ...(restrictedPricing ? [] : [{ text: `Grand total: ${formatCents(order.orderCents)}` }]),
      ...shipToBlock(order),
      { text: 'You can follow it under Open Orders in the Dealer Portal.' },
    ],
    (r) => ({
      dedupeKey: `order-confirmation:${order.documentNumber}:user:${r.id}`,
      to: r.email,
      subject: `Order confirmation: ${orderTitle(order)}`,
    }),
  );
  await enqueueMail(db, mails);
  return mails.length;
}

/** The notice of one shipment (by its zero-based number) of an order. */
export async function enqueueShipmentNotice(db: Queryable, orderId: number, shipmentNumber: number): Promise<number> {
  const order = await loadOrder(db, orderId);
  if (!order) return 0;
  const found = await findShipmentWithParts(db, order.id, shipmentNumber);
  if (!found) return 0;
  const recipients = await orderMailRecipients(db, order, 'shipping');
  if (recipients.length === 0) return 0;
  const { shipment, packages, lines: shipped } = found;
  const carrier = shipment.scacLabel || shipment.scac;
  const mails = mailsFor(
    recipients,
    () => [
      {
        text: `${orderTitle(order)} has shipped${shipment.shippedDate ? ` on ${formatDate(shipment.shippedDate)}` : ''}${carrier ? ` with ${carrier}` : ''}. This is shipment ${shipment.shipmentNumber + 1}; the order is now ${orderStatusLabel(order.statusCode)}.`,
      },
      { heading: 'Items in this shipment' },
      { list: shipped.map((l) => `${l.quantityShipped} x ${l.sku} ${l.description}`) },
      ...(packages.length > 0 ? [{ heading: 'Tracking' } as Block] : []),
      ...packages.map((p): Block =>
        p.trackingUrl ? { text: `Track ${p.trackingNumber}`, href: p.trackingUrl } : { text: `Tracking number ${p.trackingNumber}` },
      ),
      ...shipToBlock(order),
    ],
    (r) => ({
      dedupeKey: `order-shipment:${order.documentNumber}:${shipment.shipmentNumber}:user:${r.id}`,
      to: r.email,
      subject: `Shipment ${shipment.shipmentNumber + 1}: ${orderTitle(order)}`,
    }),
  );
  await enqueueMail(db, mails);
  return mails.length;
}

/** The notice that an order has been invoiced (sent once per order, whichever invoiced code it reaches). */
export async function enqueueInvoiceNotice(db: Queryable, orderId: number, invoiceNumber = ''): Promise<number> {
  const order = await loadOrder(db, orderId);
  if (!order) return 0;
  const recipients = await orderMailRecipients(db, order, 'invoice');
  if (recipients.length === 0) return 0;
  const mails = mailsFor(
    recipients,
    (restrictedPricing) => [
      { text: `${orderTitle(order)} has been invoiced${invoiceNumber ? ` on invoice ${invoiceNumber}` : ''}.` },
      ...(restrictedPricing ? [] : [{ text: `Invoice total: ${formatCents(order.orderCents)} (tax ${formatCents(order.taxCents)})` }]),
      ...(order.onAccount ? [{ text: 'The order was placed on account; payment is due on your terms.' }] : []),
    ],
    (r) => ({
      dedupeKey: `order-invoice:${order.documentNumber}:user:${r.id}`,
      to: r.email,
      subject: `Invoice: ${orderTitle(order)}`,
    }),
  );
  await enqueueMail(db, mails);
  return mails.length;
}

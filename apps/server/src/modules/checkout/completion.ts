/**
 * Completing a checkout creates exactly one order (server-rules "Checkout and payment"), however
 * often and from wherever complete is called: the browser (`GET /api/checkout/{n}/complete`), the
 * terminal status poll, the provider's webhook or the start-up reconciliation.
 *
 * How "exactly once" holds: the order is inserted with the checkout's confirmation number, which
 * is unique in table orders, with ON CONFLICT DO NOTHING, in one transaction with its lines, the
 * checkout's link to it and the confirmation email. A concurrent second insert waits for the
 * first transaction and then does nothing; it reads the order the first one made. No
 * check-then-insert: the unique index decides.
 */
import {
  CHECKOUT_SERVER_MESSAGES,
  countedChargeCents,
  dollarsToCents,
  isAddressComplete,
  mayTakeCash,
  ORDER_STATUS,
} from '@portal/domain/rules';
import type { Database } from '../../db/client.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import type { PaymentGateway } from '../../payments/gateway.js';
import type { OrganizationRow, Principal, UserRow } from '../auth/index.js';
import { enqueueOrderConfirmation, findDocumentNumberByConfirmationNumber, insertOrderLines, insertPlacedOrder } from '../orders/index.js';
import { emitOrderCreated } from '../integration/index.js';
import { assertCreditFits } from '../account/index.js';
import { centsOf, shipToColumns, taxedFor } from './checkout-cart.js';
import { crashPoint } from './crash-points.js';
import {
  billToOfBranch,
  cartOf,
  detailsOf,
  documentNumberOfOrder,
  findCheckoutWithOwner,
  findOwnCheckout,
  findUnfinishedPaymentCheckouts,
  linkCheckoutToOrder,
  type CheckoutRow,
} from './repository.js';

export type CompletionDeps = { db: Database; gateway: PaymentGateway };

/** Who completes: a signed-in user (their own checkout only) or the system (webhook, reconciliation). */
export type Completer = { kind: 'user'; principal: Principal } | { kind: 'system' };

export type Completion = { confirmationNumber: string; documentNumber: number; created: boolean };

/**
 * The payment behind the checkout is settled: on account or cash with the flags that allow them
 * (spec 6), or a payment intent that succeeded. A payment that succeeded is never refused: the
 * money is taken, so it ends in an order (server-rules). The system (webhook, reconciliation)
 * only ever completes paid checkouts. Answers whether the order was paid.
 */
async function assertSettled(
  gateway: PaymentGateway,
  checkout: CheckoutRow,
  organization: OrganizationRow,
  user: UserRow,
  completer: Completer,
): Promise<{ paid: boolean; paidCents?: number }> {
  const byPayment = completer.kind === 'system' || (!checkout.cashOrder && !checkout.onAccount);
  // A checkout sent on account or as cash may still have been paid through its intent (a card
  // confirmed anyway): the money is taken, so the order is a paid one, never billed a second time.
  const intent = checkout.paymentIntentId ? await gateway.retrievePaymentIntent(checkout.paymentIntentId) : undefined;
  if (intent?.status === 'succeeded') return { paid: true, paidCents: intent.amountCents };
  if (byPayment) throw conflict(CHECKOUT_SERVER_MESSAGES.paymentNotCompleted);
  if (checkout.cashOrder) {
    if (!mayTakeCash(organization, user)) throw forbidden(CHECKOUT_SERVER_MESSAGES.cashNotAllowed);
  } else if (!organization.allowOnAccount) {
    throw forbidden(CHECKOUT_SERVER_MESSAGES.onAccountNotAllowed);
  }
  // Nothing was paid: the order needs its shipping details (the form's update, PUT /checkout).
  if (!detailsOf(checkout).detailsComplete || !isAddressComplete(cartOf(checkout).shipToAddress)) {
    throw conflict(CHECKOUT_SERVER_MESSAGES.missingDetails);
  }
  return { paid: false };
}

/**
 * Issue 31: the order's money comes from the checkout's stored state only. Its taxes are computed
 * again from the stored ship-to address and certificate, and the total must be what the stored
 * cart says and, when paid, what the provider took; anything else is refused (409) rather than
 * recorded. The checkout's changes keep these together, so a refusal means something outside them
 * (an organization's tax flag changed meanwhile, a provider amount set behind the portal's back).
 */
function assertTotalsHold(checkout: CheckoutRow, organization: OrganizationRow, paidCents: number | undefined): void {
  const stored = cartOf(checkout);
  const expected = centsOf(taxedFor(stored, organization));
  const storedCents = centsOf(stored);
  const holds =
    expected.taxCents === storedCents.taxCents &&
    expected.grandTotalCents === dollarsToCents(stored.grandTotal) &&
    (paidCents === undefined || paidCents === expected.grandTotalCents);
  if (!holds) {
    throw conflict(CHECKOUT_SERVER_MESSAGES.totalMismatch);
  }
}

/** Inserts the order once; answers the order that exists for the confirmation number either way. */
async function insertOrderOnce(db: Database, checkout: CheckoutRow, paid: boolean, completer: Completer): Promise<Completion> {
  const cart = cartOf(checkout);
  const details = detailsOf(checkout);
  const cents = centsOf(cart);
  const billTo = await billToOfBranch(db, checkout.organizationId, checkout.branchId);
  const chargeCents = (kind: 'notice' | 'forklift' | 'liftgate' | 'residential') => countedChargeCents(cart.charges[kind]);

  return db.transaction(async (tx) => {
    // Issue 36 (decision 020): an on-account order must fit the organization's available credit,
    // checked with the organization's row locked so two completions cannot both pass on the same
    // credit. A completion whose order another one already placed is not checked again.
    if (!paid && checkout.onAccount) {
      await assertCreditFits(
        tx,
        checkout.organizationId,
        cents.grandTotalCents,
        async () => (await findDocumentNumberByConfirmationNumber(tx, checkout.confirmationNumber)) !== undefined,
      );
    }
    const created = await insertPlacedOrder(tx, {
      confirmationNumber: checkout.confirmationNumber,
      organizationId: checkout.organizationId,
      branchId: checkout.branchId,
      enteredByUserId: checkout.userId,
      catalogId: cart.catalog,
      purchaseOrderNumber: cart.purchaseOrderNumber,
      reference: cart.reference,
      // server-rules "Orders": a new order starts Pending (10).
      statusCode: ORDER_STATUS.newOrder,
      enteredAt: new Date(),
      billTo,
      ...shipToColumns(cart.shipToAddress),
      noticeCents: chargeCents('notice'),
      forkliftCents: chargeCents('forklift'),
      liftgateCents: chargeCents('liftgate'),
      residentialCents: chargeCents('residential'),
      taxCents: cents.taxCents,
      orderCents: cents.grandTotalCents,
      shipvia: cart.shipvia ?? '',
      // A paid order is neither on account nor cash, whatever the checkout first offered.
      onAccount: !paid && checkout.onAccount,
      cashOrder: !paid && checkout.cashOrder,
      takenBy: details.takenBy ?? '',
      notes: cart.notes,
      shippingInstructions: cart.shippingInstructions,
      taxCertificateNumber: cart.taxCertificateNumber,
    });

    if (!created) {
      // Another completion got there first (and has committed): answer its order.
      const existing = await findDocumentNumberByConfirmationNumber(tx, checkout.confirmationNumber);
      if (existing === undefined) throw conflict(CHECKOUT_SERVER_MESSAGES.notOpen);
      return { confirmationNumber: checkout.confirmationNumber, documentNumber: existing, created: false };
    }
    crashPoint('order-inserted', completer);

    await insertOrderLines(
      tx,
      cart.items.map((item, index) => ({
        orderId: created.id,
        lineNumber: index + 1,
        sku: item.sku,
        description: item.label || item.description,
        quantityOrdered: item.quantity,
        priceCents: dollarsToCents(item.price),
      })),
    );
    crashPoint('lines-inserted', completer);
    // order.created for the webhook subscribers (decision 019): in this transaction, so no order goes without its event.
    await emitOrderCreated(tx, created.id);
    await linkCheckoutToOrder(tx, checkout.confirmationNumber, created.id);
    crashPoint('checkout-linked', completer);
    await enqueueOrderConfirmation(tx, created.id);
    crashPoint('before-commit', completer);
    return { confirmationNumber: checkout.confirmationNumber, documentNumber: created.documentNumber, created: true };
  });
}

export async function completeCheckout(deps: CompletionDeps, confirmationNumber: string, completer: Completer): Promise<Completion> {
  const { db, gateway } = deps;
  if (completer.kind === 'user' && !(await findOwnCheckout(db, completer.principal, confirmationNumber))) {
    throw notFound(CHECKOUT_SERVER_MESSAGES.notFound);
  }
  const found = await findCheckoutWithOwner(db, confirmationNumber);
  if (!found) throw notFound(CHECKOUT_SERVER_MESSAGES.notFound);
  const { checkout, organization, user } = found;

  if (checkout.orderId !== null) {
    const documentNumber = await documentNumberOfOrder(db, checkout.orderId);
    if (documentNumber !== null) return { confirmationNumber, documentNumber, created: false };
  }
  if (checkout.status === 'cancelled') throw conflict(CHECKOUT_SERVER_MESSAGES.notOpen);
  const { paid, paidCents } = await assertSettled(gateway, checkout, organization, user, completer);
  assertTotalsHold(checkout, organization, paidCents);
  // Test-only crash points (crash-points.ts): inert unless PORTAL_TEST_CRASH_AT is set outside production.
  if (paid) crashPoint('payment-verified', completer);
  const completion = await insertOrderOnce(db, checkout, paid, completer);
  crashPoint('after-commit', completer);
  return completion;
}

/**
 * Start-up reconciliation (server-rules: a payment that succeeded always ends in an order): open
 * checkouts of the last days whose payment intent succeeded but whose completion never ran (the
 * browser closed, the webhook was lost while the server was down) are completed now.
 */
export async function reconcilePaidCheckouts(
  deps: CompletionDeps,
  options: { days?: number; limit?: number; log?: { info(obj: object, msg: string): void; error(obj: object, msg: string): void } } = {},
): Promise<number> {
  const since = new Date(Date.now() - (options.days ?? 14) * 86_400_000);
  const candidates = await findUnfinishedPaymentCheckouts(deps.db, since, options.limit ?? 1000);
  let completed = 0;
  for (const candidate of candidates) {
    try {
      const intent = await deps.gateway.retrievePaymentIntent(candidate.paymentIntentId!);
      if (intent.status !== 'succeeded') continue;
      const result = await completeCheckout(deps, candidate.confirmationNumber, { kind: 'system' });
      if (result.created) completed++;
      options.log?.info(
        { confirmationNumber: candidate.confirmationNumber, documentNumber: result.documentNumber },
        'reconciled a paid checkout',
      );
    } catch (error) {
      options.log?.error({ err: error, confirmationNumber: candidate.confirmationNumber }, 'could not reconcile a checkout');
    }
  }
  return completed;
}

/**
 * The checkout (spec 4 "Checkout", spec 7 checkout calls, server-rules "Checkout and payment",
 * "Tax"). Create re-prices the cart on the server; update takes the form's details and fixes the
 * amount to pay (taxes included); completion lives in completion.ts.
 */
import {
  addressProblems,
  chargeChoicesOf,
  CHECKOUT_MESSAGES,
  CHECKOUT_SERVER_MESSAGES,
  dollarsToCents,
  ERROR_CODES,
  hasPaymentMethod,
  needsPaymentIntent,
  paymentChoiceRefusal,
  shipToProblems,
  type CheckoutStatus,
} from '@portal/domain/rules';
import type {
  CalculateTaxesResponse,
  CheckoutCart,
  CheckoutRecord,
  CreateCheckoutResponse,
  ShipToAddress,
  UpdateCheckoutResponse,
} from '@portal/domain';
import type { z } from 'zod';
import type { calculateTaxesRequestSchema, createCheckoutRequestSchema, updateCheckoutRequestSchema } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { conflict, forbidden, HttpError, notFound } from '../../http/errors.js';
import { GatewayError, type PaymentGateway } from '../../payments/gateway.js';
import { branchOf, type Principal } from '../../http/principal.js';
import { priceCart } from '../cart/index.js';
import { centsOf, newCheckoutCart, taxedFor } from './checkout-cart.js';
import { completeCheckout } from './completion.js';
import { newConfirmationNumber } from './confirmation-number.js';
import {
  cartOf,
  detailsOf,
  documentNumberOfOrder,
  findOwnCheckout,
  findOwnCheckoutByPaymentIntent,
  findTakenBy,
  insertCheckout,
  markCancelled,
  updateCheckoutIfUnchanged,
  type CheckoutDetails,
  type CheckoutRow,
} from './repository.js';

export type CheckoutDeps = { db: Database; gateway: PaymentGateway; salesEmail: string };

type CreateRequest = z.output<typeof createCheckoutRequestSchema>;
type UpdateRequest = z.output<typeof updateCheckoutRequestSchema>;
type TaxesRequest = z.output<typeof calculateTaxesRequestSchema>;

const badRequestFields = (messages: { field: string; message: string }[]) => new HttpError(400, messages);

function pricesChanged(): HttpError {
  return conflict(CHECKOUT_MESSAGES.pricesChanged, ERROR_CODES.pricesChanged);
}

export async function createCheckout(deps: CheckoutDeps, principal: Principal, request: CreateRequest): Promise<CreateCheckoutResponse> {
  const { db, gateway } = deps;
  const organization = principal.organization;
  // The branch first: a branch that is not the caller's answers 403 whatever else is wrong (issue 17).
  const branch = branchOf(principal, request.branchNumber);
  if (!branch) throw forbidden();
  if (!hasPaymentMethod(organization)) {
    throw new HttpError(422, [{ field: '', message: CHECKOUT_MESSAGES.noPaymentMethods(deps.salesEmail) }], ERROR_CODES.noPaymentMethods);
  }
  if (!organization.allowPriceOverride && request.items.some((item) => item.priceOverride != null)) {
    throw forbidden(CHECKOUT_SERVER_MESSAGES.priceOverrideNotAllowed);
  }

  const priced = await priceCart(db, principal, {
    catalog: request.catalog,
    branchNumber: request.branchNumber,
    shipToState: request.shipToState,
    items: request.items.map(({ sku, quantity, priceOverride }) => ({ sku, quantity, priceOverride })),
    // The dealer's declines: our client's `choices`, else the spec cart's `charges[kind].declined`
    // (the schema requires one of them). The charge rules then decide what stands.
    choices: request.choices ?? chargeChoicesOf(request.charges ?? {}),
  });
  // Spec 2: for flatbed items the customer confirms a forklift is available; nobody confirms for them.
  if (priced.charges.flatbed.required && request.flatbedConfirmed !== true) {
    throw badRequestFields([{ field: 'flatbedConfirmed', message: CHECKOUT_SERVER_MESSAGES.flatbedNotConfirmed }]);
  }
  // Code 8000: an item is gone, or a catalog price (not the dealer's own override) differs.
  if (priced.removedSkus.length > 0) throw pricesChanged();
  const bySku = new Map(priced.items.map((item) => [item.sku, item]));
  for (const line of request.items) {
    const server = bySku.get(line.sku);
    if (!server) throw pricesChanged();
    if (server.priceOverride === null && line.price != null && dollarsToCents(line.price) !== dollarsToCents(server.originalPrice)) {
      throw pricesChanged();
    }
  }

  const takesPayments = needsPaymentIntent(organization);
  for (let attempt = 0; attempt < 5; attempt++) {
    const confirmationNumber = newConfirmationNumber();
    const cart = newCheckoutCart(priced, organization, {
      email: request.email || principal.user.email,
      checkoutId: confirmationNumber,
      details: {
        purchaseOrderNumber: request.purchaseOrderNumber,
        reference: request.reference,
        notes: request.notes,
        shippingInstructions: request.shippingInstructions,
        // The certificate field exists only for taxable organizations (spec 2, 6).
        taxCertificateNumber: organization.isTaxable ? request.taxCertificateNumber : '',
      },
    });
    const intent = takesPayments
      ? await gateway.createPaymentIntent({
          amountCents: centsOf(cart).grandTotalCents,
          metadata: { confirmationNumber, organizationId: String(organization.id) },
          description: `Dealer portal order ${confirmationNumber} (${organization.name})`,
          online: organization.allowCardPayments,
          inPerson: organization.allowTerminals,
        })
      : undefined;
    const details: CheckoutDetails = { paymentAmountCents: intent?.amountCents };
    const inserted = await insertCheckout(db, {
      confirmationNumber,
      organizationId: organization.id,
      branchId: branch.id,
      userId: principal.user.id,
      status: 'open',
      cart: cart as unknown as Record<string, unknown>,
      details,
      paymentIntentId: intent?.id ?? null,
      paymentIntentSecret: intent?.clientSecret ?? null,
      // On account whenever the organization allows it (spec 6: "order on terms, skips card payment").
      onAccount: organization.allowOnAccount,
      cashOrder: false,
    });
    if (inserted) {
      return { confirmationNumber, paymentIntentId: intent?.id ?? '', paymentIntentSecret: intent?.clientSecret ?? '' };
    }
    // A confirmation number already taken (astronomically rare): drop the intent and draw again.
    if (intent) await gateway.cancelPaymentIntent(intent.id);
  }
  throw new Error('Could not draw a free confirmation number');
}

async function recordOf(db: Database, row: CheckoutRow): Promise<CheckoutRecord> {
  return {
    confirmationNumber: row.confirmationNumber,
    paymentIntentId: row.paymentIntentId ?? '',
    paymentIntentSecret: row.paymentIntentSecret ?? '',
    cart: cartOf(row),
    onAccount: row.onAccount,
    cashOrder: row.cashOrder,
    status: row.status as CheckoutStatus,
    documentNumber: await documentNumberOfOrder(db, row.orderId),
  };
}

async function ownCheckout(db: Database, principal: Principal, confirmationNumber: string): Promise<CheckoutRow> {
  const row = await findOwnCheckout(db, principal, confirmationNumber);
  if (!row) throw notFound(CHECKOUT_SERVER_MESSAGES.notFound);
  return row;
}

function assertOpen(row: CheckoutRow): void {
  if (row.orderId !== null || row.status === 'completed') throw conflict(CHECKOUT_SERVER_MESSAGES.alreadyCompleted);
  if (row.status !== 'open') throw conflict(CHECKOUT_SERVER_MESSAGES.notOpen);
}

export async function getCheckout(deps: CheckoutDeps, principal: Principal, confirmationNumber: string): Promise<CheckoutRecord> {
  return recordOf(deps.db, await ownCheckout(deps.db, principal, confirmationNumber));
}

/** What a change makes of an open checkout: its new cart (with taxes) and what else it sets. */
type CheckoutChange = {
  cart: CheckoutCart;
  details?: Partial<CheckoutDetails>;
  onAccount?: boolean;
  cashOrder?: boolean;
  /** Set the payment amount at the provider even if it seems unchanged. */
  syncAlways?: boolean;
};

/**
 * Changes an open checkout (issue 31): the ship-to address, the certificate and the taxes computed
 * from them are stored together, and the payment intent is set to the stored total. The write comes
 * first, as a compare-and-set on the state the change was computed from (a change that lost the
 * race starts again from the winner's state and never touches the provider); only a change that was
 * stored sets the payment amount, and it follows any change stored meanwhile (holdPaymentAtStoredTotal),
 * so whichever call sets the amount last leaves the provider at the last stored total.
 */
async function changeOpenCheckout(
  deps: CheckoutDeps,
  find: () => Promise<CheckoutRow | undefined>,
  change: (row: CheckoutRow) => CheckoutChange,
): Promise<CheckoutCart> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await find();
    if (!row) throw notFound(CHECKOUT_SERVER_MESSAGES.notFound);
    assertOpen(row);
    const next = change(row);
    const before = detailsOf(row);
    const amountCents = centsOf(next.cart).grandTotalCents;
    const values = {
      cart: next.cart as unknown as Record<string, unknown>,
      details: { ...before, ...next.details, paymentAmountCents: row.paymentIntentId ? amountCents : before.paymentAmountCents },
      ...(next.onAccount === undefined ? {} : { onAccount: next.onAccount }),
      ...(next.cashOrder === undefined ? {} : { cashOrder: next.cashOrder }),
    };
    if (!(await updateCheckoutIfUnchanged(deps.db, row, values))) continue;
    if (row.paymentIntentId && (next.syncAlways === true || before.paymentAmountCents !== amountCents)) {
      await holdPaymentAtStoredTotal(deps, find, row, { ...row, ...values }, amountCents);
    }
    return next.cart;
  }
  throw conflict(CHECKOUT_SERVER_MESSAGES.changedMeanwhile);
}

/**
 * Sets the payment intent to the stored total, then reads the checkout again: if another call
 * stored a change meanwhile, the amount follows it. An intent that can no longer change (already
 * paid) refuses; the change just written is then taken back (if nothing was stored after it), so
 * the checkout keeps the total the payment was taken at.
 */
async function holdPaymentAtStoredTotal(
  deps: CheckoutDeps,
  find: () => Promise<CheckoutRow | undefined>,
  previous: CheckoutRow,
  written: CheckoutRow,
  writtenCents: number,
): Promise<void> {
  let amountCents = writtenCents;
  for (let round = 0; round < 5; round++) {
    try {
      await deps.gateway.updatePaymentIntentAmount(previous.paymentIntentId!, amountCents);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      await updateCheckoutIfUnchanged(deps.db, written, {
        cart: previous.cart,
        details: previous.details,
        onAccount: previous.onAccount,
        cashOrder: previous.cashOrder,
      });
      throw conflict(CHECKOUT_SERVER_MESSAGES.alreadyCompleted);
    }
    const now = await find();
    if (!now || now.status !== 'open') return;
    const storedCents = centsOf(cartOf(now)).grandTotalCents;
    if (storedCents === amountCents) return;
    amountCents = storedCents;
  }
}

export async function updateCheckout(deps: CheckoutDeps, principal: Principal, request: UpdateRequest): Promise<UpdateCheckoutResponse> {
  const { db } = deps;
  const { organization } = principal;
  assertOpen(await ownCheckout(db, principal, request.confirmationNumber));

  const refusal = paymentChoiceRefusal(organization, principal.user, request);
  if (refusal === 'onAccountAndCash') throw badRequestFields([{ field: 'cashOrder', message: CHECKOUT_SERVER_MESSAGES.onAccountAndCash }]);
  if (refusal) throw forbidden(CHECKOUT_SERVER_MESSAGES[refusal]);
  let takenBy: { id: number; name: string } | undefined;
  if (request.takenBy) {
    if (!organization.allowTakenBy) throw forbidden(CHECKOUT_SERVER_MESSAGES.takenByNotAllowed);
    takenBy = await findTakenBy(db, organization.id, request.takenBy);
    if (!takenBy) throw badRequestFields([{ field: 'takenBy', message: CHECKOUT_SERVER_MESSAGES.takenByUnknown }]);
  }
  const problems = shipToProblems(request.shipToAddress);
  if (problems.length > 0) throw badRequestFields(problems.map((p) => ({ field: `shipToAddress.${p.field}`, message: p.message })));

  const address = request.shipToAddress;
  // The certificate field exists only for taxable organizations (spec 2, 6).
  const taxCertificateNumber = organization.isTaxable ? request.taxCertificateNumber : '';
  const cart = await changeOpenCheckout(
    deps,
    () => findOwnCheckout(db, principal, request.confirmationNumber),
    (row) => ({
      cart: taxedFor(
        {
          ...cartOf(row),
          shipToAddress: address,
          email: address.email,
          purchaseOrderNumber: request.purchaseOrderNumber,
          reference: request.reference,
          notes: request.notes,
          shippingInstructions: request.shippingInstructions,
          taxCertificateNumber,
        },
        organization,
      ),
      details: {
        takenById: takenBy ? String(takenBy.id) : '',
        takenBy: takenBy?.name ?? '',
        subscribedMarketing: request.subscribedMarketing,
        detailsComplete: true,
      },
      onAccount: request.onAccount,
      cashOrder: request.cashOrder,
      // The payment is taken next: the provider must hold exactly this total.
      syncAlways: true,
    }),
  );
  return { ok: true, taxes: cart.taxes, grandTotal: cart.grandTotal, taxesVerified: cart.taxesVerified };
}

/**
 * `POST /checkout/calculate-taxes`: taxes for a complete address, from the checkout's own cart
 * (the client's cart in the body is not trusted). The address and certificate asked about are
 * stored with the taxes they give (issue 31): taxes are never kept for an address the order would
 * not ship to. Email and phone left out keep the ones already stored. A pickup is taxed at the
 * address given too: the built-in state-rate provider knows no warehouse addresses.
 */
export async function calculateTaxes(deps: CheckoutDeps, principal: Principal, request: TaxesRequest): Promise<CalculateTaxesResponse> {
  const { db } = deps;
  // Without a payment intent (an organization without cards), the confirmation number names the
  // checkout: ours as `confirmationNumber`, or the spec cart's `checkoutId`.
  const confirmationNumber = request.confirmationNumber || request.cart?.checkoutId || '';
  const find = () =>
    request.paymentIntentId
      ? findOwnCheckoutByPaymentIntent(db, principal, request.paymentIntentId)
      : confirmationNumber
        ? findOwnCheckout(db, principal, confirmationNumber)
        : Promise.resolve(undefined);
  const found = await find();
  if (!found) throw notFound(CHECKOUT_SERVER_MESSAGES.notFound);
  assertOpen(found);
  const problems = addressProblems(request.shipToAddress);
  if (problems.length > 0) throw badRequestFields(problems.map((p) => ({ field: `shipToAddress.${p.field}`, message: p.message })));

  const { organization } = principal;
  const taxCertificateNumber = organization.isTaxable ? request.taxCertificateNumber : '';
  const cart = await changeOpenCheckout(deps, find, (row) => {
    const stored = cartOf(row);
    const address: ShipToAddress = {
      ...request.shipToAddress,
      email: request.shipToAddress.email || stored.shipToAddress?.email || '',
      phone: request.shipToAddress.phone || stored.shipToAddress?.phone || '',
    };
    return {
      cart: taxedFor({ ...stored, shipToAddress: address, taxCertificateNumber }, organization),
      // The form's details stay complete only while the stored address still is.
      details: { detailsComplete: detailsOf(row).detailsComplete === true && shipToProblems(address).length === 0 },
    };
  });
  return { taxes: cart.taxes, grandTotal: cart.grandTotal, taxesVerified: true };
}

/**
 * `DELETE /checkout/{n}` (spec 4 "Checkout" step 4): the checkout is cancelled and its payment
 * intent with it. A checkout whose payment already succeeded cannot be cancelled: it is completed
 * instead (a payment that succeeded always ends in an order) and the call answers 409.
 */
export async function cancelCheckout(deps: CheckoutDeps, principal: Principal, confirmationNumber: string): Promise<void> {
  const { db, gateway } = deps;
  const row = await ownCheckout(db, principal, confirmationNumber);
  if (row.status === 'cancelled') return;
  assertOpen(row);
  if (row.paymentIntentId) {
    const intent = await gateway.retrievePaymentIntent(row.paymentIntentId);
    if (intent.status === 'succeeded') {
      await completeCheckout(deps, confirmationNumber, { kind: 'system' });
      throw conflict(CHECKOUT_SERVER_MESSAGES.alreadyCompleted);
    }
    await gateway.cancelPaymentIntent(row.paymentIntentId);
  }
  await markCancelled(db, confirmationNumber);
}

/**
 * The card-reader flow on the server (spec 4 "Terminal flow", spec 7 terminal calls): send the
 * checkout's payment intent to one of the organization's readers, report the reader's status, and
 * complete the checkout when the reader says the payment went through (the poll is one of the
 * three completers, with the browser and the webhook).
 */
import type { z } from 'zod';
import { CHECKOUT_SERVER_MESSAGES } from '@portal/domain/rules';
import { terminalStatusResult } from '@portal/domain/rules';
import type { terminalRequestSchema, TerminalStatusResult } from '@portal/domain';
import { conflict, notFound } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { completeCheckout } from './completion.js';
import { detailsOf, findOwnCheckoutByPaymentIntent, findReader, setCheckoutReader, type CheckoutRow } from './repository.js';
import type { CheckoutDeps } from './service.js';

type Request = z.output<typeof terminalRequestSchema>;

async function readerAndCheckout(deps: CheckoutDeps, principal: Principal, request: Request): Promise<CheckoutRow> {
  const reader = await findReader(deps.db, principal.organization.id, request.readerId);
  if (!reader) throw notFound(CHECKOUT_SERVER_MESSAGES.readerNotFound);
  const checkout = await findOwnCheckoutByPaymentIntent(deps.db, principal, request.paymentIntentId);
  if (!checkout) throw notFound(CHECKOUT_SERVER_MESSAGES.notFound);
  return checkout;
}

export async function processOnTerminal(deps: CheckoutDeps, principal: Principal, request: Request): Promise<TerminalStatusResult> {
  const checkout = await readerAndCheckout(deps, principal, request);
  if (checkout.orderId !== null) return terminalStatusResult('completed');
  if (checkout.status !== 'open') throw conflict(CHECKOUT_SERVER_MESSAGES.notOpen);
  // The reader takes the payment: the checkout is neither on account nor a cash sale (the form's update said so).
  if (checkout.onAccount || checkout.cashOrder || !detailsOf(checkout).detailsComplete) {
    throw conflict(CHECKOUT_SERVER_MESSAGES.missingDetails);
  }
  const result = await deps.gateway.processOnReader(request.readerId, request.paymentIntentId, request.receiptEmail);
  await setCheckoutReader(deps.db, checkout.confirmationNumber, request.readerId);
  if (result.status === 'completed') await completeCheckout(deps, checkout.confirmationNumber, { kind: 'user', principal });
  return terminalStatusResult(result.status, result.message);
}

export async function terminalStatus(deps: CheckoutDeps, principal: Principal, request: Request): Promise<TerminalStatusResult> {
  const checkout = await readerAndCheckout(deps, principal, request);
  if (checkout.orderId !== null) return terminalStatusResult('completed');
  const result = await deps.gateway.readerStatus(request.readerId, request.paymentIntentId);
  if (result.status === 'completed') await completeCheckout(deps, checkout.confirmationNumber, { kind: 'user', principal });
  return terminalStatusResult(result.status, result.message);
}

export async function cancelOnTerminal(deps: CheckoutDeps, principal: Principal, request: Request): Promise<TerminalStatusResult> {
  const checkout = await readerAndCheckout(deps, principal, request);
  if (checkout.orderId !== null) return terminalStatusResult('completed');
  await deps.gateway.cancelReaderAction(request.readerId);
  // The customer may have paid just before the reset: a payment that succeeded ends in an order.
  const after = await deps.gateway.readerStatus(request.readerId, request.paymentIntentId);
  if (after.status === 'completed') {
    await completeCheckout(deps, checkout.confirmationNumber, { kind: 'user', principal });
    return terminalStatusResult('completed');
  }
  return terminalStatusResult('cancelled');
}

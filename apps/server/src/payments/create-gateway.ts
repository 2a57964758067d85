/** The gateway the configuration names (PAYMENT_GATEWAY; docs/decisions/006-payment-gateway.md). */
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { PaymentGateway } from './gateway.js';
import { createSimulatedGateway, type SimulatedGateway } from './simulated-gateway.js';
import type { StripeGateway, StripeGatewayOptions } from './stripe-gateway.js';

export type ConfiguredGateway = { kind: 'simulated'; gateway: SimulatedGateway } | { kind: 'stripe'; gateway: StripeGateway };

export function createPaymentGateway(config: Config, db: Database): ConfiguredGateway {
  if (config.paymentGateway === 'stripe') {
    if (!config.stripeSecretKey) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY');
    return {
      kind: 'stripe',
      gateway: stripeGatewayLoadedOnUse({
        secretKey: config.stripeSecretKey,
        webhookSecret: config.stripeWebhookSecret,
        apiUrl: config.stripeApiUrl,
      }),
    };
  }
  return { kind: 'simulated', gateway: createSimulatedGateway(db) };
}

/**
 * The Stripe gateway, whose module (and with it the Stripe SDK, ~20 MB) is loaded by its first call
 * rather than at start (decision 025): a process on the simulated gateway never loads it.
 */
function stripeGatewayLoadedOnUse(options: StripeGatewayOptions): StripeGateway {
  let loaded: Promise<StripeGateway> | undefined;
  const stripe = () => (loaded ??= import('./stripe-gateway.js').then((module) => module.createStripeGateway(options)));
  return {
    kind: 'stripe',
    createPaymentIntent: async (input) => (await stripe()).createPaymentIntent(input),
    retrievePaymentIntent: async (id) => (await stripe()).retrievePaymentIntent(id),
    updatePaymentIntentAmount: async (id, amountCents) => (await stripe()).updatePaymentIntentAmount(id, amountCents),
    cancelPaymentIntent: async (id) => (await stripe()).cancelPaymentIntent(id),
    processOnReader: async (readerId, paymentIntentId, receiptEmail) =>
      (await stripe()).processOnReader(readerId, paymentIntentId, receiptEmail),
    readerStatus: async (readerId, paymentIntentId) => (await stripe()).readerStatus(readerId, paymentIntentId),
    cancelReaderAction: async (readerId) => (await stripe()).cancelReaderAction(readerId),
    createCustomer: async (input) => (await stripe()).createCustomer(input),
    attachPaymentMethod: async (paymentMethodId, customerId) => (await stripe()).attachPaymentMethod(paymentMethodId, customerId),
    detachPaymentMethod: async (paymentMethodId) => (await stripe()).detachPaymentMethod(paymentMethodId),
    payWithSavedCard: async (paymentIntentId, card) => (await stripe()).payWithSavedCard(paymentIntentId, card),
    verifyWebhook: async (rawBody, signature) => (await stripe()).verifyWebhook(rawBody, signature),
  };
}

export type { PaymentGateway };

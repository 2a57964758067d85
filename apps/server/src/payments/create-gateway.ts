/** The gateway the configuration names (PAYMENT_GATEWAY; docs/decisions/006-payment-gateway.md). */
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { PaymentGateway } from './gateway.js';
import { createSimulatedGateway, type SimulatedGateway } from './simulated-gateway.js';
import { createStripeGateway, type StripeGateway } from './stripe-gateway.js';

export type ConfiguredGateway = { kind: 'simulated'; gateway: SimulatedGateway } | { kind: 'stripe'; gateway: StripeGateway };

export function createPaymentGateway(config: Config, db: Database): ConfiguredGateway {
  if (config.paymentGateway === 'stripe') {
    if (!config.stripeSecretKey) throw new Error('PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY');
    return {
      kind: 'stripe',
      gateway: createStripeGateway({
        secretKey: config.stripeSecretKey,
        webhookSecret: config.stripeWebhookSecret,
        apiUrl: config.stripeApiUrl,
      }),
    };
  }
  return { kind: 'simulated', gateway: createSimulatedGateway(db) };
}

export type { PaymentGateway };

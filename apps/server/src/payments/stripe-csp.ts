/**
 * Stripe's origins for the Content-Security-Policy (Stripe's documented CSP for Stripe.js and the
 * Payment Element): only in stripe mode, so the default build loads nothing from outside.
 */
import type { Config } from '../config.js';

export type CspSources = { script: string[]; frame: string[]; connect: string[]; img: string[] };

const NONE: CspSources = { script: [], frame: [], connect: [], img: [] };

export function stripeCspSources(config: Pick<Config, 'paymentGateway'>): CspSources {
  if (config.paymentGateway !== 'stripe') return NONE;
  return {
    script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    connect: ['https://api.stripe.com', 'https://m.stripe.network', 'https://q.stripe.com'],
    img: ['https://*.stripe.com'],
  };
}

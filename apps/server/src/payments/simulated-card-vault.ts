/**
 * The simulated gateway's customers and saved cards (issue 36; docs/decisions/020-account-credit.md),
 * as the provider keeps them: a payment method made from the card form (as Stripe.js's
 * createPaymentMethod), attached to a customer, detached on Remove, and used server-side to pay an
 * intent. The test card's outcome is kept (declined or not), never its number: like the provider,
 * attaching a declined card refuses.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client.js';
import { GatewayError, type CardPaymentResult, type CardSummary, type PaymentGateway } from './gateway.js';
import {
  findIntent,
  findPaymentMethod,
  insertPaymentMethod,
  markIntentSucceeded,
  setPaymentMethodCustomer,
  type PaymentMethodRow,
} from './repository.js';
import { checkCard, type CardCheck } from './simulated-cards.js';

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').slice(0, bytes);

/** The card network of a test number, named as the provider names it. */
export function brandOf(number: string): string {
  if (/^3[47]/.test(number)) return 'amex';
  if (/^5[1-5]/.test(number)) return 'mastercard';
  if (/^6/.test(number)) return 'discover';
  return 'visa';
}

const summaryOf = (row: PaymentMethodRow): CardSummary => ({
  paymentMethodId: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
});

export type SimulatedCardVault = Pick<
  PaymentGateway,
  'createCustomer' | 'attachPaymentMethod' | 'detachPaymentMethod' | 'payWithSavedCard'
> & {
  /** The card form's createPaymentMethod: a validation error answers the form's error; nothing is stored then. */
  createPaymentMethod(card: {
    cardNumber: string;
    expiry: string;
    cvc: string;
  }): Promise<{ paymentMethodId: string; error: null } | { paymentMethodId: null; error: Extract<CardCheck, { ok: false }> }>;
};

export function simulatedCardVault(db: Database, now: () => Date): SimulatedCardVault {
  async function loadMethod(id: string): Promise<PaymentMethodRow> {
    const row = await findPaymentMethod(db, id);
    if (!row) throw new GatewayError('resource_missing', `No such PaymentMethod: '${id}'`);
    return row;
  }

  return {
    async createPaymentMethod(card) {
      const check = checkCard(card, now());
      if (!check.ok && check.type === 'validation_error') return { paymentMethodId: null, error: check };
      const number = card.cardNumber.replace(/[\s-]/g, '');
      const [month, year] = card.expiry.replace(/\s/g, '').split('/');
      const id = `pm_sim_${token(24)}`;
      await insertPaymentMethod(db, {
        id,
        brand: brandOf(number),
        last4: number.slice(-4),
        expMonth: Number(month),
        expYear: 2000 + Number(year),
        declineCode: check.ok ? null : check.code,
        declineMessage: check.ok ? null : check.message,
      });
      return { paymentMethodId: id, error: null };
    },

    async createCustomer() {
      return `cus_sim_${token(24)}`;
    },

    async attachPaymentMethod(paymentMethodId, customerId) {
      const method = await loadMethod(paymentMethodId);
      if (method.declineCode) throw new GatewayError(method.declineCode, method.declineMessage ?? 'Your card was declined.');
      if (method.customerId && method.customerId !== customerId) {
        throw new GatewayError('payment_method_unexpected_state', 'The payment method belongs to another customer.');
      }
      await setPaymentMethodCustomer(db, paymentMethodId, customerId);
      return summaryOf(method);
    },

    async detachPaymentMethod(paymentMethodId) {
      await setPaymentMethodCustomer(db, paymentMethodId, null);
    },

    async payWithSavedCard(paymentIntentId, card): Promise<CardPaymentResult> {
      const method = await loadMethod(card.paymentMethodId);
      if (method.customerId !== card.customerId) {
        throw new GatewayError('resource_missing', `No such PaymentMethod: '${card.paymentMethodId}'`);
      }
      if (method.declineCode)
        return { status: 'requires_payment_method', error: { code: method.declineCode, message: method.declineMessage ?? '' } };
      if (await markIntentSucceeded(db, paymentIntentId, now())) return { status: 'succeeded', error: null };
      const intent = await findIntent(db, paymentIntentId);
      if (!intent) throw new GatewayError('resource_missing', `No such payment_intent: '${paymentIntentId}'`);
      // Paid already (a double click): the same answer again.
      if (intent.status === 'succeeded') return { status: 'succeeded', error: null };
      throw new GatewayError('payment_intent_unexpected_state', `This PaymentIntent's status is ${intent.status}.`);
    },
  };
}

/**
 * The `stripe` payment gateway (docs/decisions/006-payment-gateway.md): the official Stripe SDK
 * for PaymentIntents (paid in the page with Stripe's Payment Element), Terminal readers
 * (server-driven: the server sends the intent to the reader and reads the reader's action) and
 * webhook signature verification. `STRIPE_API_URL` points the SDK at another host (a local
 * stand-in in tests), so no test needs the network.
 */
import Stripe from 'stripe';
import type { TerminalStatus } from '@portal/domain/rules';
import {
  GatewayError,
  type CreatePaymentIntent,
  type PaymentGateway,
  type PaymentIntent,
  type PaymentIntentStatus,
  type ReaderResult,
} from './gateway.js';

export type StripeGatewayOptions = {
  secretKey: string;
  webhookSecret: string | undefined;
  /** e.g. `http://127.0.0.1:12111`; unset = api.stripe.com. */
  apiUrl?: string;
};

/** A verified webhook event, reduced to what the checkout acts on. */
export type WebhookEvent = { id: string; type: string; paymentIntentId: string | null };

export type StripeGateway = PaymentGateway & {
  /** Verifies the `Stripe-Signature` header over the raw body; throws GatewayError when it does not match. */
  verifyWebhook(rawBody: Buffer | string, signature: string | undefined): Promise<WebhookEvent>;
};

function sdkOptions(apiUrl: string | undefined): ConstructorParameters<typeof Stripe>[1] {
  const options: ConstructorParameters<typeof Stripe>[1] = { maxNetworkRetries: 1, timeout: 20_000, telemetry: false };
  if (!apiUrl) return options;
  const url = new URL(apiUrl);
  return {
    ...options,
    host: url.hostname,
    port: url.port || (url.protocol === 'http:' ? 80 : 443),
    protocol: url.protocol === 'http:' ? 'http' : 'https',
  };
}

function intentOf(pi: Stripe.PaymentIntent): PaymentIntent {
  return {
    id: pi.id,
    clientSecret: pi.client_secret ?? '',
    status: pi.status as PaymentIntentStatus,
    amountCents: pi.amount,
    metadata: { ...pi.metadata },
  };
}

const isStripeError = (error: unknown): error is Stripe.errors.StripeError => error instanceof Stripe.errors.StripeError;

/** Provider refusals become GatewayErrors the checkout can explain; network trouble stays an error. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isStripeError(error) && error.type !== 'StripeConnectionError' && error.type !== 'StripeAPIError') {
      throw new GatewayError(error.code ?? error.type, error.message);
    }
    throw error;
  }
}

/**
 * Saved cards (issue 36): a customer per user, the Payment Element's payment method attached to it,
 * and an intent paid server-side with it (off_session: the user is at the page, but types nothing).
 */
function stripeCardVault(
  stripe: Stripe,
): Pick<PaymentGateway, 'createCustomer' | 'attachPaymentMethod' | 'detachPaymentMethod' | 'payWithSavedCard'> {
  return {
    async createCustomer(input) {
      return (await call(() => stripe.customers.create({ email: input.email, description: input.description }))).id;
    },
    async attachPaymentMethod(paymentMethodId, customerId) {
      const pm = await call(() => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
      return {
        paymentMethodId: pm.id,
        brand: pm.card?.brand ?? 'card',
        last4: pm.card?.last4 ?? '',
        expMonth: pm.card?.exp_month ?? 0,
        expYear: pm.card?.exp_year ?? 0,
      };
    },
    async detachPaymentMethod(paymentMethodId) {
      await call(() => stripe.paymentMethods.detach(paymentMethodId));
    },
    async payWithSavedCard(paymentIntentId, card) {
      try {
        // A customer's saved card pays only an intent of that customer.
        await call(() => stripe.paymentIntents.update(paymentIntentId, { customer: card.customerId }));
        const pi = await call(() => stripe.paymentIntents.confirm(paymentIntentId, { payment_method: card.paymentMethodId }));
        return { status: pi.status as PaymentIntentStatus, error: null };
      } catch (error) {
        if (!(error instanceof GatewayError) || error.code === 'resource_missing') throw error;
        if (error.code !== 'payment_intent_unexpected_state') {
          return { status: 'requires_payment_method', error: { code: error.code, message: error.message } };
        }
        // Paid already with this card (a double click, or two requests at once): the same answer again.
        const pi = await call(() => stripe.paymentIntents.retrieve(paymentIntentId));
        const paidWith = typeof pi.payment_method === 'string' ? pi.payment_method : pi.payment_method?.id;
        if (pi.status === 'succeeded' && paidWith === card.paymentMethodId) return { status: 'succeeded', error: null };
        throw error;
      }
    },
  };
}

/** A failed reader action: the customer or the operator cancelled, or the card failed. */
function failedAction(action: Stripe.Terminal.Reader.Action): ReaderResult {
  const code = action.failure_code ?? '';
  if (/cancel/i.test(code)) return { status: 'cancelled', message: action.failure_message ?? '' };
  return { status: 'failed', message: action.failure_message ?? code };
}

/** Where the reader stands with the intent; a succeeded action's authorization is captured. */
async function readerResult(stripe: Stripe, readerId: string, paymentIntentId: string): Promise<ReaderResult> {
  const reader = await call(() => stripe.terminal.readers.retrieve(readerId));
  if ('deleted' in reader && reader.deleted) return { status: 'error', message: 'The card reader was removed.' };
  const live = reader as Stripe.Terminal.Reader;
  const action = live.action;
  const actionIntent = action?.process_payment_intent?.payment_intent;
  const actionIntentId = typeof actionIntent === 'string' ? actionIntent : actionIntent?.id;
  if (!action || actionIntentId !== paymentIntentId) {
    // The reader moved on (or never started): the intent itself says whether it was paid.
    const pi = await call(() => stripe.paymentIntents.retrieve(paymentIntentId));
    if (pi.status === 'succeeded') return { status: 'completed', message: '' };
    if (live.status === 'offline') return { status: 'offline', message: '' };
    return { status: 'error', message: 'The card reader is not processing this checkout.' };
  }
  if (action.status === 'failed') return failedAction(action);
  if (action.status === 'in_progress') return { status: live.status === 'offline' ? 'offline' : 'pending', message: '' };
  // Succeeded: the card was authorized; capture when the intent waits for it.
  let pi = await call(() => stripe.paymentIntents.retrieve(paymentIntentId));
  if (pi.status === 'requires_capture') pi = await call(() => stripe.paymentIntents.capture(paymentIntentId));
  if (pi.status === 'succeeded') return { status: 'completed', message: '' };
  return { status: 'pending', message: '' };
}

/** PaymentIntents, paid in the page with Stripe's Payment Element. */
function stripeIntents(
  stripe: Stripe,
): Pick<PaymentGateway, 'createPaymentIntent' | 'retrievePaymentIntent' | 'updatePaymentIntentAmount' | 'cancelPaymentIntent'> {
  return {
    async createPaymentIntent(input: CreatePaymentIntent) {
      const pi = await call(() =>
        stripe.paymentIntents.create({
          amount: input.amountCents,
          currency: 'usd',
          // Card in the page and/or card_present on readers: only what the organization takes, so an
          // intent meant for a reader cannot be paid through the Payment Element.
          allowed_payment_method_types: [...(input.online ? ['card'] : []), ...(input.inPerson ? ['card_present'] : [])],
          description: input.description,
          metadata: input.metadata,
        }),
      );
      return intentOf(pi);
    },

    async retrievePaymentIntent(id) {
      return intentOf(await call(() => stripe.paymentIntents.retrieve(id)));
    },

    async updatePaymentIntentAmount(id, amountCents) {
      return intentOf(await call(() => stripe.paymentIntents.update(id, { amount: amountCents })));
    },

    async cancelPaymentIntent(id) {
      const pi = await call(() => stripe.paymentIntents.retrieve(id));
      if (pi.status === 'succeeded' || pi.status === 'canceled') return;
      await call(() => stripe.paymentIntents.cancel(id));
    },
  };
}

/** Terminal readers, server-driven: the server sends the intent to the reader and reads the reader's action. */
function stripeReaders(stripe: Stripe): Pick<PaymentGateway, 'processOnReader' | 'readerStatus' | 'cancelReaderAction'> {
  return {
    async processOnReader(readerId, paymentIntentId, receiptEmail) {
      const pi = await call(() => stripe.paymentIntents.retrieve(paymentIntentId));
      if (pi.status === 'succeeded') return { status: 'completed', message: '' };
      // A reader takes card_present intents (Stripe Terminal); the page's intent starts as card.
      if (!pi.payment_method_types.includes('card_present') || (receiptEmail && pi.receipt_email !== receiptEmail)) {
        await call(() =>
          stripe.paymentIntents.update(paymentIntentId, {
            allowed_payment_method_types: ['card_present'],
            ...(receiptEmail ? { receipt_email: receiptEmail } : {}),
          }),
        );
      }
      try {
        await call(() => stripe.terminal.readers.processPaymentIntent(readerId, { payment_intent: paymentIntentId }));
      } catch (error) {
        if (error instanceof GatewayError) {
          const status: TerminalStatus =
            error.code === 'terminal_reader_busy'
              ? 'busy'
              : error.code === 'terminal_reader_offline' || error.code === 'terminal_reader_timeout'
                ? 'offline'
                : 'error';
          return { status, message: status === 'error' ? error.message : '' };
        }
        throw error;
      }
      return { status: 'pending', message: '' };
    },

    readerStatus: (readerId, paymentIntentId) => readerResult(stripe, readerId, paymentIntentId),

    async cancelReaderAction(readerId) {
      try {
        await call(() => stripe.terminal.readers.cancelAction(readerId));
      } catch (error) {
        // Nothing to cancel is not a failure of the reset button.
        if (!(error instanceof GatewayError)) throw error;
      }
      return { status: 'cancelled', message: '' };
    },
  };
}

export function createStripeGateway(options: StripeGatewayOptions): StripeGateway {
  const stripe = new Stripe(options.secretKey, sdkOptions(options.apiUrl));

  return {
    kind: 'stripe',
    ...stripeIntents(stripe),
    ...stripeReaders(stripe),
    ...stripeCardVault(stripe),

    async verifyWebhook(rawBody, signature) {
      if (!options.webhookSecret) throw new GatewayError('webhook_not_configured', 'STRIPE_WEBHOOK_SECRET is not set.');
      if (!signature) throw new GatewayError('signature_missing', 'The Stripe-Signature header is missing.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
      } catch (error) {
        throw new GatewayError('signature_invalid', error instanceof Error ? error.message : 'The signature does not match.');
      }
      const object = event.data.object as { object?: string; id?: string };
      return { id: event.id, type: event.type, paymentIntentId: object.object === 'payment_intent' && object.id ? object.id : null };
    },
  };
}

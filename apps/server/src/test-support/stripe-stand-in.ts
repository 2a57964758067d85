/**
 * A local HTTP stand-in for the parts of Stripe's API the `stripe` gateway uses, so its tests run
 * the official SDK over real HTTP with no network (docs/decisions/006-payment-gateway.md). Tests
 * only: it keeps state in memory and follows Stripe's wire format (form-encoded requests with
 * bracket keys, JSON answers, `{ error: { type, code, message } }` with Stripe's status codes).
 *
 * Besides the API it offers what a browser or a device would do at Stripe: `confirm` (Stripe.js
 * confirming the Payment Element), `POST /v1/payment_methods` (Stripe.js's createPaymentMethod from
 * the Payment Element) and `present_payment_method` (a card tapped on a reader).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

type Intent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  payment_method_types: string[];
  receipt_email: string | null;
  capture_method: 'automatic' | 'manual';
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  customer: string | null;
  payment_method: string | null;
  livemode: false;
  created: number;
};

type Customer = { id: string; object: 'customer'; email: string | null; description: string | null; livemode: false; created: number };

type PaymentMethod = {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit' };
  customer: string | null;
  livemode: false;
  created: number;
};

type Action = {
  type: 'process_payment_intent';
  status: 'in_progress' | 'succeeded' | 'failed';
  failure_code: string | null;
  failure_message: string | null;
  process_payment_intent: { payment_intent: string };
  api_error: null;
};

type Reader = {
  id: string;
  object: 'terminal.reader';
  label: string;
  status: 'online' | 'offline';
  action: Action | null;
  device_type: string;
  livemode: false;
};

type StripeErrorBody = { type: string; code?: string; decline_code?: string; message: string; param?: string };
class StandInError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

/** `a[b][0]=x` form keys into nested objects and arrays, as Stripe reads them. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? '');
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** Stripe's test payment methods for Stripe.js confirmation. */
const TEST_PAYMENT_METHODS: Record<string, StripeErrorBody | null> = {
  pm_card_visa: null,
  pm_card_mastercard: null,
  pm_card_visa_chargeDeclined: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'generic_decline',
    message: 'Your card was declined.',
  },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

/**
 * Stripe's test card numbers as a payment method behaves with them: 4000 0000 0000 0002 is declined
 * already when attached to a customer (Stripe checks the card then), 4000 0000 0000 0341 attaches but
 * every charge of it is declined, 4000 0000 0000 9995 attaches and a charge has insufficient funds.
 */
const DECLINED: StripeErrorBody = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
const TEST_CARD_NUMBERS: Record<string, { onAttach?: StripeErrorBody; onCharge?: StripeErrorBody }> = {
  '4000000000000002': { onAttach: DECLINED, onCharge: DECLINED },
  '4000000000000341': { onCharge: DECLINED },
  '4000000000009995': {
    onCharge: {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    },
  },
};

const brandOf = (number: string) =>
  /^3[47]/.test(number) ? 'amex' : /^5[1-5]/.test(number) ? 'mastercard' : /^6/.test(number) ? 'discover' : 'visa';

export type StripeStandIn = {
  url: string;
  intents: Map<string, Intent>;
  customers: Map<string, Customer>;
  paymentMethods: Map<string, PaymentMethod>;
  readers: Map<string, Reader>;
  /** Every request received, for assertions on what the SDK sent. */
  requests: { method: string; path: string; body: Record<string, unknown> }[];
  addReader(readerId: string, options?: { label?: string; status?: 'online' | 'offline' }): void;
  close(): Promise<void>;
};

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, Intent>();
  const readers = new Map<string, Reader>();
  const requests: StripeStandIn['requests'] = [];
  const vault = cardVault();

  const intent = (intentId: string) => {
    const found = intents.get(intentId);
    if (!found) {
      throw new StandInError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such payment_intent: '${intentId}'`,
        param: 'intent',
      });
    }
    return found;
  };
  const reader = (readerId: string) => {
    const found = readers.get(readerId);
    if (!found)
      throw new StandInError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such terminal.reader: '${readerId}'`,
      });
    return found;
  };
  const unexpected = (pi: Intent, verb: string) =>
    new StandInError(400, {
      type: 'invalid_request_error',
      code: 'payment_intent_unexpected_state',
      message: `You cannot ${verb} this PaymentIntent because it has a status of ${pi.status}.`,
    });
  const payable = (pi: Intent) => ['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(pi.status);
  const pay = (pi: Intent) => {
    pi.status = pi.capture_method === 'manual' ? 'requires_capture' : 'succeeded';
    pi.last_payment_error = null;
  };
  const decline = (pi: Intent, error: StripeErrorBody) => {
    pi.status = 'requires_payment_method';
    pi.last_payment_error = { type: error.type, code: error.code ?? '', decline_code: error.decline_code, message: error.message };
  };

  function route(method: string, path: string, body: Record<string, unknown>): unknown {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        throw new StandInError(400, {
          type: 'invalid_request_error',
          code: 'amount_too_small',
          message: 'Amount must be at least $0.50 usd',
          param: 'amount',
        });
      }
      const intentId = id('pi');
      const created: Intent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        currency: String(body.currency ?? 'usd'),
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`,
        description: body.description ? String(body.description) : null,
        metadata: (body.metadata as Record<string, string>) ?? {},
        payment_method_types: listOf(body.allowed_payment_method_types).length ? listOf(body.allowed_payment_method_types) : ['card'],
        receipt_email: null,
        capture_method: body.capture_method === 'manual' ? 'manual' : 'automatic',
        last_payment_error: null,
        customer: null,
        payment_method: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, created);
      return created;
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const pi = intent(m[1]!);
      if (method === 'GET') return pi;
      if (!payable(pi)) throw unexpected(pi, 'update');
      if (body.amount !== undefined) pi.amount = Number(body.amount);
      if (body.allowed_payment_method_types) pi.payment_method_types = listOf(body.allowed_payment_method_types);
      if (body.receipt_email !== undefined) pi.receipt_email = String(body.receipt_email) || null;
      if (body.metadata) pi.metadata = { ...pi.metadata, ...(body.metadata as Record<string, string>) };
      if (body.customer !== undefined) pi.customer = String(body.customer) ? vault.customer(String(body.customer)).id : null;
      return pi;
    }
    if (method === 'POST' && (m = /^\/v1\/payment_intents\/([^/]+)\/(cancel|capture|confirm)$/.exec(path))) {
      const pi = intent(m[1]!);
      if (m[2] === 'cancel') {
        if (pi.status === 'succeeded' || pi.status === 'canceled') throw unexpected(pi, 'cancel');
        pi.status = 'canceled';
        return pi;
      }
      if (m[2] === 'capture') {
        if (pi.status !== 'requires_capture') throw unexpected(pi, 'capture');
        pi.status = 'succeeded';
        return pi;
      }
      // confirm: what Stripe.js does when the Payment Element is submitted, or the server with a saved card.
      if (!payable(pi)) throw unexpected(pi, 'confirm');
      const method = String(body.payment_method ?? '');
      const made = vault.paymentMethods.get(method);
      if (made) {
        const error = vault.chargeError(made, pi.customer);
        if (error) {
          decline(pi, error);
          throw new StandInError(402, error);
        }
        pay(pi);
        pi.payment_method = made.id;
        return pi;
      }
      if (!(method in TEST_PAYMENT_METHODS)) {
        throw new StandInError(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such PaymentMethod: '${method}'`,
        });
      }
      const error = TEST_PAYMENT_METHODS[method];
      if (error) {
        decline(pi, error);
        throw new StandInError(402, error);
      }
      pay(pi);
      return pi;
    }
    const vaulted = vault.route(method, path, body);
    if (vaulted) return vaulted;
    if ((m = /^\/v1\/terminal\/readers\/([^/]+)$/.exec(path)) && method === 'GET') return reader(m[1]!);
    if (method === 'POST' && (m = /^\/v1\/terminal\/readers\/([^/]+)\/(process_payment_intent|cancel_action)$/.exec(path))) {
      const r = reader(m[1]!);
      if (r.status === 'offline') {
        throw new StandInError(400, {
          type: 'invalid_request_error',
          code: 'terminal_reader_offline',
          message: 'Reader is currently offline.',
        });
      }
      if (m[2] === 'cancel_action') {
        if (r.action?.status !== 'in_progress') {
          throw new StandInError(400, {
            type: 'invalid_request_error',
            code: 'terminal_reader_action_unavailable',
            message: 'Reader has no action to cancel.',
          });
        }
        r.action = { ...r.action, status: 'failed', failure_code: 'canceled', failure_message: 'The action was canceled.' };
        return r;
      }
      if (r.action?.status === 'in_progress') {
        throw new StandInError(400, {
          type: 'invalid_request_error',
          code: 'terminal_reader_busy',
          message: 'Reader is currently busy processing another request.',
        });
      }
      const pi = intent(String(body.payment_intent));
      if (!pi.payment_method_types.includes('card_present')) {
        throw new StandInError(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_invalid_parameter',
          message: 'PaymentIntent must allow card_present to be processed on a reader.',
        });
      }
      r.action = {
        type: 'process_payment_intent',
        status: 'in_progress',
        failure_code: null,
        failure_message: null,
        process_payment_intent: { payment_intent: pi.id },
        api_error: null,
      };
      return r;
    }
    if (method === 'POST' && (m = /^\/v1\/test_helpers\/terminal\/readers\/([^/]+)\/present_payment_method$/.exec(path))) {
      const r = reader(m[1]!);
      if (r.action?.status !== 'in_progress') {
        throw new StandInError(400, {
          type: 'invalid_request_error',
          code: 'terminal_reader_action_unavailable',
          message: 'Reader has no action in progress.',
        });
      }
      const pi = intent(r.action.process_payment_intent.payment_intent);
      const number = String((body.card_present as Record<string, unknown> | undefined)?.number ?? '4242424242424242');
      if (number === '4000000000000002' || number === '4000000000009995') {
        const message = number === '4000000000000002' ? 'Your card was declined.' : 'Your card has insufficient funds.';
        decline(pi, { type: 'card_error', code: 'card_declined', message });
        r.action = { ...r.action, status: 'failed', failure_code: 'card_declined', failure_message: message };
      } else {
        pay(pi);
        r.action = { ...r.action, status: 'succeeded' };
      }
      return r;
    }
    throw new StandInError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const body = parseStripeForm(request.method === 'GET' ? url.searchParams.toString() : Buffer.concat(chunks).toString('utf8'));
    requests.push({ method: request.method ?? 'GET', path: url.pathname, body });
    response.setHeader('content-type', 'application/json');
    response.setHeader('request-id', id('req'));
    if (!request.headers.authorization?.startsWith('Bearer sk_')) {
      response.statusCode = 401;
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } }));
      return;
    }
    try {
      const answer = route(request.method ?? 'GET', url.pathname, body);
      response.statusCode = 200;
      response.end(JSON.stringify(answer));
    } catch (error) {
      if (error instanceof StandInError) {
        response.statusCode = error.statusCode;
        response.end(JSON.stringify({ error: error.body }));
        return;
      }
      response.statusCode = 500;
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    }
  }

  const server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    customers: vault.customers,
    paymentMethods: vault.paymentMethods,
    readers,
    requests,
    addReader(readerId, options = {}) {
      readers.set(readerId, {
        id: readerId,
        object: 'terminal.reader',
        label: options.label ?? readerId,
        status: options.status ?? 'online',
        action: null,
        device_type: 'simulated_wisepos_e',
        livemode: false,
      });
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/**
 * Customers and their cards as Stripe keeps them: a payment method made from the typed card (never
 * keeping the number), attached to one customer, detached for good (Stripe does not let a detached
 * payment method be attached or used again), and charged only for an intent of its customer.
 */
function cardVault() {
  const customers = new Map<string, Customer>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const outcomes = new Map<string, { onAttach?: StripeErrorBody; onCharge?: StripeErrorBody }>();
  const detached = new Set<string>();
  const created = () => Math.floor(Date.now() / 1000);

  const missing = (kind: string, missingId: string, param?: string) =>
    new StandInError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${missingId}'`, param });
  const unexpectedState = (message: string) =>
    new StandInError(400, { type: 'invalid_request_error', code: 'payment_method_unexpected_state', message });
  const usedUp = (pm: PaymentMethod) =>
    unexpectedState(
      `This PaymentMethod (${pm.id}) was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.`,
    );

  const customer = (customerId: string) => {
    const found = customers.get(customerId);
    if (!found) throw missing('customer', customerId, 'customer');
    return found;
  };
  const paymentMethod = (pmId: string) => {
    const found = paymentMethods.get(pmId);
    if (!found) throw missing('PaymentMethod', pmId, 'payment_method');
    return found;
  };

  function makePaymentMethod(body: Record<string, unknown>): PaymentMethod {
    const card = (body.card ?? {}) as Record<string, unknown>;
    const number = String(card.number ?? '').replace(/\D/g, '');
    if (body.type !== 'card' || number.length < 12) {
      throw new StandInError(402, {
        type: 'card_error',
        code: 'incorrect_number',
        message: 'Your card number is incorrect.',
        param: 'number',
      });
    }
    const pm: PaymentMethod = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      card: {
        brand: brandOf(number),
        last4: number.slice(-4),
        exp_month: Number(card.exp_month),
        exp_year: Number(card.exp_year),
        funding: 'credit',
      },
      customer: null,
      livemode: false,
      created: created(),
    };
    paymentMethods.set(pm.id, pm);
    outcomes.set(pm.id, TEST_CARD_NUMBERS[number] ?? {});
    return pm;
  }

  function attach(pm: PaymentMethod, customerId: string): PaymentMethod {
    const owner = customer(customerId);
    if (detached.has(pm.id)) throw usedUp(pm);
    if (pm.customer && pm.customer !== owner.id) {
      throw unexpectedState('The payment method you provided has already been attached to a customer.');
    }
    const declined = outcomes.get(pm.id)?.onAttach;
    if (declined) throw new StandInError(402, declined);
    pm.customer = owner.id;
    return pm;
  }

  function detach(pm: PaymentMethod): PaymentMethod {
    if (!pm.customer) {
      throw unexpectedState('The payment method you provided is not attached to a customer so detachment is impossible.');
    }
    pm.customer = null;
    detached.add(pm.id);
    return pm;
  }

  return {
    customers,
    paymentMethods,
    customer,
    /** Why a charge of the payment method for an intent of that customer fails, or null. */
    chargeError(pm: PaymentMethod, intentCustomer: string | null): StripeErrorBody | null {
      if (detached.has(pm.id)) throw usedUp(pm);
      if (pm.customer && pm.customer !== intentCustomer) {
        throw new StandInError(400, {
          type: 'invalid_request_error',
          message: `The provided PaymentMethod belongs to a Customer (${pm.customer}), but the PaymentIntent's customer is ${intentCustomer ?? 'not set'}.`,
          param: 'payment_method',
        });
      }
      return outcomes.get(pm.id)?.onCharge ?? null;
    },
    /** The customer and payment method endpoints; undefined for any other request. */
    route(method: string, path: string, body: Record<string, unknown>): unknown {
      let m: RegExpExecArray | null;
      if (method === 'POST' && path === '/v1/customers') {
        const made: Customer = {
          id: id('cus'),
          object: 'customer',
          email: body.email ? String(body.email) : null,
          description: body.description ? String(body.description) : null,
          livemode: false,
          created: created(),
        };
        customers.set(made.id, made);
        return made;
      }
      if (method === 'GET' && (m = /^\/v1\/customers\/([^/]+)$/.exec(path))) return customer(m[1]!);
      if (method === 'POST' && path === '/v1/payment_methods') return makePaymentMethod(body);
      if (method === 'GET' && (m = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) return paymentMethod(m[1]!);
      if (method === 'POST' && (m = /^\/v1\/payment_methods\/([^/]+)\/(attach|detach)$/.exec(path))) {
        const pm = paymentMethod(m[1]!);
        return m[2] === 'attach' ? attach(pm, String(body.customer ?? '')) : detach(pm);
      }
      return undefined;
    },
  };
}

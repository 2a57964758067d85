/**
 * The `simulated` payment gateway (the default; docs/decisions/006-payment-gateway.md): payment
 * intents and card readers that behave like the provider's test mode, with no network. Their
 * state lives in the database (migration 0003, repository.ts), so every server process, the web
 * page's card form and the readers' dev control all see the same intents and readers.
 *
 * Readers: a checkout sent to a reader is "in progress" for a few seconds, then completes (the
 * customer tapped a card), unless the dev control (`POST /api/dev/terminals/{readerId}/next`)
 * drives it: busy, offline or error answer the next send; completed, failed, cancelled or error
 * end the checkout in progress at once; open or pending hold it until driven again.
 */
import { randomBytes } from 'node:crypto';
import type { TerminalStatus } from '@portal/domain/rules';
import type { Database, DatabaseTransaction, Queryable } from '../db/client.js';
import {
  cancelPayableIntent,
  findIntent,
  insertIntent,
  lockReader,
  markIntentSucceeded,
  PAYABLE,
  recordIntentError,
  updatePayableIntentAmount,
  updateReader,
  type IntentRow,
  type ReaderChanges,
  type ReaderRow,
} from './repository.js';
import { simulatedCardVault, type SimulatedCardVault } from './simulated-card-vault.js';
import { checkCard, type CardCheck } from './simulated-cards.js';
import {
  GatewayError,
  type CreatePaymentIntent,
  type PaymentGateway,
  type PaymentIntent,
  type PaymentIntentStatus,
  type ReaderResult,
} from './gateway.js';

/** How long a simulated customer takes at the reader when nobody drives it. */
export const SIMULATED_READER_DELAY_MS = 3000;

const DEFAULT_FAILURE = 'Your card was declined.';
const NOT_THIS_CHECKOUT = 'The card reader is not processing this checkout.';

type Tx = DatabaseTransaction;

export type CardConfirmation = { status: PaymentIntentStatus; error: Extract<CardCheck, { ok: false }> | null };

export type SimulatedGateway = PaymentGateway &
  SimulatedCardVault & {
    /** What the page's card form does (as Stripe.js confirms a card payment). */
    confirmCard(
      paymentIntentId: string,
      clientSecret: string,
      card: { cardNumber: string; expiry: string; cvc: string },
    ): Promise<CardConfirmation>;
    /** The dev control: drive a reader to a terminal status. */
    driveReader(readerId: string, status: TerminalStatus, message?: string): Promise<ReaderResult>;
  };

const token = (bytes: number) => randomBytes(bytes).toString('base64url').replace(/[-_]/g, '').slice(0, bytes);

function intentOf(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status as PaymentIntentStatus,
    amountCents: row.amountCents,
    metadata: row.metadata,
  };
}

const noSuchIntent = (id: string) => new GatewayError('resource_missing', `No such payment_intent: '${id}'`);

type Clock = () => Date;

async function loadIntent(runner: Queryable, id: string): Promise<IntentRow> {
  const row = await findIntent(runner, id);
  if (!row) throw noSuchIntent(id);
  return row;
}

const setReader = (tx: Tx, readerId: string, values: ReaderChanges, now: Clock) => updateReader(tx, readerId, values, now());

/** Ends a reader's action that is due: its outcome becomes the reader's answer. */
async function settle(tx: Tx, reader: ReaderRow, now: Clock): Promise<ReaderRow> {
  if (reader.actionStatus !== 'in_progress' || !reader.actionDueAt || reader.actionDueAt > now()) return reader;
  const outcome = reader.actionOutcome ?? 'completed';
  let message = reader.actionMessage ?? '';
  if (outcome === 'completed' && reader.actionPaymentIntentId) {
    await markIntentSucceeded(tx, reader.actionPaymentIntentId, now());
  } else if (outcome === 'failed') {
    message ||= DEFAULT_FAILURE;
    if (reader.actionPaymentIntentId) {
      await recordIntentError(tx, reader.actionPaymentIntentId, { code: 'card_declined', message }, now());
    }
  }
  const settled = { actionStatus: outcome, actionMessage: message, actionDueAt: null };
  await setReader(tx, reader.id, settled, now);
  return { ...reader, ...settled };
}

function resultOf(reader: ReaderRow): ReaderResult {
  if (reader.actionStatus === 'in_progress') {
    return { status: reader.actionOutcome === 'open' ? 'open' : 'pending', message: '' };
  }
  return { status: (reader.actionStatus ?? 'open') as TerminalStatus, message: reader.actionMessage ?? '' };
}

/** The payment intents and the page's card form, as the provider's test mode answers them. */
function simulatedIntents(
  db: Database,
  now: Clock,
): Pick<
  SimulatedGateway,
  'createPaymentIntent' | 'retrievePaymentIntent' | 'updatePaymentIntentAmount' | 'cancelPaymentIntent' | 'confirmCard'
> {
  return {
    async createPaymentIntent(input: CreatePaymentIntent) {
      const id = `pi_sim_${token(24)}`;
      return intentOf(
        await insertIntent(db, { id, clientSecret: `${id}_secret_${token(24)}`, amountCents: input.amountCents, metadata: input.metadata }),
      );
    },

    async retrievePaymentIntent(id) {
      return intentOf(await loadIntent(db, id));
    },

    async updatePaymentIntentAmount(id, amountCents) {
      const row = await updatePayableIntentAmount(db, id, amountCents, now());
      if (row) return intentOf(row);
      const current = await loadIntent(db, id);
      throw new GatewayError(
        'payment_intent_unexpected_state',
        `You cannot update this PaymentIntent because it has a status of ${current.status}.`,
      );
    },

    async cancelPaymentIntent(id) {
      await cancelPayableIntent(db, id, now());
    },

    async confirmCard(paymentIntentId, clientSecret, card) {
      const intent = await loadIntent(db, paymentIntentId);
      if (intent.clientSecret !== clientSecret) throw noSuchIntent(paymentIntentId);
      // A second confirmation of a paid intent (a double click) answers what the first did.
      if (intent.status === 'succeeded') return { status: 'succeeded', error: null };
      if (!PAYABLE.includes(intent.status as PaymentIntentStatus)) {
        throw new GatewayError('payment_intent_unexpected_state', `This PaymentIntent's status is ${intent.status}.`);
      }
      const check = checkCard(card, now());
      if (check.ok) {
        await markIntentSucceeded(db, paymentIntentId, now());
        return { status: (await loadIntent(db, paymentIntentId)).status as PaymentIntentStatus, error: null };
      }
      if (check.type === 'card_error') {
        await recordIntentError(db, paymentIntentId, check, now());
      }
      return { status: 'requires_payment_method', error: check };
    },
  };
}

/**
 * Sends the intent to the reader: the next status the dev control set answers at once when it is
 * busy, offline or error; otherwise the checkout is in progress (held for open and pending).
 */
async function startOnReader(tx: Tx, readerId: string, paymentIntentId: string, now: Clock, delayMs: number): Promise<ReaderResult> {
  const reader = await settle(tx, await lockReader(tx, readerId), now);
  const next = reader.nextStatus as TerminalStatus | null;
  if (next === 'busy' || next === 'offline' || next === 'error') {
    await setReader(tx, readerId, { nextStatus: null, nextMessage: null }, now);
    return { status: next, message: reader.nextMessage ?? '' };
  }
  if (reader.actionStatus === 'in_progress' && reader.actionPaymentIntentId !== paymentIntentId) {
    return { status: 'busy', message: '' };
  }
  const intent = await loadIntent(tx, paymentIntentId);
  if (intent.status === 'succeeded') return { status: 'completed', message: '' };
  if (!PAYABLE.includes(intent.status as PaymentIntentStatus)) {
    return { status: 'error', message: `This PaymentIntent's status is ${intent.status}.` };
  }
  const hold = next === 'open' || next === 'pending';
  await setReader(
    tx,
    readerId,
    {
      actionPaymentIntentId: paymentIntentId,
      actionStatus: 'in_progress',
      actionOutcome: next ?? 'completed',
      actionMessage: reader.nextMessage,
      actionDueAt: hold ? null : new Date(now().getTime() + delayMs),
      nextStatus: null,
      nextMessage: null,
    },
    now,
  );
  return { status: hold && next === 'open' ? 'open' : 'pending', message: '' };
}

/** The card readers and their dev control. */
function simulatedReaders(
  db: Database,
  now: Clock,
  delayMs: number,
): Pick<SimulatedGateway, 'processOnReader' | 'readerStatus' | 'cancelReaderAction' | 'driveReader'> {
  return {
    processOnReader(readerId, paymentIntentId) {
      return db.transaction((tx) => startOnReader(tx, readerId, paymentIntentId, now, delayMs));
    },

    readerStatus(readerId, paymentIntentId) {
      return db.transaction(async (tx) => {
        const reader = await settle(tx, await lockReader(tx, readerId), now);
        if (reader.actionPaymentIntentId !== paymentIntentId) {
          const intent = await loadIntent(tx, paymentIntentId);
          return intent.status === 'succeeded' ? { status: 'completed', message: '' } : { status: 'error', message: NOT_THIS_CHECKOUT };
        }
        return resultOf(reader);
      });
    },

    cancelReaderAction(readerId) {
      return db.transaction(async (tx) => {
        const reader = await settle(tx, await lockReader(tx, readerId), now);
        if (reader.actionStatus !== 'in_progress') return { status: 'cancelled', message: '' };
        await setReader(tx, readerId, { actionStatus: 'cancelled', actionMessage: '', actionDueAt: null }, now);
        return { status: 'cancelled', message: '' };
      });
    },

    driveReader(readerId, status, message) {
      return db.transaction(async (tx) => {
        const reader = await settle(tx, await lockReader(tx, readerId), now);
        if (reader.actionStatus === 'in_progress' && status !== 'busy') {
          const hold = status === 'open' || status === 'pending';
          // Driven while a checkout is in progress: that checkout ends now (or waits, for open and pending).
          await setReader(tx, readerId, { actionOutcome: status, actionMessage: message ?? null, actionDueAt: hold ? null : now() }, now);
          const driven = await settle(
            tx,
            { ...reader, actionOutcome: status, actionMessage: message ?? null, actionDueAt: hold ? null : now() },
            now,
          );
          return resultOf(driven);
        }
        await setReader(tx, readerId, { nextStatus: status, nextMessage: message ?? null }, now);
        return resultOf(reader);
      });
    },
  };
}

export function createSimulatedGateway(db: Database, options: { readerDelayMs?: number; now?: () => Date } = {}): SimulatedGateway {
  const delayMs = options.readerDelayMs ?? SIMULATED_READER_DELAY_MS;
  const now = options.now ?? (() => new Date());
  return {
    kind: 'simulated',
    ...simulatedCardVault(db, now),
    ...simulatedIntents(db, now),
    ...simulatedReaders(db, now, delayMs),
  };
}

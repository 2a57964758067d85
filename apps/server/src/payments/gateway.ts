/**
 * The payment gateway interface (server-rules "Checkout and payment"; docs/decisions/004):
 * payment intents for card payments in the page, and card readers for payments at the counter.
 * Two implementations: `simulated` (the default, no network, behaves like the provider's test
 * mode) and `stripe` (the official SDK). The checkout never talks to a provider directly.
 */
import type { TerminalStatus } from '@portal/domain/rules';

export type GatewayKind = 'simulated' | 'stripe';

/** The provider's payment intent states (Stripe's names; the simulated gateway uses the same). */
export type PaymentIntentStatus =
  'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';

export type PaymentIntent = {
  id: string;
  clientSecret: string;
  status: PaymentIntentStatus;
  amountCents: number;
  metadata: Record<string, string>;
};

export type CreatePaymentIntent = {
  amountCents: number;
  /**
   * Carried by the intent so a webhook or the reconciliation can find what it pays: a checkout
   * (confirmationNumber) or an invoice payment (invoicePayment, issue 36).
   */
  metadata: { organizationId: string } & ({ confirmationNumber: string } | { invoicePayment: string });
  description: string;
  /** Paid by card in the page (organizations.allow_card_payments). */
  online: boolean;
  /** Paid on a card reader (spec 6 allowTerminals). */
  inPerson: boolean;
};

/** What a reader answers (spec 3 "Terminal status result" without the page's sentence). */
export type ReaderResult = { status: TerminalStatus; message: string };

/** A card kept by the provider for a customer (saved cards, issue 36): never its number. */
export type CardSummary = { paymentMethodId: string; brand: string; last4: string; expMonth: number; expYear: number };

/** What a server-side confirmation with a saved card answers: the intent's status, or the card's refusal. */
export type CardPaymentResult = { status: PaymentIntentStatus; error: { code: string; message: string } | null };

/** A provider refusal the checkout can explain; anything else is a 500 with a generic message. */
export class GatewayError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export type PaymentGateway = {
  readonly kind: GatewayKind;
  createPaymentIntent(input: CreatePaymentIntent): Promise<PaymentIntent>;
  retrievePaymentIntent(id: string): Promise<PaymentIntent>;
  /** New amount before the payment is taken (taxes recalculated, details updated). */
  updatePaymentIntentAmount(id: string, amountCents: number): Promise<PaymentIntent>;
  /** Cancels an intent that has not succeeded; an intent that succeeded is left alone. */
  cancelPaymentIntent(id: string): Promise<void>;
  /** Sends the intent to a card reader (spec 4 "Terminal flow"). */
  processOnReader(readerId: string, paymentIntentId: string, receiptEmail: string): Promise<ReaderResult>;
  /** Where the reader stands with that intent; 'completed' only once the payment succeeded. */
  readerStatus(readerId: string, paymentIntentId: string): Promise<ReaderResult>;
  /** The status modal's reset: the reader stops waiting for a card. */
  cancelReaderAction(readerId: string): Promise<ReaderResult>;
  /** A provider customer for a user who saves a card (saved cards, issue 36). */
  createCustomer(input: { email: string; description: string }): Promise<string>;
  /** Keeps a payment method made in the page for the customer; a declined card refuses (GatewayError). */
  attachPaymentMethod(paymentMethodId: string, customerId: string): Promise<CardSummary>;
  /** The customer's card is forgotten by the provider (Remove). */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** Pays the intent with the customer's saved card, server-side ('Use a saved card'). */
  payWithSavedCard(paymentIntentId: string, card: { paymentMethodId: string; customerId: string }): Promise<CardPaymentResult>;
};

/** Payment intents that may still change amount or be paid. */
export function isPayable(status: PaymentIntentStatus): boolean {
  return status === 'requires_payment_method' || status === 'requires_confirmation' || status === 'requires_action';
}

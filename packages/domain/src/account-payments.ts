/**
 * Invoices paid in the portal ('Pay Selected') and saved cards (issue 36; interface-contract
 * "Account statement", "Saved cards"): the requests and answers of their calls. Amounts in dollars.
 */
import { z } from 'zod';
import { paymentErrorTypeSchema, simulatedCardConfirmSchema } from './checkout/simulated-payment.js';
import { INVOICE_PAYMENT_STATUSES, PAYMENT_NUMBER_PATTERN } from './account-payments-rules.js';

/** `POST /api/account/invoice-payments`: the open invoices to pay, by number. */
export const invoicePaymentRequestSchema = z.object({
  invoiceNumbers: z
    .array(z.string().trim().min(1, { error: 'An invoice number is empty.' }).max(64, { error: 'An invoice number is too long.' }), {
      error: 'invoiceNumbers must be a list of invoice numbers.',
    })
    .min(1, { error: 'Select at least one invoice.' })
    .max(200, { error: 'Pay at most 200 invoices at once.' }),
});
export type InvoicePaymentRequest = z.infer<typeof invoicePaymentRequestSchema>;

/** A payment of invoices: `pending` until the card payment went through, then `succeeded`. */
export const invoicePaymentSchema = z.object({
  paymentNumber: z.string(),
  status: z.enum(INVOICE_PAYMENT_STATUSES),
  amount: z.number(),
  invoiceNumbers: z.array(z.string()),
  /** The provider's intent the page confirms the card payment of (empty once the payment is not pending). */
  paymentIntentId: z.string(),
  paymentIntentSecret: z.string(),
  paidAt: z.string().nullable(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;
export const invoicePaymentParamsSchema = z.object({
  paymentNumber: z.string().trim().regex(PAYMENT_NUMBER_PATTERN, { error: 'The payment number is not valid.' }),
});

export const invoiceParamsSchema = z.object({ invoiceNumber: z.string().trim().min(1).max(64) });

/** The simulated gateway's card form paying an invoice payment (simulated mode). */
export const simulatedInvoiceCardSchema = simulatedCardConfirmSchema;

// --- Integration: payments made in the portal --------------------------------------------------------

/** `GET /api/integration/invoice-payments`: succeeded payments since a time, oldest first. */
export const integrationInvoicePaymentsQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO 8601 time, e.g. 2026-11-22T00:00:00Z.' }),
  /** Continue after this payment when several share the last `paidAt` of the previous page. */
  afterPaymentNumber: z.string().trim().regex(PAYMENT_NUMBER_PATTERN, { error: 'afterPaymentNumber is not a payment number.' }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const integrationInvoicePaymentSchema = z.object({
  paymentNumber: z.string(),
  organizationId: z.number().int(),
  amount: z.number(),
  paidAt: z.string(),
  paidByEmail: z.string(),
  paymentIntentId: z.string(),
  invoices: z.array(z.object({ invoiceNumber: z.string(), documentNumber: z.number().nullable(), amount: z.number() })),
});
export type IntegrationInvoicePayment = z.infer<typeof integrationInvoicePaymentSchema>;

export const integrationInvoicePaymentsResponseSchema = z.object({
  payments: z.array(integrationInvoicePaymentSchema),
  next: z.object({ since: z.string(), afterPaymentNumber: z.string() }).nullable(),
});

// --- Saved cards (role storedPayments) ----------------------------------------------------------------

export const savedCardSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;
export const savedCardsResponseSchema = z.object({ cards: z.array(savedCardSchema) });

/** `POST /api/saved-cards`: a payment method the page made with the provider (Stripe.js or the simulated form). */
export const saveCardRequestSchema = z.object({
  paymentMethodId: z.string().trim().min(1, { error: 'The payment method is required.' }).max(255),
});
export const savedCardParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2147483647) });

/** `POST /api/checkout/{confirmationNumber}/saved-card`: pay the checkout with a saved card. */
export const payWithSavedCardRequestSchema = z.object({ savedCardId: z.number().int().positive().max(2147483647) });

/** What the provider answered a card payment: succeeded, or its refusal in its words. */
export const cardPaymentResultSchema = z.object({
  status: z.string(),
  error: z.object({ type: paymentErrorTypeSchema, code: z.string(), message: z.string() }).nullable(),
});
export type CardPaymentResult = z.infer<typeof cardPaymentResultSchema>;

/** `POST /api/simulated-gateway/payment-methods` (simulated mode): the card form's createPaymentMethod. */
export const simulatedPaymentMethodRequestSchema = simulatedCardConfirmSchema.omit({ clientSecret: true });
export const simulatedPaymentMethodResultSchema = z.object({
  paymentMethodId: z.string().nullable(),
  error: z
    .object({
      type: paymentErrorTypeSchema,
      code: z.string(),
      declineCode: z.string().nullable(),
      message: z.string(),
      field: z.enum(['cardNumber', 'expiry', 'cvc', 'postalCode']).nullable(),
    })
    .nullable(),
});
export type SimulatedPaymentMethodResult = z.infer<typeof simulatedPaymentMethodResultSchema>;

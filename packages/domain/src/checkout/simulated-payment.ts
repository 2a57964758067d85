/**
 * The simulated gateway's card confirmation (server-rules "Checkout and payment": the card
 * provider's test mode). The web page's simulated card form posts here, as Stripe.js posts to
 * Stripe; the answer mirrors Stripe's: a status, or an error with type, code and message.
 */
import { z } from 'zod';

export const simulatedPaymentIntentParamsSchema = z.object({ paymentIntentId: z.string().trim().min(1).max(200) });

/** `POST /api/simulated-gateway/payment-intents/{paymentIntentId}/confirm` (as Stripe's `/v1/payment_intents/{id}/confirm`). */
export const simulatedCardConfirmSchema = z.object({
  clientSecret: z.string().trim().min(1).max(300),
  cardNumber: z.string().trim().max(40),
  /** MM / YY as typed. */
  expiry: z.string().trim().max(10),
  cvc: z.string().trim().max(8),
  postalCode: z.string().trim().max(10).default(''),
});
export type SimulatedCardConfirm = z.input<typeof simulatedCardConfirmSchema>;

export const paymentErrorTypeSchema = z.enum(['card_error', 'validation_error', 'invalid_request_error', 'api_error']);
export type PaymentErrorType = z.infer<typeof paymentErrorTypeSchema>;

export const simulatedCardConfirmResultSchema = z.object({
  status: z.string(),
  error: z
    .object({
      type: paymentErrorTypeSchema,
      code: z.string(),
      declineCode: z.string().nullable(),
      message: z.string(),
      /** The card form field the error belongs to, when it is a validation error. */
      field: z.enum(['cardNumber', 'expiry', 'cvc', 'postalCode']).nullable(),
    })
    .nullable(),
});
export type SimulatedCardConfirmResult = z.infer<typeof simulatedCardConfirmResultSchema>;

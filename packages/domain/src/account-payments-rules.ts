/** The zod-free rules of account-payments.ts (its API schemas stay there); exported through src/rules.ts. */

export const INVOICE_PAYMENT_STATUSES = ['pending', 'succeeded', 'cancelled'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

export const PAYMENT_NUMBER_PATTERN = /^PAY-[A-Z0-9]{10}$/;

import type { InvoicePayment, SimulatedCardConfirm, SimulatedCardConfirmResult } from '@portal/domain';
import { api, downloadFile } from '@/lib/api-client';

/**
 * 'Pay Selected' (issue 36): a pending payment of the selected invoices with the provider's intent.
 * Asking again (a second click, a second tab) gives the older payment up on the server, so only the
 * newest can be paid (decision 020).
 */
export const startInvoicePayment = (invoiceNumbers: string[]) =>
  api<InvoicePayment>('/api/account/invoice-payments', { method: 'POST', body: { invoiceNumbers } });

/** After the card payment went through: the payment recorded (409 while it has not). */
export const completeInvoicePayment = (paymentNumber: string) =>
  api<InvoicePayment>(`/api/account/invoice-payments/${encodeURIComponent(paymentNumber)}/complete`, { method: 'POST' });

/** The simulated gateway's card confirmation of an invoice payment (simulated mode). */
export const confirmSimulatedInvoiceCard = (paymentNumber: string, body: SimulatedCardConfirm) =>
  api<SimulatedCardConfirmResult>(`/api/simulated-gateway/invoice-payments/${encodeURIComponent(paymentNumber)}/confirm`, {
    method: 'POST',
    body,
  });

/** The invoice document, saved by the browser as invoice-{number}.pdf. */
export const downloadInvoicePdf = (invoiceNumber: string) =>
  downloadFile(`/api/account/invoices/${encodeURIComponent(invoiceNumber)}/pdf`, `invoice-${invoiceNumber}.pdf`);

/** The checkout calls of spec 7 (`/api/checkout...`), one function each, through the one api client. */
import type {
  CalculateTaxesRequest,
  CalculateTaxesResponse,
  CheckoutRecord,
  CompleteCheckoutResponse,
  CreateCheckoutRequest,
  CreateCheckoutResponse,
  Session,
  SimulatedCardConfirm,
  SimulatedCardConfirmResult,
  TerminalRequest,
  TerminalStatusResult,
  UpdateCheckoutRequest,
  UpdateCheckoutResponse,
} from '@portal/domain';
import { api } from '@/lib/api-client';

export const createCheckout = (body: CreateCheckoutRequest) => api<CreateCheckoutResponse>('/api/checkout', { method: 'POST', body });

export const updateCheckout = (body: UpdateCheckoutRequest) => api<UpdateCheckoutResponse>('/api/checkout', { method: 'PUT', body });

export const fetchCheckout = (confirmationNumber: string) => api<CheckoutRecord>(`/api/checkout/${encodeURIComponent(confirmationNumber)}`);

export const completeCheckout = (confirmationNumber: string) =>
  api<CompleteCheckoutResponse>(`/api/checkout/${encodeURIComponent(confirmationNumber)}/complete`);

export const deleteCheckout = (confirmationNumber: string) =>
  api<{ ok: true }>(`/api/checkout/${encodeURIComponent(confirmationNumber)}`, { method: 'DELETE' });

/** `signal` cancels a recalculation whose address is no longer the page's (use-tax-recalculation.ts). */
export const calculateTaxes = (body: CalculateTaxesRequest, signal?: AbortSignal) =>
  api<CalculateTaxesResponse>('/api/checkout/calculate-taxes', { method: 'POST', body, signal });

/** Spec 7: the status call bypasses the global request handling (no busy overlay while polling). */
export const terminalCall = (action: 'process' | 'status' | 'cancel', body: TerminalRequest, signal?: AbortSignal) =>
  api<TerminalStatusResult>(`/api/checkout/terminal/${action}`, { method: 'POST', body, silent: action === 'status', signal });

/** The simulated gateway's card confirmation (simulated mode), as Stripe.js confirms with Stripe. */
export const confirmSimulatedCard = (paymentIntentId: string, body: SimulatedCardConfirm) =>
  api<SimulatedCardConfirmResult>(`/api/simulated-gateway/payment-intents/${encodeURIComponent(paymentIntentId)}/confirm`, {
    method: 'POST',
    body,
  });

/** Spec 8, code 8000: the session is refreshed before the cart. */
export const refreshSession = () => api<Session>('/api/users/session/refresh');

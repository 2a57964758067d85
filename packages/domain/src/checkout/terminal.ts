/**
 * The card-reader terminal flow (spec 4 "Terminal flow", spec 3 "Terminal status result",
 * spec 8 terminal messages): statuses, which of them end the polling, and the words shown.
 */
import { z } from 'zod';
import { nullAs } from '../api/common.js';

export const TERMINAL_STATUSES = ['open', 'pending', 'completed', 'busy', 'offline', 'error', 'failed', 'cancelled'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];
export const terminalStatusSchema = z.enum(TERMINAL_STATUSES);

/** Statuses that end the polling; open, pending (and anything unknown) keep polling (spec 4). */
export const FINAL_TERMINAL_STATUSES: readonly TerminalStatus[] = ['completed', 'busy', 'offline', 'error', 'failed', 'cancelled'];

export function isFinalTerminalStatus(status: string): boolean {
  return (FINAL_TERMINAL_STATUSES as readonly string[]).includes(status);
}

/** Spec 9: the status is polled every 1.5 seconds. */
export const TERMINAL_POLL_INTERVAL_MS = 1500;

export const TERMINAL_MESSAGES = {
  busy: 'The terminal card reader is currently busy with another checkout. Please try again later.',
  offline: 'The terminal card reader is currently offline. Please boot the device and connect it to WiFi.',
  cancelled: 'The transaction was cancelled by the customer.',
  failed: (message: string) => `The transaction failed to process with message: ${message}`,
  error: (message: string) => `The terminal card reader returned an error: ${message}`,
  errorDefault: 'An error occurred while sending the checkout to the terminal.',
  /** Client fallbacks when the call itself fails. */
  sendFailed: 'Failed to send checkout to terminal card reader',
  statusFailed: 'Failed to query status of terminal card reader',
} as const;

/** How the page reports a final status: the toast kind and its text; null while polling goes on. */
export function terminalOutcome(status: string, providerMessage = ''): { kind: 'success' | 'warning' | 'error'; message: string } | null {
  switch (status) {
    case 'completed':
      return { kind: 'success', message: '' };
    case 'busy':
      return { kind: 'warning', message: TERMINAL_MESSAGES.busy };
    case 'offline':
      return { kind: 'warning', message: TERMINAL_MESSAGES.offline };
    case 'cancelled':
      return { kind: 'warning', message: TERMINAL_MESSAGES.cancelled };
    case 'failed':
      return { kind: 'warning', message: TERMINAL_MESSAGES.failed(providerMessage) };
    case 'error':
      return { kind: 'error', message: TERMINAL_MESSAGES.error(providerMessage || TERMINAL_MESSAGES.errorDefault) };
    default:
      return null;
  }
}

/** `POST /api/checkout/terminal/process|status|cancel` (spec 7). */
export const terminalRequestSchema = z.object({
  readerId: z.string().trim().min(1).max(100),
  receiptEmail: nullAs(z.string().trim().max(254).default(''), ''),
  paymentIntentId: z.string().trim().min(1).max(200),
});
export type TerminalRequest = z.input<typeof terminalRequestSchema>;

/**
 * Spec 3 "Terminal status result". `message` is the provider's own text (a decline reason, an
 * error), `errorMessage` the sentence of spec 8 for a final status other than completed ('' else).
 */
export const terminalStatusResultSchema = z.object({
  status: terminalStatusSchema,
  message: z.string(),
  errorMessage: z.string(),
});
export type TerminalStatusResult = z.infer<typeof terminalStatusResultSchema>;

export function terminalStatusResult(status: TerminalStatus, message = ''): TerminalStatusResult {
  const outcome = terminalOutcome(status, message);
  return { status, message, errorMessage: outcome && outcome.kind !== 'success' ? outcome.message : '' };
}

/** The dev control of the simulated readers: `POST /api/dev/terminals/{readerId}/next`. */
export const simulatedReaderNextSchema = z.object({
  status: terminalStatusSchema,
  message: z.string().trim().max(500).optional(),
});
export type SimulatedReaderNext = z.infer<typeof simulatedReaderNextSchema>;

/** The zod-free rules of terminal.ts (its API schemas stay there); exported through src/rules.ts. */
import type { TerminalStatusResult } from './terminal.js';

export const TERMINAL_STATUSES = ['open', 'pending', 'completed', 'busy', 'offline', 'error', 'failed', 'cancelled'] as const;
export type TerminalStatus = (typeof TERMINAL_STATUSES)[number];

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

export function terminalStatusResult(status: TerminalStatus, message = ''): TerminalStatusResult {
  const outcome = terminalOutcome(status, message);
  return { status, message, errorMessage: outcome && outcome.kind !== 'success' ? outcome.message : '' };
}

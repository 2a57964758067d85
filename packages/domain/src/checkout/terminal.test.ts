import { describe, expect, it } from 'vitest';
import { isFinalTerminalStatus, TERMINAL_STATUSES, terminalOutcome } from './terminal-rules.js';
import { terminalStatusResult } from './terminal-rules.js';

describe('terminal statuses (spec 4 "Terminal flow")', () => {
  it('keeps polling on open, pending and anything unknown', () => {
    expect(isFinalTerminalStatus('open')).toBe(false);
    expect(isFinalTerminalStatus('pending')).toBe(false);
    expect(isFinalTerminalStatus('in_progress')).toBe(false);
    for (const status of ['completed', 'busy', 'offline', 'error', 'failed', 'cancelled']) expect(isFinalTerminalStatus(status)).toBe(true);
    expect(TERMINAL_STATUSES).toHaveLength(8);
  });

  it('words each final status as spec 8 does', () => {
    expect(terminalOutcome('busy')).toEqual({
      kind: 'warning',
      message: 'The terminal card reader is currently busy with another checkout. Please try again later.',
    });
    expect(terminalOutcome('offline')).toEqual({
      kind: 'warning',
      message: 'The terminal card reader is currently offline. Please boot the device and connect it to WiFi.',
    });
    expect(terminalOutcome('cancelled')).toEqual({ kind: 'warning', message: 'The transaction was cancelled by the customer.' });
    expect(terminalOutcome('failed', 'Card declined')).toEqual({
      kind: 'warning',
      message: 'The transaction failed to process with message: Card declined',
    });
    expect(terminalOutcome('error', 'Reader rebooted')).toEqual({
      kind: 'error',
      message: 'The terminal card reader returned an error: Reader rebooted',
    });
    expect(terminalOutcome('error')?.message).toBe(
      'The terminal card reader returned an error: An error occurred while sending the checkout to the terminal.',
    );
    expect(terminalOutcome('completed')?.kind).toBe('success');
    expect(terminalOutcome('pending')).toBeNull();
  });

  it('builds the status result with the sentence in errorMessage', () => {
    expect(terminalStatusResult('pending')).toEqual({ status: 'pending', message: '', errorMessage: '' });
    expect(terminalStatusResult('failed', 'Insufficient funds')).toEqual({
      status: 'failed',
      message: 'Insufficient funds',
      errorMessage: 'The transaction failed to process with message: Insufficient funds',
    });
  });
});

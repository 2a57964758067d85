// @vitest-environment happy-dom
/**
 * The card-reader flow (spec 4 "Terminal flow") against the bug of issue 19: one failed status
 * poll (a dropped connection) must not stop the polling for good; the reader's final status still
 * ends the flow. Polling stops at a final status and at the modal's reset.
 */
import { describe, expect, it, vi } from 'vitest';
import { TERMINAL_MESSAGES, TERMINAL_POLL_INTERVAL_MS } from '@portal/domain/rules';
import type { TerminalRequest, TerminalStatusResult } from '@portal/domain';
import { advance, fakeTimersPerTest, begin, renderHook, type PendingCall } from './hook-test-support';
import { useTerminalFlow } from './use-terminal-flow';

type Call = PendingCall<TerminalRequest, TerminalStatusResult> & { action: 'process' | 'status' | 'cancel' };

const { calls, toasts } = vi.hoisted(() => ({
  calls: [] as Call[],
  toasts: [] as { kind: string; message: string }[],
}));
vi.mock('@/lib/notify', () => ({
  notify: {
    success: (message: string) => toasts.push({ kind: 'success', message }),
    warning: (message: string) => toasts.push({ kind: 'warning', message }),
    error: (message: string) => toasts.push({ kind: 'error', message }),
  },
}));
vi.mock('../api/checkout-api', async () => {
  const { pendingCall } = await import('./hook-test-support');
  return {
    terminalCall: (action: Call['action'], body: TerminalRequest, signal?: AbortSignal) => {
      const { call, promise } = pendingCall<TerminalRequest, TerminalStatusResult>(body, signal);
      calls.push({ ...call, action });
      return promise;
    },
  };
});

const REQUEST: TerminalRequest = { readerId: 'tmr_show_floor', receiptEmail: 'buyer@dealer.example.com', paymentIntentId: 'pi_1' };
const status = (value: TerminalStatusResult['status'], errorMessage = ''): TerminalStatusResult => ({
  status: value,
  message: '',
  errorMessage,
});

/** The status polls made so far. */
const polls = () => calls.filter((c) => c.action === 'status');

async function sendToReader() {
  const completed = vi.fn();
  const view = renderHook(useTerminalFlow, completed);
  const sent = await begin(() => view.result.current.send(REQUEST));
  await calls[0]!.answer(status('pending'));
  await sent.done;
  return { view, completed };
}

fakeTimersPerTest(calls, toasts);

describe('useTerminalFlow', () => {
  it('polls every 1.5 s until the reader completes', async () => {
    const { view, completed } = await sendToReader();
    expect(view.result.current.polling).toBe(true);
    await advance(TERMINAL_POLL_INTERVAL_MS);
    expect(polls()).toHaveLength(1);
    await polls()[0]!.answer(status('pending'));
    await advance(TERMINAL_POLL_INTERVAL_MS);
    expect(polls()).toHaveLength(2);
    await polls()[1]!.answer(status('completed'));
    expect(completed).toHaveBeenCalledOnce();
    expect(view.result.current.polling).toBe(false);
    await advance(TERMINAL_POLL_INTERVAL_MS * 3);
    expect(polls()).toHaveLength(2);
    view.unmount();
  });

  it('goes on polling after a failed poll, and the final status still ends the flow', async () => {
    const { view, completed } = await sendToReader();
    await advance(TERMINAL_POLL_INTERVAL_MS);
    await polls()[0]!.fail(new TypeError('Failed to fetch'));
    expect(toasts).toEqual([{ kind: 'error', message: TERMINAL_MESSAGES.statusFailed }]);
    expect(view.result.current.polling).toBe(true);

    await advance(TERMINAL_POLL_INTERVAL_MS);
    expect(polls()).toHaveLength(2);
    await polls()[1]!.answer(status('completed'));
    expect(completed).toHaveBeenCalledOnce();
    expect(view.result.current.polling).toBe(false);
    view.unmount();
  });

  it('stops at a final status other than completed and says why', async () => {
    const { view, completed } = await sendToReader();
    await advance(TERMINAL_POLL_INTERVAL_MS);
    await polls()[0]!.answer(status('cancelled', TERMINAL_MESSAGES.cancelled));
    expect(toasts).toEqual([{ kind: 'warning', message: TERMINAL_MESSAGES.cancelled }]);
    expect(view.result.current.polling).toBe(false);
    await advance(TERMINAL_POLL_INTERVAL_MS * 3);
    expect(polls()).toHaveLength(1);
    expect(completed).not.toHaveBeenCalled();
    view.unmount();
  });

  it('stops polling at the reset and cancels on the reader', async () => {
    const { view } = await sendToReader();
    const reset = await begin(() => view.result.current.reset());
    const cancel = calls.find((c) => c.action === 'cancel')!;
    await cancel.answer(status('cancelled'));
    await reset.done;
    expect(view.result.current.polling).toBe(false);
    await advance(TERMINAL_POLL_INTERVAL_MS * 3);
    expect(polls()).toHaveLength(0);
    view.unmount();
  });
});

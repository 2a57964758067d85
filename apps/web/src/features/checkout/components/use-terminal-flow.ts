/**
 * The card-reader flow in the page (spec 4 "Terminal flow", spec 8, spec 9): the checkout is sent
 * to the reader, the 'Complete on Card Reader' modal opens and the status is polled every 1.5 s
 * (without the busy overlay) until a final status. Completed goes to the confirmation page; busy,
 * offline, cancelled and failed warn; error is an error; open, pending or unknown keep polling.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  isFinalTerminalStatus,
  TERMINAL_MESSAGES,
  TERMINAL_POLL_INTERVAL_MS,
  terminalOutcome,
  type TerminalRequest,
  type TerminalStatusResult,
} from '@portal/domain';
import { notify } from '@/lib/notify';
import { terminalCall } from '../api/checkout-api';

export type TerminalFlow = {
  /** The status modal is open, and the last status shown in it. */
  polling: boolean;
  status: string | null;
  send(request: TerminalRequest): Promise<void>;
  /** The modal's reset: the reader stops waiting and the modal closes. */
  reset(): Promise<void>;
};

export function useTerminalFlow(onCompleted: () => void): TerminalFlow {
  const [polling, setPolling] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const request = useRef<TerminalRequest | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const completed = useRef(onCompleted);
  useEffect(() => {
    completed.current = onCompleted;
  });

  const stop = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    setPolling(false);
  }, []);

  useEffect(() => stop, [stop]);

  /** Acts on a final status; answers false while polling should go on. */
  const settle = useCallback(
    (result: TerminalStatusResult): boolean => {
      setStatus(result.status);
      if (!isFinalTerminalStatus(result.status)) return false;
      stop();
      const outcome = terminalOutcome(result.status, result.message);
      if (outcome?.kind === 'success') completed.current();
      else if (outcome) notify[outcome.kind](result.errorMessage || outcome.message);
      return true;
    },
    [stop],
  );

  const poll = useCallback(() => {
    timer.current = window.setTimeout(async () => {
      const current = request.current;
      if (!current) return;
      try {
        const result = await terminalCall('status', current);
        if (request.current !== current || timer.current === undefined) return;
        if (!settle(result)) poll();
      } catch {
        stop();
        notify.error(TERMINAL_MESSAGES.statusFailed);
      }
    }, TERMINAL_POLL_INTERVAL_MS);
  }, [settle, stop]);

  const send = useCallback(
    async (next: TerminalRequest) => {
      request.current = next;
      setStatus(null);
      let result: TerminalStatusResult;
      try {
        result = await terminalCall('process', next);
      } catch {
        notify.error(TERMINAL_MESSAGES.sendFailed);
        return;
      }
      if (settle(result)) return;
      setPolling(true);
      poll();
    },
    [poll, settle],
  );

  const reset = useCallback(async () => {
    const current = request.current;
    stop();
    if (!current) return;
    try {
      const result = await terminalCall('cancel', current);
      // Paid just before the reset: the order exists, carry on to the confirmation.
      if (result.status === 'completed') completed.current();
    } catch {
      notify.error(TERMINAL_MESSAGES.statusFailed);
    }
  }, [stop]);

  return { polling, status, send, reset };
}

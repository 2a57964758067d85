/**
 * The card-reader flow in the page (spec 4 "Terminal flow", spec 8, spec 9): the checkout is sent
 * to the reader, the 'Complete on Card Reader' modal opens and the status is polled every 1.5 s
 * (without the busy overlay) until a final status. Completed goes to the confirmation page; busy,
 * offline, cancelled and failed warn; error is an error; open, pending or unknown keep polling.
 *
 * The polling is a TanStack Query with `refetchInterval`: a failed poll (a dropped connection) is
 * reported once and the next poll follows on time, so only a final status, the modal's reset or
 * leaving the page stops it. Each send is its own query, so a late answer of an earlier send
 * cannot end the current one.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { skipToken, useQuery, type Query } from '@tanstack/react-query';
import { isFinalTerminalStatus, TERMINAL_MESSAGES, TERMINAL_POLL_INTERVAL_MS, terminalOutcome } from '@portal/domain/rules';
import type { TerminalRequest, TerminalStatusResult } from '@portal/domain';
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

/** A checkout on the reader: the request polled and the reader's answer to the send. */
type OnReader = { send: number; request: TerminalRequest; sent: TerminalStatusResult };

/** Every 1.5 s until the last answer is a final status; a failed poll keeps the last answer. */
export function nextPollIn(query: Pick<Query<TerminalStatusResult>, 'state'>): number | false {
  const last = query.state.data;
  return last && isFinalTerminalStatus(last.status) ? false : TERMINAL_POLL_INTERVAL_MS;
}

export function useTerminalFlow(onCompleted: () => void): TerminalFlow {
  const [onReader, setOnReader] = useState<OnReader | null>(null);
  const sends = useRef(0);
  const completed = useRef(onCompleted);
  useEffect(() => {
    completed.current = onCompleted;
  });

  const poll = useQuery({
    queryKey: ['checkout', 'terminal-status', onReader?.send ?? null],
    queryFn: onReader ? ({ signal }) => terminalCall('status', onReader.request, signal) : skipToken,
    // The send's answer is the first status: the first poll follows one interval later.
    initialData: onReader?.sent,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchInterval: nextPollIn,
    refetchIntervalInBackground: true,
  });

  /** Acts on a final status; answers false while polling should go on. */
  const settle = useCallback((result: TerminalStatusResult): boolean => {
    if (!isFinalTerminalStatus(result.status)) return false;
    setOnReader(null);
    const outcome = terminalOutcome(result.status, result.message);
    if (outcome?.kind === 'success') completed.current();
    else if (outcome) notify[outcome.kind](result.errorMessage || outcome.message);
    return true;
  }, []);

  const latest = onReader ? poll.data : undefined;
  useEffect(() => {
    if (latest) settle(latest);
  }, [latest, settle]);

  // Said once per run of failed polls; the polling itself goes on.
  const failing = onReader !== null && poll.isError;
  useEffect(() => {
    if (failing) notify.error(TERMINAL_MESSAGES.statusFailed);
  }, [failing]);

  const send = useCallback(
    async (request: TerminalRequest) => {
      setOnReader(null);
      let sent: TerminalStatusResult;
      try {
        sent = await terminalCall('process', request);
      } catch {
        notify.error(TERMINAL_MESSAGES.sendFailed);
        return;
      }
      if (settle(sent)) return;
      setOnReader({ send: ++sends.current, request, sent });
    },
    [settle],
  );

  const reset = useCallback(async () => {
    const request = onReader?.request;
    setOnReader(null);
    if (!request) return;
    try {
      const result = await terminalCall('cancel', request);
      // Paid just before the reset: the order exists, carry on to the confirmation.
      if (result.status === 'completed') completed.current();
    } catch {
      notify.error(TERMINAL_MESSAGES.statusFailed);
    }
  }, [onReader]);

  return { polling: onReader !== null, status: latest?.status ?? null, send, reset };
}

/**
 * Renders a hook in a test (DOM environment: `// @vitest-environment happy-dom` at the top of the
 * test file) inside a fresh query cache, as the checkout page's hooks run under the app's
 * QueryClientProvider. `rerender` gives the hook new props, as a new render of the page would.
 */
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, vi } from 'vitest';

export function renderHook<Props, Result>(hook: (props: Props) => Result, initialProps: Props) {
  // Tells React that updates are wrapped in act(), so effects run before act() returns.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = { current: undefined as Result };
  function Probe({ props }: { props: Props }) {
    result.current = hook(props);
    return null;
  }
  const root = createRoot(document.createElement('div'));
  const rerender = (props: Props) =>
    act(() => root.render(createElement(QueryClientProvider, { client }, createElement(Probe, { props }))));
  rerender(initialProps);
  return { result, rerender, unmount: () => act(() => root.unmount()) };
}

/**
 * Runs `start` (a call that sets the hook's state and goes on in the background) inside act();
 * answers the call still under way, to be awaited once the test has answered its requests.
 */
export async function begin<T>(start: () => Promise<T>): Promise<{ done: Promise<T> }> {
  let done!: Promise<T>;
  await act(async () => {
    done = start();
  });
  return { done };
}

/** Each test on fake timers, with the given recordings (calls, toasts) emptied before it. */
export function fakeTimersPerTest(...recordings: unknown[][]): void {
  beforeEach(() => {
    vi.useFakeTimers();
    recordings.forEach((recording) => (recording.length = 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** Lets timers that are due, and the promises they settle, run (fake timers). */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** A call whose answer the test gives later, in whatever order it likes. */
export type PendingCall<Body, Answer> = {
  body: Body;
  signal: AbortSignal | undefined;
  answer(value: Answer): Promise<void>;
  fail(error: Error): Promise<void>;
};

export function pendingCall<Body, Answer>(body: Body, signal: AbortSignal | undefined) {
  let settle!: { resolve: (value: Answer) => void; reject: (error: Error) => void };
  const promise = new Promise<Answer>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const call: PendingCall<Body, Answer> = {
    body,
    signal,
    // The query cache tells its observers on the next timer tick: let that tick run too.
    answer: (value) =>
      act(async () => {
        settle.resolve(value);
        await vi.advanceTimersByTimeAsync(0);
      }),
    fail: (error) =>
      act(async () => {
        settle.reject(error);
        await vi.advanceTimersByTimeAsync(0);
      }),
  };
  return { call, promise };
}

import { createStore, useStore } from './external-store';

/** How many requests are pending; the shell shows the busy overlay while it is above zero (spec 7). */
const pendingRequests = createStore(0);

export function beginRequest(): () => void {
  pendingRequests.set((n) => n + 1);
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pendingRequests.set((n) => Math.max(0, n - 1));
  };
}

export function useIsBusy(): boolean {
  return useStore(pendingRequests) > 0;
}

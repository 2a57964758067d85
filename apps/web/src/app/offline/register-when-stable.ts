/**
 * Spec 9: "A service worker registers after the app is stable or after 30 seconds." Stable here is
 * the page loaded (window `load`) and then the main thread idle; 30 s after start the worker is
 * registered whatever happens (a page that never goes idle). The registration code (./offline-shell
 * with workbox-window) is imported only then, so it adds nothing to the login page's first download
 * (performance.md "Web"). Docs: docs/decisions/010-offline-shell.md.
 */

export const REGISTER_AT_THE_LATEST_MS = 30_000;
/** How long to wait for an idle moment after `load` before registering anyway. */
export const IDLE_TIMEOUT_MS = 5_000;

/** What the scheduler needs of the browser; the defaults are the page's own (tests pass fakes). */
export type StableSignals = {
  supported: boolean;
  loaded: () => boolean;
  onLoad: (listener: () => void) => void;
  whenIdle: (callback: () => void, timeoutMs: number) => void;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

function browserSignals(): StableSignals {
  return {
    supported: typeof navigator !== 'undefined' && 'serviceWorker' in navigator,
    loaded: () => document.readyState === 'complete',
    onLoad: (listener) => window.addEventListener('load', listener, { once: true }),
    whenIdle: (callback, timeoutMs) => {
      // Safari has no requestIdleCallback: the next turn after load will do.
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: timeoutMs });
      else setTimeout(callback, 1);
    },
    setTimeout: (callback, ms) => window.setTimeout(callback, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  };
}

/** Calls `register` once: at the first idle moment after `load`, or after 30 s at the latest. Nothing where service workers are not supported. */
export function whenStable(register: () => void, signals: StableSignals = browserSignals()): void {
  if (!signals.supported) return;
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    signals.clearTimeout(latest);
    register();
  };
  const latest = signals.setTimeout(run, REGISTER_AT_THE_LATEST_MS);
  const afterLoad = () => signals.whenIdle(run, IDLE_TIMEOUT_MS);
  if (signals.loaded()) afterLoad();
  else signals.onLoad(afterLoad);
}

/** Registers the service worker of the production build once the app is stable (main.tsx). */
export function registerServiceWorkerWhenStable(): void {
  // The development server has no service worker (vite-plugin-pwa builds it with `vite build`).
  if (!import.meta.env.PROD) return;
  whenStable(() => {
    import('./offline-shell').then(
      (module) => module.startOfflineShell(),
      // Offline before the worker was ever installed, or a deploy replaced the chunk: the next visit registers.
      () => undefined,
    );
  });
}

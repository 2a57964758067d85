import { describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_MS, REGISTER_AT_THE_LATEST_MS, whenStable, type StableSignals } from './register-when-stable';

/** A page whose load, idle moments and timers the test drives by hand. */
function fakePage({ loaded = false, supported = true } = {}) {
  const state = { loaded, loadListeners: [] as (() => void)[], idle: [] as { callback: () => void; timeoutMs: number }[] };
  const timers = new Map<number, { callback: () => void; ms: number }>();
  let nextTimer = 1;
  const signals: StableSignals = {
    supported,
    loaded: () => state.loaded,
    onLoad: (listener) => state.loadListeners.push(listener),
    whenIdle: (callback, timeoutMs) => state.idle.push({ callback, timeoutMs }),
    setTimeout: (callback, ms) => {
      timers.set(nextTimer, { callback, ms });
      return nextTimer++;
    },
    clearTimeout: (handle) => timers.delete(handle as number),
  };
  return {
    signals,
    timers,
    load() {
      state.loaded = true;
      state.loadListeners.splice(0).forEach((listener) => listener());
    },
    idle() {
      state.idle.splice(0).forEach(({ callback }) => callback());
    },
    idleRequests: () => state.idle,
    fireTimers() {
      [...timers.values()].forEach(({ callback }) => callback());
    },
  };
}

describe('whenStable (spec 9: the service worker registers after the app is stable or after 30 s)', () => {
  it('registers at the first idle moment after load, once, and drops the 30 s deadline', () => {
    const page = fakePage();
    const register = vi.fn();
    whenStable(register, page.signals);
    expect([...page.timers.values()].map((timer) => timer.ms)).toEqual([REGISTER_AT_THE_LATEST_MS]);

    page.idle();
    expect(register).not.toHaveBeenCalled();
    page.load();
    expect(page.idleRequests().map((request) => request.timeoutMs)).toEqual([IDLE_TIMEOUT_MS]);
    expect(register).not.toHaveBeenCalled();
    page.idle();
    expect(register).toHaveBeenCalledTimes(1);
    expect(page.timers.size).toBe(0);
  });

  it('registers after 30 s when the page never finishes loading, and not again on load', () => {
    const page = fakePage();
    const register = vi.fn();
    whenStable(register, page.signals);
    page.fireTimers();
    expect(register).toHaveBeenCalledTimes(1);
    page.load();
    page.idle();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('waits only for an idle moment when the page has already loaded', () => {
    const page = fakePage({ loaded: true });
    const register = vi.fn();
    whenStable(register, page.signals);
    expect(register).not.toHaveBeenCalled();
    page.idle();
    expect(register).toHaveBeenCalledTimes(1);
  });

  it('does nothing in a browser without service workers', () => {
    const page = fakePage({ supported: false });
    const register = vi.fn();
    whenStable(register, page.signals);
    page.load();
    page.idle();
    page.fireTimers();
    expect(register).not.toHaveBeenCalled();
    expect(page.timers.size).toBe(0);
  });
});

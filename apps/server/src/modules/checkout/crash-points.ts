/**
 * Test hook of issue 17's "checkout killed at each step" test (security/checkout-crash.test.ts and
 * the soak): with `PORTAL_TEST_CRASH_AT=<step>` set, and the portal not in production mode, the
 * server kills itself with SIGKILL (as `kill -9` would) when a user's completion reaches that step,
 * between the payment's success and the order's commit. Completions by the system (webhook,
 * start-up reconciliation) never crash, so a restarted server can finish what the crash left.
 *
 * It reads the environment itself rather than through config.ts on purpose: it is not a setting of
 * the product, nothing else may depend on it, and production mode is checked from the same variables
 * config.ts reads (NODE_ENV=production or PORTAL_MODE=production).
 */
export const CRASH_STEPS = [
  'payment-verified', // the payment intent has succeeded; nothing written yet
  'order-inserted', // inside the transaction: the order row
  'lines-inserted', // ... its lines
  'checkout-linked', // ... the checkout points at the order
  'before-commit', // ... the confirmation email is queued; COMMIT not yet sent
  'after-commit', // committed; the answer not yet sent
] as const;
export type CrashStep = (typeof CRASH_STEPS)[number];

const production = process.env.NODE_ENV === 'production' || process.env.PORTAL_MODE === 'production';
const armedStep = production ? undefined : (CRASH_STEPS as readonly string[]).find((step) => step === process.env.PORTAL_TEST_CRASH_AT);

/** Kills this process at `step` when the hook is armed for it and a user is completing. */
export function crashPoint(step: CrashStep, completer: { kind: string }): void {
  if (armedStep === step && completer.kind === 'user') process.kill(process.pid, 'SIGKILL');
}

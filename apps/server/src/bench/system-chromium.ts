/**
 * The system Chromium (never a downloaded browser) and the flags every tool of the repository
 * starts it with: the web bench (./web-bench.ts) and the end-to-end tests (apps/web/e2e/chromium.ts
 * re-exports these; the e2e tests may read server source, the server imports nothing of the web
 * app). Without the background-networking flags Chromium keeps trying to reach Google's hosts,
 * which this closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

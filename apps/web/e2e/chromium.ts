/**
 * How the end-to-end tests start the system Chromium (never a downloaded browser). Without the
 * background-networking flags Chromium keeps trying to reach Google's hosts, which this closed
 * network refuses.
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

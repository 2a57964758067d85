/**
 * How the end-to-end tests start the system Chromium (never a downloaded browser): the path and
 * flags the web bench uses too, defined once beside it (apps/server/src/bench/system-chromium.ts).
 */
export { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../server/src/bench/system-chromium';

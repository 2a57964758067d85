/**
 * Where links in mail point, and whether a request comes straight from this machine
 * (issue 17: link poisoning, the development mailbox).
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * The origin for links in mail: PUBLIC_URL whenever configured (always in production, where
 * config.ts requires it). Outside production without PUBLIC_URL, this machine's own address
 * (`http://localhost:PORT`, where the demo's mailbox is read). Never a request header: Host and
 * X-Forwarded-Host are the client's choice.
 */
export function linkOrigin(config: Pick<Config, 'mode' | 'publicUrl' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  if (config.mode === 'production') throw new Error('PUBLIC_URL is required in production mode');
  return `http://localhost:${config.port}`;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a proxy adds: a request carrying one may come from anywhere, whatever its socket says. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'x-client-ip'];

/** True only for a request whose TCP peer is loopback and that no proxy forwarded. */
export function isDirectLoopback(request: FastifyRequest): boolean {
  const address = request.raw.socket.remoteAddress;
  if (!address || !LOOPBACK.has(address)) return false;
  return FORWARDING_HEADERS.every((name) => request.headers[name] === undefined);
}

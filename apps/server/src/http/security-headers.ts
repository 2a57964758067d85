/**
 * helmet's security headers (Content-Security-Policy, Strict-Transport-Security, X-Frame-Options,
 * ...) on every answer, worked out once at start. @fastify/helmet, used before, built helmet's
 * middleware again on every request (parsing and checking the CSP directives each time: 3-4% of the
 * server's CPU in a profile of the cart refresh under load, issue 15); our options never change per
 * request or route, so the headers helmet writes are recorded once and set as they are.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The headers helmet's middleware sets for these options (it sets the same ones on every answer). */
export function securityHeadersOf(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Registers the onRequest hook that puts the headers on every answer (pages, API, errors, 404s). */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

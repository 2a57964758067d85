import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeadersOf, SUBRESOURCE_HEADERS } from './security-headers.js';

const OPTIONS = {
  contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"], upgradeInsecureRequests: null } },
  xFrameOptions: { action: 'deny' as const },
};

/** What helmet's own middleware writes on a real response for these options. */
function headersFromHelmet(): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  response.setHeader('X-Powered-By', 'something');
  helmet(OPTIONS)(request, response, () => {});
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

describe('security headers worked out once', () => {
  it('are exactly the headers helmet sets on a response', () => {
    const recorded = securityHeadersOf(OPTIONS);
    expect(recorded).toEqual(headersFromHelmet());
    expect(recorded['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(recorded['x-frame-options']).toBe('DENY');
    expect(recorded['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
    expect(recorded['x-content-type-options']).toBe('nosniff');
  });

  it('go on every answer, a 404 and a thrown error included', async () => {
    const app = Fastify();
    registerSecurityHeaders(app, OPTIONS);
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    const expected = securityHeadersOf(OPTIONS);
    for (const url of ['/ok', '/missing', '/fails']) {
      const response = await app.inject({ method: 'GET', url });
      for (const [name, value] of Object.entries(expected)) expect(response.headers[name], `${url} ${name}`).toBe(value);
    }
    await app.close();
  });

  it("give the build's scripts, styles, fonts and images only the headers that act on them; documents and SVG get all", async () => {
    const app = Fastify();
    registerSecurityHeaders(app, OPTIONS);
    app.get('/*', async () => 'body');
    const all = securityHeadersOf(OPTIONS);
    const onlyFor = (names: string[]) => Object.fromEntries(Object.entries(all).filter(([name]) => names.includes(name)));
    const securityHeadersOfAnswer = async (url: string) => {
      const { headers } = await app.inject({ method: 'GET', url });
      return Object.fromEntries(Object.keys(all).flatMap((name) => (headers[name] === undefined ? [] : [[name, headers[name]]])));
    };
    for (const url of ['/assets/app-1a2b.js', '/assets/index-9f8e.css?v=1', '/assets/inter-3c4d.woff2', '/assets/lift-5e6f.webp']) {
      expect(await securityHeadersOfAnswer(url), url).toEqual(onlyFor(SUBRESOURCE_HEADERS));
    }
    expect(SUBRESOURCE_HEADERS.every((name) => all[name] !== undefined)).toBe(true);
    for (const url of ['/', '/login', '/shopping-cart', '/api/session', '/assets/logo-7a8b.svg', '/sw.js', '/assets/../login', '/x.js']) {
      expect(await securityHeadersOfAnswer(url), url).toEqual(all);
    }
    await app.close();
  });
});

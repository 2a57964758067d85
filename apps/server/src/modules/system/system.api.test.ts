import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readJournal } from '../../db/migrate-status.js';
import { noteSearchWarmUp } from '../catalog/index.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('system routes', () => {
  it('GET /api/health answers 200 when the database answers', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('sends a strict Content-Security-Policy', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('lists every API route in the OpenAPI document', async () => {
    const response = await t.request({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const documented = new Set<string>();
    for (const [path, operations] of Object.entries(response.json().paths as Record<string, object>)) {
      for (const method of Object.keys(operations)) documented.add(`${method.toUpperCase()} ${path}`);
    }
    const routes = t.app.apiRoutes.filter((r) => r.url !== '/api/openapi.json');
    expect(routes.length).toBeGreaterThan(3);
    for (const route of routes) {
      expect(documented, `${route.method} ${route.url}`).toContain(`${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    }
  });

  it('answers unknown API paths with the error body', async () => {
    const response = await t.request({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ messages: [{ field: '', message: 'Not found.' }] });
  });
});

describe('health probes', () => {
  it('GET /api/health/live answers 200 without a session', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/health/ready answers 200 with every committed migration applied', async () => {
    const response = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', migrations: readJournal().length });
  });

  it('GET /api/health/ready answers 503 naming the migration the database lacks', async () => {
    const behind = await createTestApp();
    try {
      const latest = readJournal().at(-1)!;
      await behind.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${latest.when}`);
      const response = await behind.request({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ messages: [{ field: '', message: `Migrations not applied: ${latest.tag}.` }] });
      // Liveness does not depend on the database.
      expect((await behind.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await behind.close();
    }
  });

  it('GET /api/health/ready answers 503 while the start builds the catalog search indexes, 200 once they are built or failed', async () => {
    const starting = await createTestApp();
    try {
      const ready = () => starting.request({ method: 'GET', url: '/api/health/ready' });
      let built!: () => void;
      let failed!: (error: Error) => void;
      noteSearchWarmUp(starting.db, new Promise<void>((resolve) => (built = resolve)));
      noteSearchWarmUp(starting.db, new Promise<void>((_, reject) => (failed = reject)));
      const warming = await ready();
      expect(warming.statusCode).toBe(503);
      expect(warming.json()).toEqual({ messages: [{ field: '', message: 'The catalog search index is being built.' }] });
      // Searches and the rest still answer meanwhile: only the probe tells a load balancer to wait.
      expect((await starting.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      built();
      await new Promise((resolve) => setImmediate(resolve));
      expect((await ready()).statusCode).toBe(503);
      failed(new Error('more warehouses than the index holds'));
      await new Promise((resolve) => setImmediate(resolve));
      expect((await ready()).statusCode).toBe(200);
    } finally {
      await starting.close();
    }
  });

  it('GET /api/health/ready answers 503 when the database is gone, and live still 200', async () => {
    const gone = await createTestApp();
    await gone.handle.close();
    const response = await gone.request({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ messages: [{ field: '', message: 'The database does not answer.' }] });
    expect((await gone.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await gone.app.close();
  });
});

describe('a failure inside a handler', () => {
  it('answers 500 with no stack trace or SQL', async () => {
    const broken = await createTestApp();
    await broken.handle.close(); // the database is gone: the next query throws
    const response = await broken.request({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ messages: [{ field: '', message: 'The server encountered an error. Please try again later.' }] });
    expect(response.body).not.toMatch(/select|stack|at \w+ \(/i);
    await broken.app.close();
  });
});

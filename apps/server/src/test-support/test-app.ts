/**
 * Builds the app on a fresh seeded database for one API test file, with helpers that send the
 * bearer token and the double-submit XSRF token as the web client does.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { testConfig, type Config } from '../config.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { createTestDatabase } from './test-database.js';

export const DEMO_PASSWORD = 'Demo-Portal-2026!';
export const TEST_XSRF = 'test-xsrf-token';

export type TestApp = {
  app: FastifyInstance;
  db: Database;
  handle: DatabaseHandle;
  close(): Promise<void>;
  /** Calls the API as a browser would: XSRF cookie and header, and a bearer token when given. */
  request(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  /** Signs in a demo user and returns the session token. */
  login(email: string, password?: string): Promise<string>;
};

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const handle = await createTestDatabase();
  const app = await buildApp({ config: testConfig(overrides), db: handle.db });
  await app.ready();

  const request: TestApp['request'] = ({ token, headers, cookies, ...options }) =>
    app.inject({
      ...options,
      headers: {
        'x-xsrf-token': TEST_XSRF,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      cookies: { 'XSRF-TOKEN': TEST_XSRF, ...cookies },
    });

  return {
    app,
    db: handle.db,
    handle,
    request,
    async login(email, password = DEMO_PASSWORD) {
      const response = await request({
        method: 'POST',
        url: '/api/users/session/login',
        payload: { email, password, deviceId: 'test-device' },
      });
      if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.body}`);
      return (response.json() as { id: string }).id;
    },
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** Invitation links are not built from headers a client chooses (issue 17: link poisoning). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { testConfig } from '../../config.js';
import { devMailbox } from '../mail/schema.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createDevMailboxTransport } from '../mail/transport.js';
import { deliverDueMail } from '../mail/worker.js';

const POISON = { host: 'evil.example.net', 'x-forwarded-host': 'evil.example.net', 'x-forwarded-proto': 'http' };

async function invitedLink(t: TestApp, email: string): Promise<URL> {
  const admin = await t.login('admin@summitlift.example.com');
  const response = await t.request({
    method: 'PUT',
    url: '/api/users',
    token: admin,
    headers: POISON,
    payload: { email, firstName: 'Poe', lastName: 'Son', phone: '3035550111', branches: [{ branchNumber: 101 }], roles: { catalog: true } },
  });
  expect(response.statusCode).toBe(200);
  await deliverDueMail(t.db, createDevMailboxTransport(t.db));
  const [mail] = await t.db.select().from(devMailbox).where(eq(devMailbox.toAddress, email));
  return new URL(/https?:\/\/\S+/.exec(mail!.textBody)![0]);
}

describe('invitation links', () => {
  let production: TestApp;
  let demo: TestApp;
  beforeAll(async () => {
    production = await createTestApp({ mode: 'production', publicUrl: 'https://portal.example.com' });
    demo = await createTestApp({ ...testConfig(), mode: 'demo', publicUrl: undefined });
  });
  afterAll(async () => {
    await production.close();
    await demo.close();
  });

  it('use PUBLIC_URL in production, whatever Host and X-Forwarded-Host say', async () => {
    const link = await invitedLink(production, 'poe.prod@summitlift.example.com');
    expect(link.origin).toBe('https://portal.example.com');
    expect(link.pathname).toBe('/password/activate');
  });

  it("use this machine's address outside production without PUBLIC_URL, never a request header", async () => {
    const link = await invitedLink(demo, 'poe.demo@summitlift.example.com');
    expect(link.origin).toBe(`http://localhost:${testConfig().port}`);
  });
});

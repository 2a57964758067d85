import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMailbox } from './schema.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { tolerateDropOnClose } from './test-pools.js';
import { createDevMailboxTransport } from './transport.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  tolerateDropOnClose(t.handle);
  await t.db.delete(devMailbox); // only this file's messages
  const transport = createDevMailboxTransport(t.db);
  const send = (to: string, subject: string) =>
    transport.send({ from: 'Dealer Portal <no-reply@portal.example.com>', to, subject, text: `Text of ${subject}` });
  await send('buyer@summitlift.example.com', 'First');
  await send('owner@valleygarage.example.com', 'Second');
  await send('Buyer@SummitLift.example.com', 'Third');
  await transport.send({
    from: 'x@example.com',
    to: 'buyer@summitlift.example.com',
    subject: 'Fourth',
    text: 'plain',
    html: '<b>rich</b>',
  });
});
afterAll(() => t.close());

type Message = { id: number; to: string; from: string; subject: string; text: string; html: string | null; createdAt: string };

describe('GET /api/dev/mailbox', () => {
  it('lists every message newest first, without a session', async () => {
    const response = await t.request({ method: 'GET', url: '/api/dev/mailbox' });
    expect(response.statusCode).toBe(200);
    const messages = response.json() as Message[];
    expect(messages.map((m) => m.subject)).toEqual(['Fourth', 'Third', 'Second', 'First']);
    expect(messages[0]).toEqual({
      id: expect.any(Number),
      to: 'buyer@summitlift.example.com',
      from: 'x@example.com',
      subject: 'Fourth',
      text: 'plain',
      html: '<b>rich</b>',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(messages[3]).toMatchObject({ from: 'Dealer Portal <no-reply@portal.example.com>', text: 'Text of First', html: null });
  });

  it('filters by recipient whatever the letter case', async () => {
    const response = await t.request({ method: 'GET', url: '/api/dev/mailbox', query: { to: ' BUYER@summitlift.EXAMPLE.com ' } });
    expect(response.statusCode).toBe(200);
    expect((response.json() as Message[]).map((m) => m.subject)).toEqual(['Fourth', 'Third', 'First']);
    const none = await t.request({ method: 'GET', url: '/api/dev/mailbox', query: { to: 'nobody@example.com' } });
    expect(none.json()).toEqual([]);
    const empty = await t.request({ method: 'GET', url: '/api/dev/mailbox', query: { to: '' } });
    expect(empty.json()).toHaveLength(4);
  });

  it('answers at most 100 messages', async () => {
    await t.db.insert(devMailbox).values(
      Array.from({ length: 110 }, (_, i) => ({
        toAddress: 'bulk@example.com',
        fromAddress: 'x@example.com',
        subject: `Bulk ${i}`,
        textBody: '',
      })),
    );
    const messages = (await t.request({ method: 'GET', url: '/api/dev/mailbox' })).json() as Message[];
    expect(messages).toHaveLength(100);
    expect(messages[0]!.subject).toBe('Bulk 109');
    await t.db.delete(devMailbox);
  });

  it('is listed in the OpenAPI document', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(document.paths)).toContain('/api/dev/mailbox');
  });
});

describe('only for this machine (issue 17, finding 1)', () => {
  it('answers 404 to a client that is not loopback', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '203.0.113.9' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ messages: [{ field: '', message: 'Not found.' }] });
    expect(response.body).not.toContain('summitlift');
  });

  it('answers 404 to a request a proxy forwarded, even from loopback', async () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        remoteAddress: '127.0.0.1',
        headers: { [header]: header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9' },
      });
      expect(response.statusCode, header).toBe(404);
    }
  });

  it('answers an IPv6 loopback client', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '::1' });
    expect(response.statusCode).toBe(200);
  });
});

describe('outside demo mode', () => {
  it('does not exist, even for loopback', async () => {
    const standard = await createTestApp({ mode: 'standard' });
    tolerateDropOnClose(standard.handle);
    try {
      expect((await standard.request({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
      const document = (await standard.request({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(Object.keys(document.paths)).not.toContain('/api/dev/mailbox');
    } finally {
      await standard.close();
    }
  });
});

describe('with SMTP configured', () => {
  it('does not exist', async () => {
    const smtp = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:2525' });
    tolerateDropOnClose(smtp.handle);
    try {
      const response = await smtp.request({ method: 'GET', url: '/api/dev/mailbox' });
      expect(response.statusCode).toBe(404);
      const document = (await smtp.request({ method: 'GET', url: '/api/openapi.json' })).json();
      expect(Object.keys(document.paths)).not.toContain('/api/dev/mailbox');
    } finally {
      await smtp.close();
    }
  });
});

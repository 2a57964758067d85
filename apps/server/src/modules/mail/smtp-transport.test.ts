/** The SMTP transport against a real SMTP server listening on this machine (the `smtp-server` package). */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { testConfig } from '../../config.js';
import type { DatabaseHandle } from '../../db/client.js';
import { mailOutbox } from './schema.js';
import { createTestDatabase } from '../../test-support/test-database.js';
import { enqueueMail } from './outbox.js';
import { createMailTransport } from './transport.js';
import { tolerateDropOnClose } from './test-pools.js';
import { deliverDueMail } from './worker.js';

type Received = { from: string; to: string[]; user: string | undefined; raw: string };

let server: SMTPServer;
let port: number;
let received: Received[] = [];
let rejectRecipient: string | undefined;
let handle: DatabaseHandle;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true, // a local test server without TLS
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'portal' && auth.password === 's3cret') return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address === rejectRecipient) return callback(new Error('550 Mailbox unavailable'));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  handle = tolerateDropOnClose(await createTestDatabase());
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await handle.close();
});

beforeEach(() => {
  received = [];
  rejectRecipient = undefined;
});

describe('SMTP transport', () => {
  it('is chosen when SMTP_URL is set, and the development mailbox otherwise', () => {
    expect(createMailTransport(handle.db, testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` })).kind).toBe('smtp');
    expect(createMailTransport(handle.db, testConfig({ smtpUrl: undefined })).kind).toBe('dev');
  });

  it('hands the message to the server the URL names, signing in with its credentials', async () => {
    const transport = createMailTransport(handle.db, testConfig({ smtpUrl: `smtp://portal:s3cret@127.0.0.1:${port}` }));
    await transport.send({
      from: 'Dealer Portal <no-reply@portal.example.com>',
      to: 'buyer@summitlift.example.com',
      subject: 'Order 5000123 confirmed',
      text: 'Thank you for your order.',
      html: '<p>Thank you for your order.</p>',
    });
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message).toMatchObject({ from: 'no-reply@portal.example.com', to: ['buyer@summitlift.example.com'], user: 'portal' });
    expect(message!.raw).toMatch(/^Subject: Order 5000123 confirmed\r$/m);
    expect(message!.raw).toMatch(/^From: Dealer Portal <no-reply@portal\.example\.com>\r$/m);
    expect(message!.raw).toMatch(/^To: buyer@summitlift\.example\.com\r$/m);
    expect(message!.raw).toContain('Thank you for your order.');
    expect(message!.raw).toContain('<p>Thank you for your order.</p>');
  });

  it('fails when the server refuses the credentials', async () => {
    const transport = createMailTransport(handle.db, testConfig({ smtpUrl: `smtp://portal:wrong@127.0.0.1:${port}` }));
    await expect(transport.send({ from: 'a@example.com', to: 'b@example.com', subject: 's', text: 't' })).rejects.toThrow(
      /Invalid username or password/,
    );
    expect(received).toEqual([]);
  });

  it('delivers the outbox through SMTP, and retries a message the server refused', async () => {
    const transport = createMailTransport(handle.db, testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` }));
    rejectRecipient = 'gone@dealer.example.com';
    await enqueueMail(handle.db, [
      { dedupeKey: 'smtp-ok', to: 'owner@valleygarage.example.com', subject: 'Your order shipped', text: 'Tracking: 1Z999' },
      { dedupeKey: 'smtp-refused', to: 'gone@dealer.example.com', subject: 'Invoice', text: 'Invoice attached' },
    ]);
    expect(await deliverDueMail(handle.db, transport, { from: 'Portal <portal@example.com>' })).toBe(1);
    expect(received.map((m) => [m.from, m.to])).toEqual([['portal@example.com', ['owner@valleygarage.example.com']]]);
    expect(received[0]!.raw).toContain('Tracking: 1Z999');

    const [ok] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, 'smtp-ok'));
    expect(ok).toMatchObject({ status: 'sent', attempts: 1 });
    const [refused] = await handle.db.select().from(mailOutbox).where(eq(mailOutbox.dedupeKey, 'smtp-refused'));
    expect(refused).toMatchObject({ status: 'pending', attempts: 1 });
    expect(refused!.lastError).toContain('Mailbox unavailable');
  });
});

/**
 * Where the outbox worker hands a message (server-rules "Email"): an SMTP server when SMTP_URL is
 * configured, else the development mailbox, a table shown at /dev/mailbox so a demo needs no mail
 * server (password codes and order emails arrive there).
 */
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { insertDevMailboxMessage } from './dev-mailbox-repository.js';

export type MailMessage = { from: string; to: string; subject: string; text: string; html?: string };

export type MailTransport = { kind: 'dev' | 'smtp'; send(mail: MailMessage): Promise<void> };

/**
 * Bounds on one SMTP conversation. They keep a single send well inside the worker's claim lease
 * (worker.ts), so a hung server cannot make a claimed message look abandoned while still in flight.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** Stores the message in dev_mailbox, nothing leaves the machine. */
export function createDevMailboxTransport(db: Database): MailTransport {
  return {
    kind: 'dev',
    async send(mail) {
      await insertDevMailboxMessage(db, mail);
    },
  };
}

/**
 * Sends through nodemailer to the server the URL names (`smtp://user:pass@host:587`, `smtps://...`).
 * nodemailer is loaded with the first message rather than at start (~15 MB a process that sends no
 * mail need not hold; decision 025).
 */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  // Settings in the URL's query (e.g. `?pool=true`) win over these defaults.
  const transporterOf = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
    ));
  return {
    kind: 'smtp',
    async send(mail) {
      const transport = await transporterOf();
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html === undefined ? {} : { html: mail.html }),
      });
    },
  };
}

/** SMTP_URL set -> nodemailer SMTP; else the development mailbox (table dev_mailbox). */
export function createMailTransport(db: Database, config: Config): MailTransport {
  return config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createDevMailboxTransport(db);
}

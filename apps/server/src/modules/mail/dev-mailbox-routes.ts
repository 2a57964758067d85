/**
 * `GET /api/dev/mailbox`: what the development mail transport "sent" (server-rules "Email"), for
 * demos and tests: password codes and order emails can be read without a mail server.
 * app.ts registers it only in demo mode (PORTAL_MODE=demo, `npm start`) while that transport is
 * active (no SMTP_URL), and it answers only a client on this machine: the socket's peer is loopback
 * and no proxy header is present (a reverse proxy on the same host connects from loopback too).
 * Anyone else gets the same 404 as an unknown route: it holds every organization's reset codes.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEV_MAILBOX_LIMIT } from '@portal/domain/rules';
import { devMailboxQuerySchema, devMailboxResponseSchema } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { notFound } from '../../http/errors.js';
import { isDirectLoopback } from '../../http/origin.js';
import { listDevMailbox } from './dev-mailbox-repository.js';

export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/dev/mailbox', {
    config: { access: 'public' },
    schema: {
      tags: ['development'],
      summary: 'Messages in the development mailbox, newest first (demo mode without SMTP_URL, loopback clients only)',
      querystring: devMailboxQuerySchema,
      response: { 200: devMailboxResponseSchema },
    },
    handler: async (request) => {
      if (!isDirectLoopback(request)) throw notFound();
      return listDevMailbox(db, { to: request.query.to || undefined, limit: DEV_MAILBOX_LIMIT });
    },
  });
};

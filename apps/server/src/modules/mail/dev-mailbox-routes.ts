/**
 * `GET /api/dev/mailbox`: what the development mail transport "sent" (server-rules "Email"), for
 * demos and tests: password codes and order emails can be read without a mail server.
 * app.ts registers it only while that transport is active (no SMTP_URL), so a production server
 * that sends real mail never exposes anyone's messages here.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DEV_MAILBOX_LIMIT, devMailboxQuerySchema, devMailboxResponseSchema } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { listDevMailbox } from './dev-mailbox-repository.js';

export const devMailboxRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/dev/mailbox', {
    config: { access: 'public' },
    schema: {
      tags: ['development'],
      summary: 'Messages in the development mailbox, newest first (only without SMTP_URL)',
      querystring: devMailboxQuerySchema,
      response: { 200: devMailboxResponseSchema },
    },
    handler: async (request) => listDevMailbox(db, { to: request.query.to || undefined, limit: DEV_MAILBOX_LIMIT }),
  });
};

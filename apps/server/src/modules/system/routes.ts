import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseAnswers, type Database } from '../../db/client.js';
import type { Config } from '../../config.js';
import { pendingMigrations, readJournal } from '../../db/migrate-status.js';
import { errorBodySchema } from '@portal/domain';

export const clientConfigSchema = z.object({
  liveChatScriptUrl: z.string().nullable(),
  shippingPolicyUrl: z.string(),
  salesEmail: z.string(),
  /** Which payment gateway the checkout page talks to, and Stripe's publishable key in stripe mode. */
  paymentGateway: z.enum(['simulated', 'stripe']),
  stripePublishableKey: z.string().nullable(),
});

/**
 * Health and the public settings the web client needs before sign-in.
 * - `/api/health`: the database answers (what the contract and the e2e server wait for);
 * - `/api/health/live`: the process runs and serves HTTP (a liveness probe: restart when it fails), no database;
 * - `/api/health/ready`: the database answers and holds every committed migration, and the process
 *   is not warming up (`warmingUp`: what it still does before it answers at full speed, such as
 *   building its catalog search indexes at start); a readiness probe: send traffic only when it
 *   answers 200; 503 with the contract's error body otherwise.
 */
export const systemRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config; warmingUp?: () => string | undefined }> = async (
  app,
  { db, config, warmingUp },
) => {
  // The journal of the migrations this build carries, read once.
  const journal = readJournal();

  app.get('/api/health/live', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Answers 200 while the process serves HTTP',
      response: { 200: z.object({ status: z.literal('ok') }) },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/api/health/ready', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Answers 200 when the database answers, every migration is applied and the process has warmed up, else 503',
      response: { 200: z.object({ status: z.literal('ready'), migrations: z.number().int() }), 503: errorBodySchema },
    },
    handler: async (_request, reply) => {
      let pending: string[];
      try {
        pending = await pendingMigrations(db, journal);
      } catch (error) {
        app.log.warn({ err: { message: (error as Error).message } }, 'readiness: the database does not answer');
        return reply.status(503).send({ messages: [{ field: '', message: 'The database does not answer.' }] });
      }
      if (pending.length > 0) {
        return reply.status(503).send({ messages: [{ field: '', message: `Migrations not applied: ${pending.join(', ')}.` }] });
      }
      const warming = warmingUp?.();
      if (warming) return reply.status(503).send({ messages: [{ field: '', message: warming }] });
      return { status: 'ready' as const, migrations: journal.length };
    },
  });

  app.get('/api/health', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Answers 200 when the database answers',
      response: { 200: z.object({ status: z.literal('ok') }) },
    },
    handler: async () => {
      await databaseAnswers(db);
      return { status: 'ok' as const };
    },
  });

  app.get('/api/client-config', {
    config: { access: 'public' },
    schema: { tags: ['system'], summary: 'Public settings of the web client', response: { 200: clientConfigSchema } },
    handler: async () => ({
      liveChatScriptUrl: config.liveChatScriptUrl ?? null,
      shippingPolicyUrl: config.shippingPolicyUrl,
      salesEmail: config.salesEmail,
      paymentGateway: config.paymentGateway,
      stripePublishableKey: config.paymentGateway === 'stripe' ? (config.stripePublishableKey ?? null) : null,
    }),
  });
};

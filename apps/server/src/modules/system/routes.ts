import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import type { Config } from '../../config.js';

export const clientConfigSchema = z.object({
  liveChatScriptUrl: z.string().nullable(),
  shippingPolicyUrl: z.string(),
  salesEmail: z.string(),
  /** Which payment gateway the checkout page talks to, and Stripe's publishable key in stripe mode. */
  paymentGateway: z.enum(['simulated', 'stripe']),
  stripePublishableKey: z.string().nullable(),
});

/** Health and the public settings the web client needs before sign-in. */
export const systemRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  app.get('/api/health', {
    config: { access: 'public' },
    schema: {
      tags: ['system'],
      summary: 'Answers 200 when the database answers',
      response: { 200: z.object({ status: z.literal('ok') }) },
    },
    handler: async () => {
      await db.execute(sql`select 1`);
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

/** The badge QR lookup (interface-contract.md: `POST /api/event/badge-lookup`), used by checkout's 'Scan QR Code'. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badgeDetailsSchema, badgeLookupRequestSchema } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { lookUpBadge } from './service.js';

export const badgeRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post('/api/event/badge-lookup', {
    config: { access: { roles: ['checkout'] } },
    schema: {
      tags: ['badges'],
      summary: 'Badge details from a scanned badge QR code (vCard, MECARD, JSON or a badge id of the event registration table)',
      body: badgeLookupRequestSchema,
      response: { 200: badgeDetailsSchema },
    },
    handler: (request) => lookUpBadge(db, request.body.payload),
  });
};

/**
 * Badge scanning: the QR lookup behind checkout's 'Scan QR Code' (interface-contract.md:
 * `POST /api/event/badge-lookup`) and the /sema badge scan that saves a lead (spec 7: `POST /event/badgescan`).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badgeDetailsSchema, badgeLookupRequestSchema, badgeScanRequestSchema, leadListSchema } from '@portal/domain';
import { LEADS_EXPORT_FILE_NAME } from '@portal/domain/rules';
import type { Database } from '../../db/client.js';
import { principalOf } from '../../http/principal.js';
import { leadsCsv, lookUpBadge, organizationLeads, scanBadge } from './service.js';

export const badgeRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post('/api/event/badge-lookup', {
    // The checkout page offers the scan only to organizations with badge scanning (spec 6 allowBadgeScan).
    config: { access: { roles: ['checkout'], flag: 'allowBadgeScan' } },
    schema: {
      tags: ['badges'],
      summary: 'Badge details from a scanned badge QR code (vCard, MECARD, JSON or a badge id of the event registration table)',
      body: badgeLookupRequestSchema,
      response: { 200: badgeDetailsSchema },
    },
    handler: (request) => lookUpBadge(db, request.body.payload),
  });

  app.post('/api/event/badgescan', {
    // Spec 6: the badge scan screen belongs to organizations with allowBadgeScan, whatever the user's roles.
    config: { access: { flag: 'allowBadgeScan' } },
    schema: {
      tags: ['badges'],
      summary: 'Saves a scanned badge as a lead of the organization with the marketing-consent answer; answers its details',
      body: badgeScanRequestSchema,
      response: { 200: badgeDetailsSchema },
    },
    handler: (request) => scanBadge(db, principalOf(request), request.body),
  });

  // Issue 34: the leads the badge scan saved, as the /sema table and as a CSV file. The same access
  // as the scan itself (spec 6: organizations with allowBadgeScan, whatever the user's roles), and
  // only the caller's organization's leads.
  app.get('/api/event/leads', {
    config: { access: { flag: 'allowBadgeScan' } },
    schema: {
      tags: ['badges'],
      summary: "The organization's badge leads, the latest scanned first",
      response: { 200: leadListSchema },
    },
    handler: async (request) => ({ leads: await organizationLeads(db, principalOf(request)) }),
  });

  app.get('/api/event/leads/export', {
    config: { access: { flag: 'allowBadgeScan' } },
    schema: {
      tags: ['badges'],
      summary: `The organization's badge leads as CSV (${LEADS_EXPORT_FILE_NAME}); columns in docs/api.md`,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const csv = await leadsCsv(db, principalOf(request));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${LEADS_EXPORT_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });
};

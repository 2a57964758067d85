/** The organization's audit trail (issue 20), for administrators (manageUsers). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListResponseSchema } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { principalOf } from '../../http/principal.js';
import { listAudit } from './service.js';

export const auditRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/organization/audit', {
    config: { access: { roles: ['manageUsers'] } },
    schema: {
      tags: ['organization'],
      summary: "The organization's audit trail, newest first",
      description:
        'Who changed users, addresses, saved carts and organization settings, when, and the values before and after. Filters: userId (the acting user), kind.',
      querystring: auditListQuerySchema,
      response: { 200: auditListResponseSchema },
    },
    handler: (request) => listAudit(db, principalOf(request), request.query),
  });
};

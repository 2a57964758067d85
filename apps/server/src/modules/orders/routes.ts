/** Order calls of spec 7 under /api (interface-contract "HTTP API"); role orderHistory (spec 6). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  branchNumberSchema,
  openOrdersRequestSchema,
  openOrdersResponseSchema,
  orderDetailParamsSchema,
  orderDetailSchema,
  orderSearchRequestSchema,
  orderSearchResponseSchema,
  recentOrdersRequestSchema,
  recentOrdersResponseSchema,
} from '@portal/domain';
import type { Database } from '../../db/client.js';
import { principalOf } from '../../http/principal.js';
import { bigJsonAnswer, sendJsonAnswer } from '../../http/json-lists.js';
import { openOrdersAnswer, orderDetail, recentOrdersAnswer, searchOrderHistory } from './service.js';
import { orderPdf } from './order-pdf.js';

const orderHistory = { roles: ['orderHistory' as const] };

export const orderRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post('/api/orders/open', {
    // Up to ~1,000 summaries, sent as the JSON bytes kept while the branch's orders stand (list-cache.ts).
    config: { access: orderHistory },
    schema: {
      tags: ['orders'],
      summary: 'Open orders of the branch (not shipped, invoiced or cancelled), newest first',
      body: openOrdersRequestSchema,
      response: { 200: openOrdersResponseSchema },
    },
    handler: async (request, reply) => sendJsonAnswer(request, reply, await openOrdersAnswer(db, principalOf(request), request.body)),
  });

  app.post('/api/orders/recent', {
    // Up to ~1,000 summaries, sent as the JSON bytes kept while the branch's orders stand (list-cache.ts).
    config: { access: orderHistory },
    schema: {
      tags: ['orders'],
      summary: 'Orders entered, shipped or cancelled within a window of 1, 3 or 7 calendar days in the caller time zone',
      description: 'Page 1 ends today; page n is (n-1) windows earlier. startTime is inclusive, endTime exclusive.',
      body: recentOrdersRequestSchema,
      response: { 200: recentOrdersResponseSchema },
    },
    handler: async (request, reply) => sendJsonAnswer(request, reply, await recentOrdersAnswer(db, principalOf(request), request.body)),
  });

  app.get('/api/orders/detail/:id', {
    config: { access: orderHistory },
    schema: {
      tags: ['orders'],
      summary: 'One order by document number, with lines, charges, totals and shipments',
      description: 'With branchNumber the order must belong to that branch; without it, to any branch of the user. Otherwise 404.',
      params: orderDetailParamsSchema,
      querystring: z.object({ branchNumber: branchNumberSchema.optional() }),
      response: { 200: orderDetailSchema },
    },
    handler: (request) => orderDetail(db, principalOf(request), request.params.id, request.query.branchNumber),
  });

  // Issue 20: the order document, from the details answer (same scoping and pricing; order-pdf.ts).
  app.get('/api/orders/detail/:id/pdf', {
    config: { access: orderHistory },
    schema: {
      tags: ['orders'],
      summary: 'The order as a PDF document (application/pdf); an invoiced order also carries its invoice',
      description: 'The same scoping as the details call: with branchNumber the order must belong to that branch; otherwise 404.',
      params: orderDetailParamsSchema,
      querystring: z.object({ branchNumber: branchNumberSchema.optional() }),
    },
    handler: async (request, reply) => {
      const pdf = await orderPdf(db, principalOf(request), request.params.id, request.query.branchNumber);
      return reply.type('application/pdf').header('Content-Disposition', `attachment; filename="${pdf.fileName}"`).send(pdf.bytes);
    },
  });

  app.post('/api/orders/search', {
    // Pages of up to 100 summaries, built like the other lists (http/json-lists.ts).
    ...bigJsonAnswer,
    config: { access: orderHistory },
    schema: {
      tags: ['orders'],
      summary: 'Search the order history of the branch; at least one criterion besides timeFrame',
      body: orderSearchRequestSchema,
      response: { 200: orderSearchResponseSchema },
    },
    handler: (request) => searchOrderHistory(db, principalOf(request), request.body),
  });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartPriceRequestSchema, pricedCartSchema } from '@portal/domain';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { principalOf } from '../../http/access.js';
import { priceCart } from './service.js';

const pricedCartResponseSchema = pricedCartSchema.extend({ removedSkus: z.array(z.string()) });

/** The cart's server pricing (spec 4 "Charges", server-rules "Charges"). */
export const cartRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post('/api/cart/price', {
    config: { access: { roles: ['checkout'] } },
    schema: {
      tags: ['cart'],
      summary: 'Prices a cart on the server: catalog prices, shipping charges and totals from SKUs, quantities and charge choices',
      body: cartPriceRequestSchema,
      response: { 200: pricedCartResponseSchema },
    },
    handler: (request) => priceCart(db, principalOf(request), request.body),
  });
};

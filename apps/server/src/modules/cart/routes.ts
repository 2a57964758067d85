import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartPriceRequestSchema,
  pricedCartSchema,
  quickOrderValidateRequestSchema,
  quickOrderValidateResponseSchema,
  reorderRequestSchema,
} from '@portal/domain';
import { z } from 'zod';
import type { Database } from '../../db/client.js';
import { principalOf } from '../../http/principal.js';
import { reorder, validateQuickOrder } from './quick-order.js';
import { priceCart } from './service.js';

const pricedCartResponseSchema = pricedCartSchema.extend({ removedSkus: z.array(z.string()) });

/** The cart's server pricing (spec 4 "Charges", server-rules "Charges"), quick order and reorder (issue 20). */
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

  app.post('/api/cart/quick-order/validate', {
    // The quick order is a catalog search by SKU that ends in the cart: both roles (side menu 'Quick Order').
    config: { access: { roles: ['checkout', 'catalog'] } },
    schema: {
      tags: ['cart'],
      summary:
        'Quick order: up to 500 lines of SKU and quantity, each priced and stocked for the branch and state, or refused with its reason',
      description:
        'Lines are answered in the order sent, each with `item` and `availability`, or with `reason` unknownSku (no catalog of the caller lists it) or notInCatalog (another of the caller’s catalogs does). All lines are priced in one statement.',
      body: quickOrderValidateRequestSchema,
      response: { 200: quickOrderValidateResponseSchema },
    },
    handler: (request) => validateQuickOrder(db, principalOf(request), request.body),
  });

  app.post('/api/cart/reorder', {
    config: { access: { roles: ['checkout', 'orderHistory'] } },
    schema: {
      tags: ['cart'],
      summary: "An order's lines priced today in the order's catalog, for the cart (order details 'Reorder')",
      description:
        'The order is found as by GET /api/orders/detail/{id} with branchNumber (404 otherwise). Lines answer as the quick order; labor lines are refused (reason labor).',
      body: reorderRequestSchema,
      response: { 200: quickOrderValidateResponseSchema },
    },
    handler: (request) => reorder(db, principalOf(request), request.body),
  });
};

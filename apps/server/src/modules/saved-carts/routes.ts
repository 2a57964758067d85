/** Saved carts (issue 20, requisition lists): docs/api.md "Saved carts". */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  okSchema,
  quickOrderValidateResponseSchema,
  savedCartBranchQuerySchema,
  savedCartCreateSchema,
  savedCartListSchema,
  savedCartLoadSchema,
  savedCartParamsSchema,
  savedCartRenameSchema,
  savedCartSchema,
  savedCartSummarySchema,
} from '@portal/domain';
import type { Database } from '../../db/client.js';
import { principalOf } from '../../http/principal.js';
import {
  createSavedCart,
  deleteBranchSavedCart,
  getSavedCart,
  listBranchSavedCarts,
  loadSavedCart,
  renameBranchSavedCart,
} from './service.js';

// A saved cart is a cart's lines: the cart's role. Rename and delete also need its owner or
// manageUsers, which the service checks per saved cart.
const savedCartAccess = { roles: ['checkout' as const] };

export const savedCartRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/saved-carts', {
    config: { access: savedCartAccess },
    schema: {
      tags: ['saved-carts'],
      summary: "The organization's saved carts of the branch, most recently changed first, with owner and dates",
      querystring: savedCartBranchQuerySchema,
      response: { 200: savedCartListSchema },
    },
    handler: (request) => listBranchSavedCarts(db, principalOf(request), request.query.branchNumber),
  });

  app.post('/api/saved-carts', {
    config: { access: savedCartAccess },
    schema: {
      tags: ['saved-carts'],
      summary: 'Save the cart’s lines (SKU and quantity) under a name, for the branch',
      body: savedCartCreateSchema,
      response: { 200: savedCartSchema },
    },
    handler: (request) => createSavedCart(db, principalOf(request), request.body),
  });

  app.get('/api/saved-carts/:id', {
    config: { access: savedCartAccess },
    schema: {
      tags: ['saved-carts'],
      summary: 'One saved cart of the branch with its lines',
      params: savedCartParamsSchema,
      querystring: savedCartBranchQuerySchema,
      response: { 200: savedCartSchema },
    },
    handler: (request) => getSavedCart(db, principalOf(request), request.params.id, request.query.branchNumber),
  });

  app.put('/api/saved-carts/:id', {
    config: { access: savedCartAccess },
    schema: {
      tags: ['saved-carts'],
      summary: 'Rename a saved cart (its owner or manageUsers)',
      params: savedCartParamsSchema,
      querystring: savedCartBranchQuerySchema,
      body: savedCartRenameSchema,
      response: { 200: savedCartSummarySchema },
    },
    handler: (request) => renameBranchSavedCart(db, principalOf(request), request.params.id, request.query.branchNumber, request.body.name),
  });

  app.delete('/api/saved-carts/:id', {
    config: { access: savedCartAccess },
    schema: {
      tags: ['saved-carts'],
      summary: 'Delete a saved cart (its owner or manageUsers)',
      params: savedCartParamsSchema,
      querystring: savedCartBranchQuerySchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await deleteBranchSavedCart(db, principalOf(request), request.params.id, request.query.branchNumber);
      return { ok: true as const };
    },
  });

  app.post('/api/saved-carts/:id/load', {
    config: { access: savedCartAccess },
    schema: {
      tags: ['saved-carts'],
      summary:
        'A saved cart’s lines priced today for the destination state, answered as the quick order (the client adds them to the cart)',
      params: savedCartParamsSchema,
      querystring: savedCartBranchQuerySchema,
      body: savedCartLoadSchema,
      response: { 200: quickOrderValidateResponseSchema },
    },
    handler: (request) => loadSavedCart(db, principalOf(request), request.params.id, request.query.branchNumber, request.body.shipToState),
  });
};

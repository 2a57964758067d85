/** The organization's address book (issue 20): `/api/organization/addresses`. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema, savedAddressInputSchema, savedAddressListSchema, savedAddressParamsSchema, savedAddressSchema } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { principalOf } from '../../http/principal.js';
import { createSavedAddress, deleteSavedAddress, listSavedAddresses, updateSavedAddress } from './service.js';

const manageUsers = { roles: ['manageUsers' as const] };

export const addressRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Reading and adding are also open to checkout users (the chooser and 'Save this address'); the
  // service requires manageUsers or checkout.
  app.get('/api/organization/addresses', {
    config: { access: {} },
    schema: {
      tags: ['organization'],
      summary: "The organization's saved ship-to addresses (manageUsers or checkout)",
      response: { 200: savedAddressListSchema },
    },
    handler: (request) => listSavedAddresses(db, principalOf(request)),
  });

  app.post('/api/organization/addresses', {
    config: { access: {} },
    schema: {
      tags: ['organization'],
      summary: 'Add a ship-to address to the address book (manageUsers or checkout); the checkout form’s validation',
      body: savedAddressInputSchema,
      response: { 200: savedAddressSchema },
    },
    handler: (request) => createSavedAddress(db, principalOf(request), request.body),
  });

  app.put('/api/organization/addresses/:id', {
    config: { access: manageUsers },
    schema: {
      tags: ['organization'],
      summary: 'Change a saved address',
      params: savedAddressParamsSchema,
      body: savedAddressInputSchema,
      response: { 200: savedAddressSchema },
    },
    handler: (request) => updateSavedAddress(db, principalOf(request), request.params.id, request.body),
  });

  app.delete('/api/organization/addresses/:id', {
    config: { access: manageUsers },
    schema: { tags: ['organization'], summary: 'Delete a saved address', params: savedAddressParamsSchema, response: { 200: okSchema } },
    handler: async (request) => {
      await deleteSavedAddress(db, principalOf(request), request.params.id);
      return { ok: true as const };
    },
  });
};

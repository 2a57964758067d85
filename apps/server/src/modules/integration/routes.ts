/**
 * Integration API for the manufacturer's systems (interface-contract "HTTP API": `/api/integration/...`).
 * Authenticated by API key (`Authorization: Bearer <key>`, keys made with
 * `npm run portal -- keys create`); no session, no XSRF token (the routes are exempt: no browser sends them).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  importCatalogParamsSchema,
  integrationExpectedShipDateRequestSchema,
  integrationInvoiceRequestSchema,
  integrationOrderParamsSchema,
  integrationOrdersQuerySchema,
  integrationOrdersResponseSchema,
  integrationShipmentRequestSchema,
  integrationStatusRequestSchema,
  integrationUpdateResponseSchema,
  synonymSetsRequestSchema,
  synonymSetsResponseSchema,
  integrationBranchParamsSchema,
  integrationBranchShipToRequestSchema,
  integrationBranchesResponseSchema,
  integrationOrganizationParamsSchema,
  organizationBranchSchema,
} from '@portal/domain';
import type { Database } from '../../db/client.js';
import { readCatalogSynonyms, replaceCatalogSynonyms } from '../catalog/index.js';
import { organizationBranches, setBranchShipTo } from '../organizations/index.js';
import { ordersPlacedSince, recordInvoice, recordShipment, updateExpectedShipDate, updateOrderStatus } from './service.js';

const AUTH = 'Authenticate with `Authorization: Bearer <API key>`.';
const common = { tags: ['integration'] };

/** The app inside a route plugin: routes validate and serialize with the domain's zod schemas. */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** A catalog's synonym sets, replaced and read. */
function registerSynonymRoutes(app: ZodApp, db: Database) {
  app.put('/api/integration/catalogs/:id/synonyms', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: "Replace a catalog's synonym sets",
      description: `${AUTH} Body: every set of the catalog, such as \`[{ "terms": ["two post", "2 post"] }]\` (an empty list removes them all): at most 1000 sets of 2 to 20 terms, each term 1 to 100 characters, stored trimmed and in lower case. A search for one term of a set (whole words, any case) also finds the others. Answers the sets as stored; 404 for an unknown catalog.`,
      params: importCatalogParamsSchema,
      body: synonymSetsRequestSchema,
      response: { 200: synonymSetsResponseSchema, 404: errorBodySchema },
    },
    handler: (request) =>
      replaceCatalogSynonyms(
        db,
        request.params.id,
        request.body.map((set) => set.terms),
      ),
  });

  app.get('/api/integration/catalogs/:id/synonyms', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: "A catalog's synonym sets",
      description: `${AUTH} The sets as stored (terms in lower case); 404 for an unknown catalog.`,
      params: importCatalogParamsSchema,
      response: { 200: synonymSetsResponseSchema, 404: errorBodySchema },
    },
    handler: (request) => readCatalogSynonyms(db, request.params.id),
  });
}

/** What the manufacturer's systems record on an order: status, expected ship date, shipments, invoice. */
function registerOrderUpdateRoutes(app: ZodApp, db: Database) {
  app.post('/api/integration/orders/:documentNumber/status', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: "Set an order's status code (and optionally its expected ship date)",
      description: `${AUTH} Reaching an invoiced code (70 or above) mails the invoice notice to subscribers once.`,
      params: integrationOrderParamsSchema,
      body: integrationStatusRequestSchema,
      response: { 200: integrationUpdateResponseSchema },
    },
    handler: (request) => updateOrderStatus(db, request.params.documentNumber, request.body),
  });

  app.put('/api/integration/orders/:documentNumber/expected-ship-date', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: "Set or clear an order's expected ship date",
      description: AUTH,
      params: integrationOrderParamsSchema,
      body: integrationExpectedShipDateRequestSchema,
      response: { 200: integrationUpdateResponseSchema },
    },
    handler: (request) => updateExpectedShipDate(db, request.params.documentNumber, request.body.expectedShipDate),
  });

  app.post('/api/integration/orders/:documentNumber/shipments', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: 'Add a shipment with its lines, packages and tracking, or replace shipment `shipmentNumber`',
      description: `${AUTH} A shipped shipment (status 60 or a shippedDate) makes the order Partially Shipped (55) or Shipped (60) and mails the shipment notice to subscribers once. Tracking links are built for UPSN, FDEG, FDE, ODFL, SAIA, EXLA and RLCA when none is sent.`,
      params: integrationOrderParamsSchema,
      body: integrationShipmentRequestSchema,
      response: { 200: integrationUpdateResponseSchema },
    },
    handler: (request) => recordShipment(db, request.params.documentNumber, request.body),
  });

  app.post('/api/integration/orders/:documentNumber/invoice', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: 'Record the invoice: the order becomes Invoiced (70, or the invoiced code given)',
      description: `${AUTH} Mails the invoice notice to subscribers once; a cancelled order cannot be invoiced (400).`,
      params: integrationOrderParamsSchema,
      body: integrationInvoiceRequestSchema,
      response: { 200: integrationUpdateResponseSchema },
    },
    handler: (request) => recordInvoice(db, request.params.documentNumber, request.body),
  });
}

/** The orders placed in the portal, paged by time. */
function registerOrderFeedRoute(app: ZodApp, db: Database) {
  app.get('/api/integration/orders', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: 'Orders placed since a time, oldest first, with lines, charges, addresses and shipments',
      description: `${AUTH} Page with the answer's \`next\` (since + afterDocumentNumber) until it is null.`,
      querystring: integrationOrdersQuerySchema,
      response: { 200: integrationOrdersResponseSchema },
    },
    handler: (request) => ordersPlacedSince(db, request.query.since, request.query.afterDocumentNumber, request.query.limit),
  });
}

/** An organization's branches and their ship-to addresses. */
function registerBranchRoutes(app: ZodApp, db: Database) {
  app.get('/api/integration/organizations/:organizationId/branches', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: "An organization's branches with their ship-to addresses",
      description: `${AUTH} shipTo is null for a branch without an address.`,
      params: integrationOrganizationParamsSchema,
      response: { 200: integrationBranchesResponseSchema },
    },
    handler: (request) => organizationBranches(db, request.params.organizationId),
  });

  app.put('/api/integration/organizations/:organizationId/branches/:branchNumber/ship-to', {
    config: { access: 'integration' },
    schema: {
      ...common,
      summary: "Set or clear a branch's ship-to address (where its checkout starts)",
      description: `${AUTH} \`{ shipTo: { street1, street2?, city, state, postalCode } }\`, or \`{ shipTo: null }\` to clear it; 404 for an unknown organization or branch.`,
      params: integrationBranchParamsSchema,
      body: integrationBranchShipToRequestSchema,
      response: { 200: organizationBranchSchema },
    },
    handler: (request) => setBranchShipTo(db, request.params.organizationId, request.params.branchNumber, request.body.shipTo),
  });
}

export const integrationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  registerSynonymRoutes(app, db);
  registerOrderUpdateRoutes(app, db);
  registerOrderFeedRoute(app, db);
  registerBranchRoutes(app, db);
};

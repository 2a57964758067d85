/**
 * The account (issue 36; interface-contract "Account statement"): the statement and the credit
 * left for the portal's users, and the manufacturer's credit limits and invoices over the
 * integration API (API key, as every `/api/integration/...` route).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { INVOICE_IMPORT_COLUMNS, INVOICE_IMPORT_REQUIRED_COLUMNS } from '@portal/domain/rules';
import {
  creditLimitRequestSchema,
  creditLimitResponseSchema,
  creditSummarySchema,
  errorBodySchema,
  importResultSchema,
  integrationOrganizationParamsSchema,
  invoiceImportJsonBodySchema,
  statementSchema,
  type ImportResult,
} from '@portal/domain';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { principalOf } from '../../http/principal.js';
import { ImportFileError, ImportRejectedError, toHttpError, IMPORT_BODY_LIMIT } from '../imports/index.js';
import { setCreditLimit } from '../organizations/index.js';
import { invoiceRowsOf } from './invoice-file.js';
import { invoicePaymentRoutes } from './payment-routes.js';
import { creditSummaryFor, importInvoices, statementFor } from './service.js';

const AUTH = 'Authenticate with `Authorization: Bearer <API key>`.';

async function answerImport(db: Database, body: unknown): Promise<ImportResult> {
  try {
    const { place, rows } = invoiceRowsOf(body);
    return { ...(await importInvoices(db, place, rows)), messages: [] };
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof ImportRejectedError) throw toHttpError(error);
    throw error;
  }
}

/** The invoice import, in its own scope: only it parses CSV bodies here. */
const invoiceImportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.put('/api/integration/invoices', {
    config: { access: 'integration' },
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      tags: ['integration'],
      consumes: ['text/csv', 'application/json'],
      summary: 'Import invoices (upserted by invoice number)',
      description: [
        AUTH,
        `Body: \`text/csv\` with a header line naming the columns (${INVOICE_IMPORT_COLUMNS.join(', ')}; required: ${INVOICE_IMPORT_REQUIRED_COLUMNS.join(', ')}),`,
        'or `application/json`: an array of rows with those field names. Amounts in dollars, dates YYYY-MM-DD, status open, paid or void.',
        'Every row is checked first; one bad row and nothing is written (422, one message per bad value, "Line N" of the file or "Row N" of the array).',
        'Idempotent: a row equal to what is stored writes nothing.',
      ].join(' '),
      body: z.union([z.string(), invoiceImportJsonBodySchema]),
      response: { 200: importResultSchema, 422: errorBodySchema },
    },
    handler: (request) => answerImport(db, request.body),
  });
};

export const accountRoutes: FastifyPluginAsyncZod<{ db: Database; config: Config }> = async (app, { db, config }) => {
  await app.register(invoiceImportRoutes, { db });
  await app.register(invoicePaymentRoutes, { db, config });

  app.get('/api/account/statement', {
    config: { access: { roles: ['accounting'] } },
    schema: {
      tags: ['account'],
      summary: "The organization's statement: credit limit, balance, available credit, past due, aging and invoices (role accounting)",
      description:
        'Amounts in dollars; creditLimit and availableCredit are null when the organization has no limit. Invoices: every open one and those paid in the last 90 days; `orderLinked` when the caller may open the order.',
      response: { 200: statementSchema },
    },
    handler: (request) => statementFor(db, principalOf(request)),
  });

  app.get('/api/account/credit', {
    config: { access: { roles: ['checkout'] } },
    schema: {
      tags: ['account'],
      summary: "The organization's credit limit and available credit (the cart's and checkout's on-account warning)",
      description: 'Null when the organization has no credit limit.',
      response: { 200: creditSummarySchema },
    },
    handler: (request) => creditSummaryFor(db, principalOf(request)),
  });

  app.put('/api/integration/organizations/:organizationId/credit', {
    config: { access: 'integration' },
    schema: {
      tags: ['integration'],
      summary: "Set or clear an organization's credit limit",
      description: `${AUTH} \`{ creditLimit }\` in dollars, or \`{ creditLimit: null }\` for no limit; 404 for an unknown organization. On-account orders beyond the available credit are refused (422, code 8002).`,
      params: integrationOrganizationParamsSchema,
      body: creditLimitRequestSchema,
      response: { 200: creditLimitResponseSchema, 404: errorBodySchema },
    },
    handler: async (request) => {
      const { organizationId } = request.params;
      const cents = request.body.creditLimit;
      await setCreditLimit(db, organizationId, cents);
      return { organizationId, creditLimit: cents === null ? null : cents / 100 };
    },
  });
};

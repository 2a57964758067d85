/**
 * The imports over the integration API (issue 18): `PUT /api/integration/catalogs/{id}/products`,
 * `PUT /api/integration/stock`, `PUT /api/integration/price-lists/{id}`. API key as every
 * integration route (access 'integration'); the body is the CSV file (`text/csv`) or a JSON array
 * of rows with the same field names. Same checks and all-or-nothing rule as the command line
 * (service.ts): the answer counts the rows, or is 422 with one message per bad cell, named by line
 * (CSV) or row (JSON).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IMPORT_COLUMNS, IMPORT_REQUIRED_COLUMNS } from '@portal/domain/rules';
import {
  errorBodySchema,
  importCatalogParamsSchema,
  importJsonBodySchema,
  importPriceListParamsSchema,
  importQuerySchema,
  importResultSchema,
  type ImportResult,
} from '@portal/domain';
import type { ImportKind } from '@portal/domain/rules';
import type { Database } from '../../db/client.js';
import { readImportCsv } from './csv-input.js';
import { ImportFileError, ImportRejectedError, describeRowErrors, toHttpError, type InputRow } from './errors.js';
import { runImport, type ImportTarget } from './service.js';

/** An import body may be large: 200,000 catalog rows are about 40 MB of CSV. */
export const IMPORT_BODY_LIMIT = 128 * 1024 * 1024;

const bodySchema = (kind: ImportKind) => z.union([z.string(), importJsonBodySchema(kind)]);

function describe(kind: ImportKind, what: string): string {
  return [
    `Authenticate with \`Authorization: Bearer <API key>\`. ${what}`,
    `Body: \`text/csv\` with a header line naming the columns (${IMPORT_COLUMNS[kind].join(', ')}; required: ${IMPORT_REQUIRED_COLUMNS[kind].join(', ')}),`,
    'or `application/json`: an array of rows with those field names.',
    'Every row is checked first; one bad row and nothing is written (422, one message per bad value, "Line N" of the file or "Row N" of the array),',
    'unless `?skipInvalid=true`, which writes the valid rows and lists the skipped ones. Idempotent: a row equal to what is stored writes nothing.',
  ].join(' ');
}

function rowsOf(kind: ImportKind, body: unknown): { place: 'Line' | 'Row'; rows: InputRow[] } {
  if (typeof body === 'string') return { place: 'Line', rows: readImportCsv(kind, body) };
  return { place: 'Row', rows: (body as Record<string, unknown>[]).map((cells, i) => ({ position: i + 1, cells })) };
}

async function answer(db: Database, target: ImportTarget, body: unknown, skipInvalid: boolean): Promise<ImportResult> {
  try {
    const { place, rows } = rowsOf(target.kind, body);
    const outcome = await runImport(db, target, place, rows, { skipInvalid });
    const { errors, invalidRows, ...counts } = outcome;
    return { ...counts, messages: describeRowErrors(place, errors, invalidRows) };
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof ImportRejectedError) throw toHttpError(error);
    throw error;
  }
}

const common = {
  tags: ['integration'],
  consumes: ['text/csv', 'application/json'],
  querystring: importQuerySchema,
  response: { 200: importResultSchema, 404: errorBodySchema, 422: errorBodySchema },
};

export const importRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // Only these routes read CSV bodies (this plugin's scope).
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.put('/api/integration/catalogs/:id/products', {
    config: { access: 'integration' },
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      ...common,
      summary: "Import products into a catalog (the catalog CSV export's columns), with the catalog's prices",
      description: describe(
        'catalog',
        'Upsert by SKU: new products are created, existing ones take the values given (a column left out keeps its value); every row is listed in the catalog and `price` sets the catalog price list. `netAvailable` and `nextReceiptDate` are read-only and ignored.',
      ),
      params: importCatalogParamsSchema,
      body: bodySchema('catalog'),
    },
    handler: (request) => answer(db, { kind: 'catalog', catalogId: request.params.id }, request.body, request.query.skipInvalid),
  });

  app.put('/api/integration/stock', {
    config: { access: 'integration' },
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      ...common,
      summary: 'Import stock on hand per SKU and warehouse',
      description: describe('stock', 'Each row sets the quantity of one SKU in one warehouse (its code, such as B250).'),
      body: bodySchema('stock'),
    },
    handler: (request) => answer(db, { kind: 'stock' }, request.body, request.query.skipInvalid),
  });

  app.put('/api/integration/price-lists/:id', {
    config: { access: 'integration' },
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      ...common,
      summary: 'Import prices into a price list (a catalog price list or an organization price list)',
      description: describe('prices', 'Each row sets the dealer net price (dollars) of one SKU; SKUs not in the file keep their price.'),
      params: importPriceListParamsSchema,
      body: bodySchema('prices'),
    },
    handler: (request) => answer(db, { kind: 'prices', priceListId: request.params.id }, request.body, request.query.skipInvalid),
  });
};

/** Catalog calls of spec section 7 under /api (interface-contract "HTTP API"). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CATALOG_EXPORT_FILE_NAME } from '@portal/domain/rules';
import {
  catalogExportQuerySchema,
  catalogSearchRequestSchema,
  catalogSearchResponseSchema,
  catalogSuggestQuerySchema,
  catalogSuggestResponseSchema,
  productBatchRequestSchema,
  productBatchResponseSchema,
  productParamsSchema,
  productQuerySchema,
  productSchema,
} from '@portal/domain';
import type { Database } from '../../db/client.js';
import { principalOf } from '../../http/principal.js';
import { streamedCompression } from '../../http/compression.js';
import { jsonArrayText, sendJsonText } from '../../http/json-lists.js';
import { openCatalogExport } from './export.js';
import { startFeaturedRefresh } from './featured.js';
import { holdBuildsUntil, noteSearchWarmUp, preloadSearchIndexes } from './search-index-store.js';
import { productText, productTextsBySkus, searchCatalogText, suggestProducts } from './service.js';

/** The catalog's reads write nothing: a cached caller's confirmation runs beside them (http/access.ts readOnly). */
const catalogReadAccess = { roles: ['catalog' as const], readOnly: true };

/** The app inside a route plugin: routes validate and serialize with the domain's zod schemas. */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** What the catalog keeps up to date while the process runs: 'Featured' and the search indexes. */
function addBackgroundWork(app: ZodApp, db: Database, featuredRefreshMs: number) {
  // 'Featured' follows the orders of the last 90 days: recounted at start and then every featuredRefreshMs.
  let refresh: { firstRound: Promise<void>; stop: () => void } | undefined;
  app.addHook('onClose', async () => refresh?.stop());
  app.addHook('onReady', async () => {
    if (featuredRefreshMs > 0)
      refresh = startFeaturedRefresh(db, featuredRefreshMs, (error) => app.log.error({ err: error }, 'featured refresh failed'));
    // Each process builds its catalogs' search indexes once it is ready, in the background (decision 023),
    // after the first recount: one that changes counts moves the search version, which would have an
    // index built before it built again at once. Not under the test runner: a test's app is closed
    // within moments, and its searches build what they read.
    if (process.env.VITEST) return;
    const recounted = refresh?.firstRound ?? Promise.resolve();
    // Searches meanwhile run in SQL rather than start a build the recount would make stale.
    holdBuildsUntil(db, recounted);
    const warmUp = recounted.then(() =>
      preloadSearchIndexes(db, (catalog, facts) => {
        if (facts instanceof Error) app.log.error({ err: facts, catalog }, 'catalog search index not built');
        else app.log.info({ catalog, ...facts, memory: processMemoryMb() }, 'catalog search index built');
      }),
    );
    // The readiness probe answers 503 until these first builds are done.
    noteSearchWarmUp(db, warmUp);
    void warmUp.catch((error: unknown) => app.log.error({ err: error }, 'catalog search indexes not built'));
  });
}

/** The search and the keyword box's suggestions. */
function registerSearchRoutes(app: ZodApp, db: Database) {
  app.post('/api/catalog/search', {
    config: { access: catalogReadAccess },
    schema: {
      tags: ['catalog'],
      summary: 'Search a catalog; without ship-to state, branch or catalog the result is empty (spec 5)',
      body: catalogSearchRequestSchema,
      response: { 200: catalogSearchResponseSchema },
    },
    handler: async (request, reply) => sendJsonText(reply, await searchCatalogText(db, principalOf(request), request.body)),
  });

  app.get('/api/catalog/suggest', {
    config: { access: catalogReadAccess },
    schema: {
      tags: ['catalog'],
      summary: 'At most 8 products for the text typed so far (the keyword box); without catalog, state or branch none',
      querystring: catalogSuggestQuerySchema,
      response: { 200: catalogSuggestResponseSchema },
    },
    handler: async (request) => ({ suggestions: await suggestProducts(db, principalOf(request), request.query) }),
  });
}

/** One product, and the products of a SKU list. */
function registerProductRoutes(app: ZodApp, db: Database) {
  app.get('/api/catalog/product/:sku', {
    config: { access: catalogReadAccess },
    schema: {
      tags: ['catalog'],
      summary: 'One product priced for the branch and destination state',
      params: productParamsSchema,
      querystring: productQuerySchema,
      response: { 200: productSchema },
    },
    handler: async (request, reply) =>
      sendJsonText(reply, await productText(db, principalOf(request), { sku: request.params.sku, ...request.query })),
  });

  app.post('/api/catalog/products', {
    config: { access: catalogReadAccess },
    schema: {
      tags: ['catalog'],
      summary: 'Products of a SKU list (the cart refresh); SKUs not in the catalog are left out',
      body: productBatchRequestSchema,
      response: { 200: productBatchResponseSchema },
    },
    handler: async (request, reply) => {
      const { skuList, shipToState, branchNumber, catalog } = request.body;
      // Spec 5: like the search, a lookup missing state, branch or catalog has an empty answer.
      if (!shipToState || !branchNumber || !catalog) return [];
      const products = await productTextsBySkus(db, principalOf(request), { skus: skuList, shipToState, branchNumber, catalog });
      return sendJsonText(reply, jsonArrayText(products));
    },
  });
}

/** The whole catalog as a streamed CSV download. */
function registerExportRoute(app: ZodApp, db: Database) {
  app.get('/api/catalog/export', {
    compress: streamedCompression,
    config: { access: { roles: ['catalog', 'catalogExport'] } },
    schema: {
      tags: ['catalog'],
      summary: `The whole catalog as CSV (${CATALOG_EXPORT_FILE_NAME}), streamed; columns in docs/api.md`,
      querystring: catalogExportQuerySchema,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const stream = await openCatalogExport(db, principalOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${CATALOG_EXPORT_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  });
}

export const catalogRoutes: FastifyPluginAsyncZod<{ db: Database; featuredRefreshMs: number }> = async (app, { db, featuredRefreshMs }) => {
  addBackgroundWork(app, db, featuredRefreshMs);
  registerSearchRoutes(app, db);
  registerProductRoutes(app, db);
  registerExportRoute(app, db);
};

/** The process's memory in MB, as the log of an index build reports it. */
function processMemoryMb(): Record<string, number> {
  const usage = process.memoryUsage();
  const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
  return { rss: mb(usage.rss), heapUsed: mb(usage.heapUsed), heapTotal: mb(usage.heapTotal), arrayBuffers: mb(usage.arrayBuffers) };
}

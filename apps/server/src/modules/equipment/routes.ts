/**
 * Installed equipment and warranty claims (issue 37; interface-contract "Equipment"): the dealer's
 * calls (role orderHistory, scoped like orders) and the manufacturer's (integration API: the serial
 * register, claim status, the no-charge order of an approved claim).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLAIM_MAX_PHOTOS,
  CLAIM_PART_SEARCH_LIMIT,
  CLAIM_PART_SEARCH_MIN_CHARS,
  SERIAL_IMPORT_COLUMNS,
  SERIAL_IMPORT_REQUIRED_COLUMNS,
} from '@portal/domain/rules';
import {
  claimOrderResponseSchema,
  claimPartSearchQuerySchema,
  claimPartSearchResponseSchema,
  claimStatusRequestSchema,
  claimStatusResponseSchema,
  equipmentDetailSchema,
  equipmentListQuerySchema,
  equipmentListResponseSchema,
  equipmentParamsSchema,
  equipmentUpdateRequestSchema,
  errorBodySchema,
  importResultSchema,
  inspectionRequestSchema,
  inspectionsDueSchema,
  registerEquipmentRequestSchema,
  serialImportJsonBodySchema,
  warrantyClaimListResponseSchema,
  warrantyClaimParamsSchema,
  warrantyClaimPhotoParamsSchema,
  warrantyClaimRequestSchema,
  warrantyClaimSchema,
  type ImportResult,
} from '@portal/domain';
import type { Database } from '../../db/client.js';
import { principalOf } from '../auth/index.js';
import { ImportFileError, ImportRejectedError, toHttpError, IMPORT_BODY_LIMIT } from '../imports/index.js';
import {
  claimDetail,
  claimPhoto,
  createClaim,
  listClaims,
  placeNoChargeOrder,
  searchClaimParts,
  setClaimStatusByManufacturer,
} from './claims-service.js';
import { equipmentCsv, EQUIPMENT_EXPORT_FILE_NAME } from './export.js';
import { startInspectionReminders } from './reminders.js';
import { serialRowsOf } from './serial-file.js';
import {
  equipmentDetail,
  importSerials,
  inspectionsDue,
  listEquipment,
  recordInspection,
  registerEquipment,
  updateEquipment,
} from './service.js';

const orderHistory = { roles: ['orderHistory' as const] };
const AUTH = 'Authenticate with `Authorization: Bearer <API key>`.';
/** Five photos of 10 MB in base64 (4 bytes per 3), with room for the other fields. */
const CLAIM_BODY_LIMIT = Math.ceil((CLAIM_MAX_PHOTOS * 10 * 1024 * 1024 * 4) / 3) + 1024 * 1024;

async function answerSerialImport(db: Database, body: unknown): Promise<ImportResult> {
  try {
    const { place, rows } = serialRowsOf(body);
    return { ...(await importSerials(db, place, rows)), messages: [] };
  } catch (error) {
    if (error instanceof ImportFileError || error instanceof ImportRejectedError) throw toHttpError(error);
    throw error;
  }
}

/** The serial register import, in its own scope: only it parses CSV bodies here. */
const serialImportRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: IMPORT_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.put('/api/integration/serials', {
    config: { access: 'integration' },
    bodyLimit: IMPORT_BODY_LIMIT,
    schema: {
      tags: ['integration'],
      consumes: ['text/csv', 'application/json'],
      summary: "The manufacturer's register of serials sold (upserted by serial number)",
      description: [
        AUTH,
        `Body: \`text/csv\` with a header line naming the columns (${SERIAL_IMPORT_COLUMNS.join(', ')}; required: ${SERIAL_IMPORT_REQUIRED_COLUMNS.join(', ')}),`,
        'or `application/json`: an array of rows with those field names. A dealer may claim a serial sold to their organization with Register Equipment.',
        'Every row is checked first; one bad row and nothing is written (422, one message per bad value, "Line N" of the file or "Row N" of the array).',
        'Idempotent: a row equal to what is stored writes nothing.',
      ].join(' '),
      body: z.union([z.string(), serialImportJsonBodySchema]),
      response: { 200: importResultSchema, 422: errorBodySchema },
    },
    handler: (request) => answerSerialImport(db, request.body),
  });
};

const integrationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  await app.register(serialImportRoutes, { db });

  app.put('/api/integration/warranty-claims/:id', {
    config: { access: 'integration' },
    schema: {
      tags: ['integration'],
      summary: "Move a warranty claim's status (mailed to the claim's author, shown in its history)",
      description: `${AUTH} \`{ status, message? }\`; status one of Submitted, In Review, Approved, Denied, Parts Shipped, Credited. The same status without a message changes nothing.`,
      params: warrantyClaimParamsSchema,
      body: claimStatusRequestSchema,
      response: { 200: claimStatusResponseSchema, 404: errorBodySchema },
    },
    handler: (request) => setClaimStatusByManufacturer(db, request.params.id, request.body),
  });

  app.post('/api/integration/warranty-claims/:id/order', {
    config: { access: 'integration' },
    schema: {
      tags: ['integration'],
      summary: "Place an approved claim's parts as a no-charge order (once per claim)",
      description: `${AUTH} The order is Pending, of the claim's branch, entered for the claim's author, every line at $0.00; a repeat answers the same order. 409 unless the claim is Approved or Parts Shipped and lists parts.`,
      params: warrantyClaimParamsSchema,
      response: { 200: claimOrderResponseSchema, 404: errorBodySchema, 409: errorBodySchema },
    },
    handler: (request) => placeNoChargeOrder(db, request.params.id),
  });
};

const claimRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/warranty-claims', {
    config: { access: orderHistory },
    schema: {
      tags: ['equipment'],
      summary: "The warranty claims of the user's branches, newest first",
      response: { 200: warrantyClaimListResponseSchema },
    },
    handler: (request) => listClaims(db, principalOf(request)),
  });

  app.get('/api/warranty-claims/parts', {
    config: { access: orderHistory },
    schema: {
      tags: ['equipment'],
      summary: "'Parts Needed': products of the user's catalogs whose SKU or name holds the text",
      description: `q: at least ${CLAIM_PART_SEARCH_MIN_CHARS} characters. At most ${CLAIM_PART_SEARCH_LIMIT} products, the exact SKU first, then SKUs starting with q; \`{ sku, description }\` as a claim's parts take them.`,
      querystring: claimPartSearchQuerySchema,
      response: { 200: claimPartSearchResponseSchema, 400: errorBodySchema },
    },
    handler: (request) => searchClaimParts(db, principalOf(request), request.query.q),
  });

  app.post('/api/warranty-claims', {
    config: { access: orderHistory },
    bodyLimit: CLAIM_BODY_LIMIT,
    schema: {
      tags: ['equipment'],
      summary: "'Submit Claim': a warranty claim for one of the user's units",
      description:
        'Photos: up to 5, each `{ fileName, data }` with the bytes in base64, a JPEG or PNG of at most 10 MB (checked by content; metadata removed). Parts: `{ sku, quantity }`, each SKU once and a product of one of the user’s catalogs (400 otherwise). A unit out of warranty may still file; the claim says so. Sends the `warranty_claim.submitted` event.',
      body: warrantyClaimRequestSchema,
      response: { 200: warrantyClaimSchema, 400: errorBodySchema, 404: errorBodySchema },
    },
    handler: (request) => createClaim(db, principalOf(request), request.body),
  });

  app.get('/api/warranty-claims/:id', {
    config: { access: orderHistory },
    schema: {
      tags: ['equipment'],
      summary: "A warranty claim with its parts, photos and status history; 404 outside the user's branches",
      params: warrantyClaimParamsSchema,
      response: { 200: warrantyClaimSchema, 404: errorBodySchema },
    },
    handler: (request) => claimDetail(db, principalOf(request), request.params.id),
  });

  app.get('/api/warranty-claims/:id/photos/:photoId', {
    config: { access: orderHistory },
    schema: {
      tags: ['equipment'],
      summary: "A claim's photo (image/jpeg or image/png), to the claim's organization only",
      params: warrantyClaimPhotoParamsSchema,
      produces: ['image/jpeg', 'image/png'],
    },
    handler: async (request, reply) => {
      const photo = await claimPhoto(db, principalOf(request), request.params.id, request.params.photoId);
      return reply
        .type(photo.contentType)
        .header('Content-Disposition', `inline; filename="${photo.fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .send(photo.data);
    },
  });
};

/** The list, its CSV and the dashboard count. */
const listRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get('/api/equipment', {
    config: { access: orderHistory },
    schema: {
      tags: ['equipment'],
      summary: "The user's installed equipment, by serial number, a page at a time",
      description:
        "branchNumber: one of the user's branches (every branch of the user's when left out). keyword matches serial, SKU, model, description and location; inspectionDue=true: due within 30 days or overdue; underWarranty=true.",
      querystring: equipmentListQuerySchema,
      response: { 200: equipmentListResponseSchema },
    },
    handler: (request) => listEquipment(db, principalOf(request), request.query),
  });

  app.get('/api/equipment.csv', {
    config: { access: orderHistory },
    schema: {
      tags: ['equipment'],
      summary: `Every unit the list's filters match, as CSV (${EQUIPMENT_EXPORT_FILE_NAME}); columns in docs/api.md`,
      querystring: equipmentListQuerySchema.omit({ page: true, pageSize: true }),
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const csv = await equipmentCsv(db, principalOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${EQUIPMENT_EXPORT_FILE_NAME}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });

  app.get('/api/equipment/inspections-due', {
    config: { access: orderHistory },
    schema: {
      tags: ['equipment'],
      summary: "The dashboard's 'Inspections Due': the user's units due within 30 days or overdue",
      response: { 200: inspectionsDueSchema },
    },
    handler: (request) => inspectionsDue(db, principalOf(request)),
  });
};

/** A unit: Register Equipment, its details, its installation and its inspections. */
const unitRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.post('/api/equipment/register', {
    config: { access: orderHistory },
    schema: {
      tags: ['equipment'],
      summary: "'Register Equipment': claim a serial the manufacturer sold to the organization",
      description:
        "The serial must be in the manufacturer's register as sold to the caller's organization and not yet anyone's unit (400 with the reason; 409 when it is already yours). branchNumber: one of the user's branches.",
      body: registerEquipmentRequestSchema,
      response: { 200: equipmentDetailSchema, 400: errorBodySchema, 409: errorBodySchema },
    },
    handler: (request) => registerEquipment(db, principalOf(request), request.body),
  });

  app.get('/api/equipment/:serialNumber', {
    config: { access: orderHistory },
    schema: {
      tags: ['equipment'],
      summary: "A unit with its inspections and warranty claims; 404 outside the user's branches",
      params: equipmentParamsSchema,
      response: { 200: equipmentDetailSchema, 404: errorBodySchema },
    },
    handler: (request) => equipmentDetail(db, principalOf(request), request.params.serialNumber),
  });

  app.put('/api/equipment/:serialNumber', {
    config: { access: orderHistory },
    schema: {
      tags: ['equipment'],
      summary: "'Installed On' and 'Location' (the end customer's name and address)",
      description:
        'installedOn YYYY-MM-DD or null; not in the future, not before the unit shipped. Warranty then runs from the install date.',
      params: equipmentParamsSchema,
      body: equipmentUpdateRequestSchema,
      response: { 200: equipmentDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
    },
    handler: (request) => updateEquipment(db, principalOf(request), request.params.serialNumber, request.body),
  });

  app.post('/api/equipment/:serialNumber/inspections', {
    config: { access: orderHistory },
    schema: {
      tags: ['equipment'],
      summary: "'Record Inspection': date, inspector, pass or fail, notes; the next inspection is 12 months after the latest",
      params: equipmentParamsSchema,
      body: inspectionRequestSchema,
      response: { 200: equipmentDetailSchema, 400: errorBodySchema, 404: errorBodySchema },
    },
    handler: (request) => recordInspection(db, principalOf(request), request.params.serialNumber, request.body),
  });
};

export const equipmentRoutes: FastifyPluginAsyncZod<{ db: Database; reminderCheckMs: number }> = async (app, { db, reminderCheckMs }) => {
  if (reminderCheckMs > 0) {
    let reminders: { stop: () => void } | undefined;
    app.addHook('onReady', async () => {
      reminders = startInspectionReminders(db, reminderCheckMs, {
        sent: (organizationIds) => app.log.info({ organizationIds }, 'inspection reminders sent'),
        error: (error) => app.log.error({ err: error }, 'inspection reminders failed'),
      });
    });
    app.addHook('onClose', async () => reminders?.stop());
  }
  await app.register(integrationRoutes, { db });
  await app.register(claimRoutes, { db });
  await app.register(listRoutes, { db });
  await app.register(unitRoutes, { db });
};

/**
 * The schemas of installed equipment, inspections, warranty claims and the manufacturer's serial
 * register (issue 37; interface-contract "Equipment"). The rules they rely on are in
 * equipment-rules.ts.
 */
import { z } from 'zod';
import {
  CLAIM_MAX_PARTS,
  CLAIM_MAX_PHOTOS,
  CLAIM_PART_MAX_QUANTITY,
  CLAIM_PART_SEARCH_LIMIT,
  CLAIM_PART_SEARCH_MIN_CHARS,
  EQUIPMENT_DEFAULT_PAGE_SIZE,
  EQUIPMENT_PAGE_SIZES,
  normalizeSerialNumber,
  SERIAL_NUMBER_PATTERN,
  WARRANTY_CLAIM_STATUSES,
} from './equipment-rules.js';
import { importSkuSchema } from './imports.js';
import { INT4_MAX } from './validators-rules.js';
import { safeString } from './validators.js';
import { SERIAL_IMPORT_COLUMNS } from './equipment-rules.js';

const SERIAL_MESSAGE = 'A serial number is 3 to 40 letters, digits, dots, dashes or underscores.';

/** A serial number as sent (any case, spaces around); kept upper-case. */
export const serialNumberSchema = safeString({ error: 'The serial number is required.' })
  .transform(normalizeSerialNumber)
  .pipe(z.string().regex(SERIAL_NUMBER_PATTERN, { error: SERIAL_MESSAGE }));

const calendarDay = (label: string) => z.iso.date({ error: `${label} must be a date written YYYY-MM-DD.` });

const text = (label: string, max: number) =>
  safeString({ error: `${label} must be text.` })
    .trim()
    .max(max, { error: `${label} is longer than ${max} characters.` });

const yes = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

// --- The dealer's calls ------------------------------------------------------------------------------

/** `GET /api/equipment` (and its CSV `GET /api/equipment.csv`, without paging). */
export const equipmentListQuerySchema = z.object({
  /** One branch of the user's; every branch of the user's when left out. */
  branchNumber: z.coerce.number().int().positive().max(INT4_MAX).optional(),
  keyword: text('The keyword', 100).optional(),
  /** Due within 30 days, or overdue. */
  inspectionDue: yes,
  underWarranty: yes,
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (EQUIPMENT_PAGE_SIZES as readonly number[]).includes(n), {
      error: `The page size is one of ${EQUIPMENT_PAGE_SIZES.join(', ')}.`,
    })
    .default(EQUIPMENT_DEFAULT_PAGE_SIZE),
});
export type EquipmentListQuery = z.input<typeof equipmentListQuerySchema>;

export const equipmentSchema = z.object({
  serialNumber: z.string(),
  sku: z.string(),
  model: z.string(),
  description: z.string(),
  branchNumber: z.number().int(),
  /** The order it shipped on, when it came through the portal. */
  documentNumber: z.number().nullable(),
  shippedDate: z.string().nullable(),
  installedOn: z.string().nullable(),
  locationName: z.string(),
  locationAddress: z.string(),
  warrantyMonths: z.number().int().nullable(),
  warrantyEnds: z.string().nullable(),
  underWarranty: z.boolean(),
  lastInspectedOn: z.string().nullable(),
  nextInspection: z.string().nullable(),
  inspectionDue: z.boolean(),
});
export type Equipment = z.infer<typeof equipmentSchema>;

export const equipmentListResponseSchema = z.object({
  equipment: z.array(equipmentSchema),
  totalResults: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type EquipmentListResponse = z.infer<typeof equipmentListResponseSchema>;

export const equipmentParamsSchema = z.object({ serialNumber: serialNumberSchema });

export const inspectionSchema = z.object({
  id: z.number().int(),
  inspectedOn: z.string(),
  inspector: z.string(),
  passed: z.boolean(),
  notes: z.string(),
  recordedBy: z.string(),
});
export type Inspection = z.infer<typeof inspectionSchema>;

export const warrantyClaimStatusSchema = z.enum(WARRANTY_CLAIM_STATUSES, {
  error: `The status must be one of ${WARRANTY_CLAIM_STATUSES.join(', ')}.`,
});

export const warrantyClaimSummarySchema = z.object({
  id: z.number().int(),
  serialNumber: z.string(),
  model: z.string(),
  status: warrantyClaimStatusSchema,
  underWarranty: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WarrantyClaimSummary = z.infer<typeof warrantyClaimSummarySchema>;

export const equipmentDetailSchema = equipmentSchema.extend({
  inspections: z.array(inspectionSchema),
  claims: z.array(warrantyClaimSummarySchema),
});
export type EquipmentDetail = z.infer<typeof equipmentDetailSchema>;

/** `PUT /api/equipment/{serialNumber}`: 'Installed On' and 'Location' (the end customer's name and address). */
export const equipmentUpdateRequestSchema = z.object({
  installedOn: calendarDay('The install date').nullable(),
  locationName: text('The location name', 200).default(''),
  locationAddress: text('The location address', 500).default(''),
});
export type EquipmentUpdateRequest = z.input<typeof equipmentUpdateRequestSchema>;

/** `POST /api/equipment/{serialNumber}/inspections`: 'Record Inspection'. */
export const inspectionRequestSchema = z.object({
  inspectedOn: calendarDay('The inspection date'),
  inspector: text('The inspector', 100).min(1, { error: 'The inspector is required.' }),
  passed: z.boolean({ error: 'Say whether the inspection passed.' }),
  notes: text('The notes', 2000).default(''),
});
export type InspectionRequest = z.input<typeof inspectionRequestSchema>;

/** `POST /api/equipment/register`: 'Register Equipment' claims a serial the manufacturer sold to the organization. */
export const registerEquipmentRequestSchema = z.object({
  serialNumber: serialNumberSchema,
  branchNumber: z.number().int().positive().max(INT4_MAX),
});
export type RegisterEquipmentRequest = z.input<typeof registerEquipmentRequestSchema>;

// --- Warranty claims ---------------------------------------------------------------------------------

export const claimPartSchema = z.object({
  sku: importSkuSchema,
  quantity: z
    .number({ error: 'A part quantity is a whole number.' })
    .int({ error: 'A part quantity is a whole number.' })
    .min(1, { error: 'A part quantity is at least 1.' })
    .max(CLAIM_PART_MAX_QUANTITY, { error: `A part quantity is at most ${CLAIM_PART_MAX_QUANTITY}.` }),
});

/** `GET /api/warranty-claims/parts`: 'Parts Needed' finds products of the dealer's catalogs by SKU or name. */
export const claimPartSearchQuerySchema = z.object({
  q: text('The search', 100).min(CLAIM_PART_SEARCH_MIN_CHARS, {
    error: `Type at least ${CLAIM_PART_SEARCH_MIN_CHARS} characters of a SKU or name.`,
  }),
});
export const claimPartOptionSchema = z.object({ sku: z.string(), description: z.string() });
export type ClaimPartOption = z.infer<typeof claimPartOptionSchema>;
export const claimPartSearchResponseSchema = z.object({ parts: z.array(claimPartOptionSchema).max(CLAIM_PART_SEARCH_LIMIT) });
export type ClaimPartSearchResponse = z.infer<typeof claimPartSearchResponseSchema>;

/** A photo as the claim form sends it: its file name and its bytes in base64 (checked by content, not by name). */
export const claimPhotoUploadSchema = z.object({
  fileName: text('The file name', 200).min(1, { error: 'The file name is required.' }),
  data: z.base64({ error: 'The photo must be sent as base64.' }),
});

/** `POST /api/warranty-claims`: 'Problem Description', 'Photos', 'Parts Needed', 'Submit Claim'. */
export const warrantyClaimRequestSchema = z.object({
  serialNumber: serialNumberSchema,
  problemDescription: text('The problem description', 4000).min(1, { error: 'The problem description is required.' }),
  photos: z
    .array(claimPhotoUploadSchema)
    .max(CLAIM_MAX_PHOTOS, { error: `A claim takes at most ${CLAIM_MAX_PHOTOS} photos.` })
    .default([]),
  parts: z
    .array(claimPartSchema)
    .max(CLAIM_MAX_PARTS, { error: `A claim lists at most ${CLAIM_MAX_PARTS} parts.` })
    .superRefine((parts, ctx) => {
      const seen = new Set<string>();
      for (const [index, part] of parts.entries()) {
        if (seen.has(part.sku))
          ctx.addIssue({ code: 'custom', path: [index, 'sku'], message: `${part.sku} is listed twice; give one quantity.` });
        seen.add(part.sku);
      }
    })
    .default([]),
});
export type WarrantyClaimRequest = z.input<typeof warrantyClaimRequestSchema>;

export const warrantyClaimParamsSchema = z.object({ id: z.coerce.number().int().positive().max(INT4_MAX) });
export const warrantyClaimPhotoParamsSchema = warrantyClaimParamsSchema.extend({
  photoId: z.coerce.number().int().positive().max(INT4_MAX),
});

export const warrantyClaimSchema = warrantyClaimSummarySchema.extend({
  sku: z.string(),
  problemDescription: z.string(),
  createdBy: z.string(),
  parts: z.array(z.object({ sku: z.string(), description: z.string(), quantity: z.number().int() })),
  photos: z.array(z.object({ id: z.number().int(), fileName: z.string(), contentType: z.string(), byteSize: z.number().int() })),
  history: z.array(z.object({ status: warrantyClaimStatusSchema, message: z.string(), changedAt: z.string() })),
  /** The no-charge order of its parts, once the manufacturer has placed it. */
  documentNumber: z.number().nullable(),
});
export type WarrantyClaim = z.infer<typeof warrantyClaimSchema>;

export const warrantyClaimListResponseSchema = z.object({ claims: z.array(warrantyClaimSummarySchema) });

// --- The manufacturer's calls (integration API) ------------------------------------------------------

/** `PUT /api/integration/warranty-claims/{id}`. */
export const claimStatusRequestSchema = z.object({
  status: warrantyClaimStatusSchema,
  message: text('The message', 2000).optional(),
});
export type ClaimStatusRequest = z.input<typeof claimStatusRequestSchema>;

export const claimStatusResponseSchema = z.object({ id: z.number().int(), status: warrantyClaimStatusSchema, changed: z.boolean() });

/** `POST /api/integration/warranty-claims/{id}/order`: the approved claim's parts as a no-charge order. */
export const claimOrderResponseSchema = z.object({ id: z.number().int(), documentNumber: z.number(), created: z.boolean() });

const cellText = (value: string | number) => (typeof value === 'string' ? value.trim() : String(value));

/** One serial of the manufacturer's register (`PUT /api/integration/serials`, `import serials FILE`). */
export const serialImportRowSchema = z.object({
  serialNumber: z.union([z.string(), z.number()]).transform(cellText).pipe(serialNumberSchema),
  sku: importSkuSchema,
  /** The dealer organization the unit was sold to. */
  organizationId: z
    .union([z.number(), z.string()])
    .transform(cellText)
    .pipe(z.string().regex(/^\d{1,10}$/, { error: 'The organization id must be a positive whole number.' }))
    .transform(Number)
    .pipe(z.number().int().min(1, { error: 'The organization id must be a positive whole number.' }).max(INT4_MAX)),
  shippedDate: z
    .union([z.string(), z.number()])
    .transform(cellText)
    .pipe(z.union([z.literal(''), calendarDay('The shipped date')]))
    .optional()
    .transform((v) => (v ? v : null)),
});
export type SerialImportRow = z.output<typeof serialImportRowSchema>;

export const serialImportJsonBodySchema = z.array(
  z.object(Object.fromEntries(SERIAL_IMPORT_COLUMNS.map((c) => [c, z.union([z.string(), z.number(), z.null()]).optional()]))),
);

/** The dashboard's 'Inspections Due' tile. */
export const inspectionsDueSchema = z.object({ count: z.number().int() });

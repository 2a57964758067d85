/**
 * The audit trail (issue 20, interface-contract "Beyond the spec"): who changed what in an
 * organization, when, with the values before and after. Kinds are `<subject>.<action>`.
 */
import { z } from 'zod';
import { coercedId } from './validators.js';
import { AUDIT_KINDS, AUDIT_PAGE_SIZES, AUDIT_DEFAULT_PAGE_SIZE } from './audit-rules.js';

export const auditKindSchema = z.enum(AUDIT_KINDS);

/** `GET /api/organization/audit` query: paged, optionally one acting user and one kind. */
export const auditListQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'The page must be 1 or more.').max(100000, 'The page is too large.').default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (AUDIT_PAGE_SIZES as readonly number[]).includes(n), 'The page size must be 25, 50 or 100.')
    .default(AUDIT_DEFAULT_PAGE_SIZE),
  userId: coercedId().optional(),
  kind: auditKindSchema.optional(),
});
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

const jsonValue = z.unknown();

export const auditEntrySchema = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  /** The acting user (null when that user no longer exists). */
  userId: z.number().int().nullable(),
  userName: z.string(),
  userEmail: z.string(),
  kind: auditKindSchema,
  /** What was changed, in words ('jane@example.com', 'Denver shop'). */
  subject: z.string(),
  subjectId: z.number().int().nullable(),
  before: jsonValue.nullable(),
  after: jsonValue.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditListResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalResults: z.number().int(),
  totalPages: z.number().int(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;

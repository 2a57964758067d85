/**
 * A branch's ship-to address (issue 34, interface-contract "Everyday screens": branches have a
 * ship-to address, which the checkout starts from). Set by the command line (`orgs update
 * --branch-address`) and the integration API (`PUT /api/integration/organizations/{id}/branches/
 * {branchNumber}/ship-to`); the session's organization carries it per branch. Orders ship within
 * the United States, so the country is always US.
 */
import { z } from 'zod';
import { branchSchema } from './api/common.js';
import { isStateCode } from './states.js';
import { coercedId, safeString } from './validators.js';

const ZIP = /^\d{5}(-\d{4})?$/;
const required = (label: string, max: number) =>
  safeString()
    .trim()
    .min(1, { error: `The ${label} is required.` })
    .max(max, { error: `The ${label} is longer than ${max} characters.` });

export const branchShipToSchema = z.object({
  street1: required('street', 100),
  street2: safeString().trim().max(100, { error: 'The second street line is longer than 100 characters.' }).default(''),
  city: required('city', 60),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .refine((value: string): boolean => isStateCode(value), { error: 'The state is not a US state.' }),
  postalCode: z.string().trim().regex(ZIP, { error: 'The ZIP code is invalid.' }),
});
export type BranchShipTo = z.infer<typeof branchShipToSchema>;

/** A branch of the session's organization, with its ship-to address (null: none set). */
export const organizationBranchSchema = branchSchema.extend({ shipTo: branchShipToSchema.nullable().default(null) });
export type OrganizationBranch = z.infer<typeof organizationBranchSchema>;

/** `PUT /api/integration/organizations/{organizationId}/branches/{branchNumber}/ship-to`: the address, or null to clear it. */
export const integrationBranchParamsSchema = z.object({ organizationId: coercedId(), branchNumber: coercedId() });
export const integrationOrganizationParamsSchema = z.object({ organizationId: coercedId() });
export const integrationBranchShipToRequestSchema = z.object({ shipTo: branchShipToSchema.nullable() });
export type IntegrationBranchShipToRequest = z.input<typeof integrationBranchShipToRequestSchema>;
export const integrationBranchesResponseSchema = z.array(organizationBranchSchema);

/**
 * Reads the one-line form ('STREET[, STREET 2], CITY, ST ZIP'), the command line's `--branch-address`.
 * Answers the address, or the message saying what is wrong.
 */
export function parseBranchShipTo(text: string): { ok: true; address: BranchShipTo } | { ok: false; message: string } {
  const parts = text.split(',').map((part) => part.trim());
  const last = parts.pop() ?? '';
  const match = /^([A-Za-z]{2})\s+(\S+)$/.exec(last);
  if (parts.length < 2 || parts.length > 3 || !match) {
    return { ok: false, message: `The address must read "STREET[, STREET 2], CITY, ST ZIP", not "${text}".` };
  }
  const city = parts.pop()!;
  const [street1 = '', street2 = ''] = parts;
  const parsed = branchShipToSchema.safeParse({ street1, street2, city, state: match[1], postalCode: match[2] });
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? 'The address is invalid.' };
  return { ok: true, address: parsed.data };
}

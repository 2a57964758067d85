import { z } from 'zod';
import { ROLE_KEYS } from '../roles.js';
import { isValidEmail } from '../validators-rules.js';
import { organizationBranchSchema } from '../branch-address.js';
import { branchSchema, catalogSchema, subscriptionsSchema } from './common.js';

export const roleMapSchema = z.object(
  Object.fromEntries(ROLE_KEYS.map((key) => [key, z.boolean()])) as Record<(typeof ROLE_KEYS)[number], z.ZodBoolean>,
);

/** Login form and `POST /users/session/login` payload (spec 5, 7). */
export const loginRequestSchema = z.object({
  deviceId: z.string().trim().min(1).max(100),
  email: z
    .string()
    .trim()
    .min(1, { error: 'The email address is required.', abort: true })
    .refine(isValidEmail, { error: 'The email address is invalid.' }),
  password: z.string().min(1, { error: 'The password is required.' }).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  roles: roleMapSchema,
  branches: z.array(branchSchema),
  subscriptions: subscriptionsSchema,
  allowCashSales: z.boolean(),
  restrictedPricing: z.boolean(),
  limitOrderHistory: z.boolean(),
  useOrganizationCatalogs: z.boolean(),
  catalogs: z.array(catalogSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const feesSchema = z.object({
  forklift: z.number(),
  liftgate: z.number(),
  residential: z.number(),
  notice: z.number(),
});
export type Fees = z.infer<typeof feesSchema>;

export const namedItemSchema = z.object({ id: z.string(), name: z.string() });

export const sessionOrganizationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  allowBadgeScan: z.boolean(),
  allowCashSales: z.boolean(),
  allowPriceOverride: z.boolean(),
  allowOnAccount: z.boolean(),
  allowTerminals: z.boolean(),
  allowTakenBy: z.boolean(),
  allowCardPayments: z.boolean(),
  isTaxable: z.boolean(),
  /** Every branch of the organization with its ship-to address (issue 34); the user's own are user.branches. */
  branches: z.array(organizationBranchSchema),
  roles: roleMapSchema,
  catalogs: z.array(catalogSchema),
  fees: feesSchema,
  terminals: z.array(namedItemSchema),
  takenBys: z.array(namedItemSchema),
});
export type SessionOrganization = z.infer<typeof sessionOrganizationSchema>;

/** The session answer of login and refresh; `id` is also the bearer token (spec 3). */
export const sessionSchema = z.object({
  id: z.string(),
  deviceId: z.string(),
  user: sessionUserSchema,
  organization: sessionOrganizationSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/**
 * User administration (spec 2 "User Administration", 3 "Managed user", 5 "User detail / invite",
 * 6 "Roles and permissions", 7 users calls): answers, payloads and the spec's messages.
 */
import { z } from 'zod';
import { branchSchema, subscriptionsSchema } from '../api/common.js';
import { roleMapSchema } from '../api/session.js';
import { ROLE_KEYS } from '../roles.js';
import { coercedId, emailField, idNumber, safeString } from '../validators.js';
import { USER_MESSAGES } from './managed-user-rules.js';

/** The managed user of spec 3, as `GET /api/users` and `GET /api/users/{id}` answer it. */
export const managedUserSchema = z.object({
  id: z.number().int(),
  organizationId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  isActive: z.boolean(),
  isVerified: z.boolean(),
  restrictedPricing: z.boolean(),
  limitOrderHistory: z.boolean(),
  allowCashSales: z.boolean(),
  subscriptions: subscriptionsSchema,
  useOrganizationBranches: z.boolean(),
  useOrganizationRoles: z.boolean(),
  /** The branches the user works in: all of the organization's when inherited. */
  branches: z.array(branchSchema),
  /** The roles the user holds: all of the organization's when inherited. */
  roles: roleMapSchema,
  lastLoginTime: z.string().nullable(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const managedUserListSchema = z.array(managedUserSchema);

const nameField = (message: string) => safeString({ error: message }).trim().min(1, { error: message }).max(100);

export const firstNameField = () => nameField(USER_MESSAGES.firstNameRequired);
export const lastNameField = () => nameField(USER_MESSAGES.lastNameRequired);
export const phoneField = () =>
  safeString({ error: USER_MESSAGES.phoneRequired }).trim().min(1, { error: USER_MESSAGES.phoneRequired }).max(40);

/** A branch in a payload: its number is what counts; the name is informative. */
export const branchRefSchema = z.object({ branchNumber: idNumber(), name: safeString().optional() });
export const roleSelectionSchema = roleMapSchema.partial();

/** The permission fields of a user (spec 6); a user cannot change their own. */
const permissionFields = {
  restrictedPricing: z.boolean(),
  limitOrderHistory: z.boolean(),
  allowCashSales: z.boolean(),
  useOrganizationBranches: z.boolean(),
  useOrganizationRoles: z.boolean(),
  branches: z.array(branchRefSchema).max(500),
  roles: roleSelectionSchema,
};

/** `PUT /api/users` (invite): creates an unverified user and emails an activation link. */
export const userInviteSchema = z.object({
  email: emailField(),
  firstName: firstNameField(),
  lastName: lastNameField(),
  phone: phoneField(),
  restrictedPricing: permissionFields.restrictedPricing.default(false),
  limitOrderHistory: permissionFields.limitOrderHistory.default(false),
  allowCashSales: permissionFields.allowCashSales.default(false),
  useOrganizationBranches: permissionFields.useOrganizationBranches.default(false),
  useOrganizationRoles: permissionFields.useOrganizationRoles.default(false),
  branches: permissionFields.branches.default([]),
  roles: permissionFields.roles.default({}),
  /** The managed user's email subscriptions (spec 3); none when left out. */
  subscriptions: subscriptionsSchema.optional(),
});
export type UserInvite = z.input<typeof userInviteSchema>;

/**
 * `PUT /api/users/{id}` body. With `?type=profile` only firstName, lastName, phone and
 * subscriptions apply (spec 7 notes); otherwise it is an administrator's edit, which must carry the
 * id. A field left out keeps its stored value.
 */
export const userUpdateSchema = z.object({
  id: idNumber({ error: USER_MESSAGES.idRequired }).optional(),
  email: emailField().optional(),
  firstName: firstNameField(),
  lastName: lastNameField(),
  phone: phoneField(),
  subscriptions: subscriptionsSchema.optional(),
  isActive: z.boolean().optional(),
  restrictedPricing: permissionFields.restrictedPricing.optional(),
  limitOrderHistory: permissionFields.limitOrderHistory.optional(),
  allowCashSales: permissionFields.allowCashSales.optional(),
  useOrganizationBranches: permissionFields.useOrganizationBranches.optional(),
  useOrganizationRoles: permissionFields.useOrganizationRoles.optional(),
  branches: permissionFields.branches.optional(),
  roles: permissionFields.roles.optional(),
});
export type UserUpdate = z.input<typeof userUpdateSchema>;

export const userUpdateQuerySchema = z.object({ type: z.enum(['profile']).optional() });
export const userIdParamsSchema = z.object({ id: coercedId() });

/** The administrator's user form (detail and invite): the same rules as the payloads, plus the id when editing. */
export const userFormSchema = z.object({
  email: emailField(),
  firstName: firstNameField(),
  lastName: lastNameField(),
  phone: phoneField(),
  restrictedPricing: z.boolean(),
  limitOrderHistory: z.boolean(),
  allowCashSales: z.boolean(),
  useOrganizationBranches: z.boolean(),
  useOrganizationRoles: z.boolean(),
  branchNumbers: z.array(z.number().int()),
  roleKeys: z.array(z.enum(ROLE_KEYS)),
});
export type UserForm = z.infer<typeof userFormSchema>;

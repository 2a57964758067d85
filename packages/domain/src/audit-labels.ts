/**
 * The audit trail's words for the fields it records (issue 34 "Administration words"): the labels
 * the screens that change them show (user details, profile, address book, saved carts, the
 * organization's settings), never raw field names such as `restrictedPricing`. One map, read by
 * the web app's audit page.
 */
import type { AuditKind } from './audit-rules.js';
import { CHARGE_LABELS } from './cart/charge-kinds.js';
import type { OrganizationFlag } from './organization-flags.js';
import { ROLE_KEYS, ROLE_LABELS, type RoleKey } from './roles.js';
import { USER_OPTION_LABELS } from './users/managed-user-rules.js';
import { SUBSCRIPTION_FIELDS, SUBSCRIPTION_OPTIONS } from './users/profile-rules.js';

/** Fields of users, saved carts and the organization, as their screens label them. */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  email: 'Email',
  phone: 'Phone',
  firstName: 'First Name',
  lastName: 'Last Name',
  isActive: 'Active',
  isVerified: 'Activated',
  subscriptions: 'Email Subscriptions',
  ...USER_OPTION_LABELS,
  useOrganizationRoles: 'All Roles',
  roles: 'Roles',
  useOrganizationBranches: 'All Branches',
  branches: 'Branches',
  name: 'Name',
  branchNumber: 'Branch',
  catalog: 'Catalog',
  items: 'Items',
  flags: 'Settings',
  feesCents: 'Fees (cents)',
  priceListId: 'Price List',
  catalogs: 'Catalogs',
  cardReaders: 'Card Readers',
  salesReps: 'Sales Reps',
  // Nested: the subscriptions and fees.
  ...Object.fromEntries(SUBSCRIPTION_FIELDS.map((f) => [f.key, f.label])),
  ...CHARGE_LABELS,
};

/** The address book dialog's labels (its 'name' is 'Full Name'). */
const ADDRESS_FIELD_LABELS: Record<string, string> = {
  name: 'Full Name',
  street1: 'Address Line 1',
  street2: 'Address Line 2',
  street3: 'Address Line 3',
  city: 'City',
  state: 'State',
  postalCode: 'ZIP Code',
  country: 'Country',
  email: 'Email',
  phone: 'Phone',
};

/** The organization's switches as words. */
export const ORGANIZATION_FLAG_LABELS: Record<OrganizationFlag, string> = {
  allowBadgeScan: 'Badge Scan',
  allowCashSales: 'Cash Sales',
  allowPriceOverride: 'Price Override',
  allowOnAccount: 'On Account',
  allowTerminals: 'Card Reader Terminals',
  allowTakenBy: 'Taken By',
  allowCardPayments: 'Card Payments',
  isTaxable: 'Taxable',
};

/** 'someFieldName' → 'Some field name': a field no screen names still reads as words. */
function wordsOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of a recorded field on an entry of `kind`. */
export function auditFieldLabel(kind: AuditKind | string, key: string): string {
  if (kind.startsWith('address.') && ADDRESS_FIELD_LABELS[key]) return ADDRESS_FIELD_LABELS[key];
  return AUDIT_FIELD_LABELS[key] ?? wordsOf(key);
}

const SUBSCRIPTION_KEYS: readonly string[] = SUBSCRIPTION_FIELDS.map((f) => f.key);

/**
 * A recorded value as the screens word it, where the raw value is a key: role keys become the
 * role labels, organization switches their labels, subscription values the profile's options.
 * Anything else is returned unchanged.
 */
export function auditValueLabel(key: string, value: unknown): unknown {
  if (key === 'roles' && Array.isArray(value)) {
    return value.map((role) => ((ROLE_KEYS as readonly string[]).includes(String(role)) ? ROLE_LABELS[role as RoleKey] : role));
  }
  if (key === 'flags' && Array.isArray(value)) {
    return value.map((flag) => ORGANIZATION_FLAG_LABELS[flag as keyof typeof ORGANIZATION_FLAG_LABELS] ?? flag);
  }
  if (SUBSCRIPTION_KEYS.includes(key) && typeof value === 'string') {
    return SUBSCRIPTION_OPTIONS.find((option) => option.value === value)?.label ?? value;
  }
  return value;
}

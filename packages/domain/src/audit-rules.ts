/** The zod-free rules of audit.ts (its API schemas stay there); exported through src/rules.ts. */

export const AUDIT_KINDS = [
  'user.invite',
  'user.activate',
  'user.deactivate',
  'user.update',
  'address.create',
  'address.update',
  'address.delete',
  'savedCart.create',
  'savedCart.update',
  'savedCart.delete',
  'organization.update',
] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

/** The words the audit page shows for each kind. */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'user.invite': 'User invited',
  'user.activate': 'User activated',
  'user.deactivate': 'User deactivated',
  'user.update': 'User changed',
  'address.create': 'Address added',
  'address.update': 'Address changed',
  'address.delete': 'Address deleted',
  'savedCart.create': 'Saved cart created',
  'savedCart.update': 'Saved cart changed',
  'savedCart.delete': 'Saved cart deleted',
  'organization.update': 'Organization settings changed',
};

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;
export const AUDIT_DEFAULT_PAGE_SIZE = 25;

import type { ManagedUser } from '@portal/domain';

/** The status shown for a user: deactivated, invited but not activated yet, or active. */
export function userStatus(user: ManagedUser): { label: string; color: string } {
  if (!user.isActive) return { label: 'Inactive', color: 'gray' };
  if (!user.isVerified) return { label: 'Pending Activation', color: 'yellow' };
  return { label: 'Active', color: 'teal' };
}

/** The zod-free rules of profile.ts (its API schemas stay there); exported through src/rules.ts. */
import type { SubscriptionValue } from '../api/common.js';

/** Spec 3 subscription values with the profile's option labels (spec 2 "Profile"). */
export const SUBSCRIPTION_OPTIONS: { value: SubscriptionValue; label: string }[] = [
  { value: '', label: 'None' },
  { value: 'owned', label: 'Orders placed by me' },
  { value: 'company', label: 'All orders for the organization' },
];

/** The three subscriptions of the profile (order confirmation, order shipment, order invoice). */
export const SUBSCRIPTION_FIELDS = [
  { key: 'confirmation', label: 'Order Confirmation' },
  { key: 'shipping', label: 'Order Shipment' },
  { key: 'invoice', label: 'Order Invoice' },
] as const;

export const PROFILE_MESSAGES = {
  saved: 'Your profile has been saved.',
  saveFailed: 'Your profile could not be saved. The saved values have been reloaded.',
} as const;

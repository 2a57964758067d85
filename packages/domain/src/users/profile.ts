/** The own profile (spec 2 "Profile", 3 "Subscription values", 5 "Profile", 7 notes). */
import { z } from 'zod';
import { subscriptionsSchema, type SubscriptionValue } from '../api/common.js';
import { firstNameField, lastNameField, phoneField } from './managed-user.js';

/** Profile save sends these (spec 7 notes), to `PUT /api/users/{id}?type=profile`. */
export const profileUpdateSchema = z.object({
  firstName: firstNameField(),
  lastName: lastNameField(),
  phone: phoneField(),
  subscriptions: subscriptionsSchema,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

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

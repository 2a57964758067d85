/** The own profile (spec 2 "Profile", 3 "Subscription values", 5 "Profile", 7 notes). */
import { z } from 'zod';
import { subscriptionsSchema } from '../api/common.js';
import { firstNameField, lastNameField, phoneField } from './managed-user.js';

/** Profile save sends these (spec 7 notes), to `PUT /api/users/{id}?type=profile`. */
export const profileUpdateSchema = z.object({
  firstName: firstNameField(),
  lastName: lastNameField(),
  phone: phoneField(),
  subscriptions: subscriptionsSchema,
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/**
 * The organization's address book (issue 20): saved ship-to addresses with the checkout's fields
 * and the checkout's validation (checkout/ship-to-address.ts `shipToProblems`).
 */
import { z } from 'zod';
import { shipToAddressInputSchema, shipToAddressSchema } from './checkout/ship-to-address.js';
import { coercedId } from './validators.js';

/** A request body: the checkout's ship-to address (street2/street3 may be null or missing). */
export const savedAddressInputSchema = shipToAddressInputSchema;
export type SavedAddressInput = z.output<typeof savedAddressInputSchema>;

export const savedAddressSchema = shipToAddressSchema.extend({ id: z.number().int() });
export type SavedAddress = z.infer<typeof savedAddressSchema>;

export const savedAddressListSchema = z.object({ addresses: z.array(savedAddressSchema) });
export type SavedAddressList = z.infer<typeof savedAddressListSchema>;

export const savedAddressParamsSchema = z.object({ id: coercedId() });

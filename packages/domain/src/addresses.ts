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

export const ADDRESS_BOOK_LIMIT = 500;

export const ADDRESS_MESSAGES = {
  notFound: 'The address was not found.',
  saved: 'The address has been saved.',
  deleted: 'The address has been deleted.',
  limit: `The address book holds at most ${ADDRESS_BOOK_LIMIT} addresses.`,
} as const;

/** One line of an address for lists and the chooser: 'Summit Lift, 100 Main St, Denver, CO 80202'. */
export function addressOneLine(address: Pick<SavedAddress, 'name' | 'street1' | 'street2' | 'city' | 'state' | 'postalCode'>): string {
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.name, address.street1, address.street2, cityLine].filter((part) => part && part.trim()).join(', ');
}

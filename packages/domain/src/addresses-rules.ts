/** The zod-free rules of addresses.ts (its API schemas stay there); exported through src/rules.ts. */
import type { SavedAddress } from './addresses.js';

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

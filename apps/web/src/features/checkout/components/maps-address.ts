import type { ShipToAddress } from '@portal/domain';

/**
 * 'Open On Google Maps' (spec 2 "Checkout page") appears only once there is an address to look
 * up (issue 16): a street, and a city or a ZIP code to place it. Before that a maps search would
 * open on nothing or on a whole state.
 */
export function hasMapsAddress(address: Pick<Partial<ShipToAddress>, 'street1' | 'city' | 'postalCode'>): boolean {
  const filled = (value: string | undefined) => !!value && value.trim().length > 0;
  return filled(address.street1) && (filled(address.city) || /^\d{5}(-?\d{4})?$/.test((address.postalCode ?? '').trim()));
}

/** The zod-free rules of ship-to-address.ts (its API schemas stay there); exported through src/rules.ts. */
import { isStateCode } from '../states.js';
import { isValidEmail } from '../validators-rules.js';
import type { ShipToAddress } from './ship-to-address.js';

const ZIP = /^\d{5}(-?\d{4})?$/;

/** Orders ship within the United States: the Destination State chooser offers the 50 states (spec 2). */
export const SHIP_TO_COUNTRIES = [{ code: 'US', name: 'United States' }] as const;
export const DEFAULT_SHIP_TO_COUNTRY = 'US';

export const EMPTY_SHIP_TO_ADDRESS: ShipToAddress = {
  name: '',
  street1: '',
  street2: '',
  street3: '',
  city: '',
  state: '',
  postalCode: '',
  country: DEFAULT_SHIP_TO_COUNTRY,
  phone: '',
  email: '',
};

/** The wording of the checkout form's field errors (spec 5: 'This field is incomplete.'). */
export const SHIP_TO_MESSAGES = {
  incomplete: 'This field is incomplete.',
  emailRequired: 'The email address is required.',
  emailInvalid: 'The email address is invalid.',
  postalCodeInvalid: 'The ZIP code is invalid.',
  stateInvalid: 'Choose a state.',
  countryInvalid: 'Orders ship within the United States.',
} as const;

/** A US phone number has ten digits (an 11-digit number starting with 1 carries the country code). */
export function isPhoneComplete(value: string): boolean {
  const [main = ''] = value.split(/\s*(?:x|ext\.?)\s*/i);
  const digits = main.replace(/\D/g, '');
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
}

export type AddressField = 'name' | 'street1' | 'city' | 'state' | 'postalCode' | 'country';
/** The address element's fields in the order a reader meets them (focus goes to the first bad one). */
export const ADDRESS_FIELDS: readonly AddressField[] = ['name', 'street1', 'city', 'state', 'postalCode', 'country'];

/** What is missing or wrong in the address element itself (not email or phone), in field order. */
export function addressProblems(address: Partial<ShipToAddress>): { field: AddressField; message: string }[] {
  const problems: { field: AddressField; message: string }[] = [];
  const value = (field: AddressField) => (address[field] ?? '').trim();
  for (const field of ADDRESS_FIELDS) {
    const v = value(field);
    if (!v) problems.push({ field, message: SHIP_TO_MESSAGES.incomplete });
    else if (field === 'state' && !isStateCode(v)) problems.push({ field, message: SHIP_TO_MESSAGES.stateInvalid });
    else if (field === 'postalCode' && !ZIP.test(v)) problems.push({ field, message: SHIP_TO_MESSAGES.postalCodeInvalid });
    else if (field === 'country' && !SHIP_TO_COUNTRIES.some((c) => c.code === v)) {
      problems.push({ field, message: SHIP_TO_MESSAGES.countryInvalid });
    }
  }
  return problems;
}

/** The address element is complete: name, street, city, a known state, a ZIP code and the country. */
export function isAddressComplete(address: Partial<ShipToAddress> | null | undefined): boolean {
  return !!address && addressProblems(address).length === 0;
}

/** Every problem of a ship-to address including its email and phone (the server's check at update). */
export function shipToProblems(address: Partial<ShipToAddress>): { field: keyof ShipToAddress; message: string }[] {
  const problems: { field: keyof ShipToAddress; message: string }[] = addressProblems(address);
  const email = (address.email ?? '').trim();
  if (!email) problems.push({ field: 'email', message: SHIP_TO_MESSAGES.emailRequired });
  else if (!isValidEmail(email)) problems.push({ field: 'email', message: SHIP_TO_MESSAGES.emailInvalid });
  if (!isPhoneComplete(address.phone ?? '')) problems.push({ field: 'phone', message: SHIP_TO_MESSAGES.incomplete });
  return problems;
}

/** One line for a maps search ('Open On Google Maps', spec 2 "Checkout page"). */
export function addressSearchText(address: Partial<ShipToAddress>): string {
  const cityLine = [address.city, [address.state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.street1, address.street2, address.street3, cityLine, address.country].filter((part) => part && part.trim()).join(', ');
}

export function googleMapsSearchUrl(address: Partial<ShipToAddress>): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressSearchText(address))}`;
}

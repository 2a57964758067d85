/**
 * The checkout form (spec 2 "Checkout page", spec 5 "Checkout form"): shipping email required and
 * valid, shipping phone required ('This field is incomplete.'), the address element complete.
 * Fields are declared address first, then email and phone, so the first invalid one gets focus.
 */
import { z } from 'zod';
import {
  DEFAULT_SHIP_TO_COUNTRY,
  isPhoneComplete,
  isStateCode,
  SHIP_TO_COUNTRIES,
  SHIP_TO_MESSAGES,
  type StateCode,
} from '@portal/domain/rules';
import { emailField, type CreateCheckoutRequest, type ShipToAddress, type Session } from '@portal/domain';
import type { CartState } from '@/app/providers/cart';
import type { CheckoutDetailsDraft } from '../api/stored-checkout';

const required = (max: number) => z.string().trim().min(1, { error: SHIP_TO_MESSAGES.incomplete }).max(max);

export const checkoutFormSchema = z.object({
  takenBy: z.string(),
  address: z.object({
    name: required(100),
    street1: required(100),
    street2: z.string().trim().max(100),
    city: required(60),
    state: z.string().refine((value: string): boolean => isStateCode(value), { error: SHIP_TO_MESSAGES.incomplete }),
    postalCode: required(10).regex(/^\d{5}(-?\d{4})?$/, { error: SHIP_TO_MESSAGES.postalCodeInvalid }),
    country: z.string().refine((value) => SHIP_TO_COUNTRIES.some((c) => c.code === value), { error: SHIP_TO_MESSAGES.incomplete }),
  }),
  email: emailField(SHIP_TO_MESSAGES.emailRequired, SHIP_TO_MESSAGES.emailInvalid),
  phone: z.string().trim().refine(isPhoneComplete, { error: SHIP_TO_MESSAGES.incomplete }),
  subscribedMarketing: z.boolean(),
  shippingInstructions: z.string().max(500),
  purchaseOrderNumber: z.string().max(40),
  reference: z.string().max(40),
  taxCertificateNumber: z.string().max(40),
  notes: z.string().max(2000),
});
export type CheckoutFormValues = z.infer<typeof checkoutFormSchema>;

export function shipToAddressOf(values: Pick<CheckoutFormValues, 'address' | 'email' | 'phone'>): ShipToAddress {
  return {
    name: values.address.name.trim(),
    street1: values.address.street1.trim(),
    street2: values.address.street2.trim(),
    street3: '',
    city: values.address.city.trim(),
    state: values.address.state,
    postalCode: values.address.postalCode.trim(),
    country: values.address.country,
    phone: values.phone.trim(),
    email: values.email.trim(),
  };
}

/** Whether a draft's address holds nothing typed (a draft of other fields also stores an empty address). */
function isEmptyDraftAddress(a: Partial<ShipToAddress>): boolean {
  return ![a.name, a.street1, a.street2, a.city, a.postalCode].some((v) => (v ?? '').trim() !== '');
}

/**
 * The branch's ship-to address as the form's address (issue 34: the checkout starts from it), named
 * after the organization and branch; null when the branch has none.
 */
export function branchAddressOf(session: Session, branchNumber: number | null): Partial<ShipToAddress> | null {
  const branch = session.organization.branches.find((b) => b.branchNumber === branchNumber);
  if (!branch?.shipTo) return null;
  return { name: `${session.organization.name} - ${branch.name}`, ...branch.shipTo, country: DEFAULT_SHIP_TO_COUNTRY };
}

/**
 * Starting values: the saved draft; where the draft holds no typed address (or there is no draft),
 * the cart branch's ship-to address; else the destination state. Email and phone: the draft's, else
 * the session user's. These are the form's default values, never a reset over what was typed.
 */
export function initialFormValues(
  session: Session,
  destinationState: StateCode | null,
  draft: CheckoutDetailsDraft | null,
  branchNumber: number | null = null,
): CheckoutFormValues {
  const drafted = draft?.shipToAddress ?? {};
  const branchAddress = isEmptyDraftAddress(drafted) ? branchAddressOf(session, branchNumber) : null;
  const a = branchAddress ? { ...drafted, ...branchAddress } : drafted;
  return {
    takenBy: draft?.takenBy ?? '',
    address: {
      name: a.name ?? '',
      street1: a.street1 ?? '',
      street2: a.street2 ?? '',
      city: a.city ?? '',
      state: a.state || destinationState || '',
      postalCode: a.postalCode ?? '',
      country: a.country || DEFAULT_SHIP_TO_COUNTRY,
    },
    email: a.email ?? session.user.email,
    phone: a.phone ?? session.user.phone,
    subscribedMarketing: draft?.subscribedMarketing ?? false,
    shippingInstructions: draft?.shippingInstructions ?? '',
    purchaseOrderNumber: draft?.purchaseOrderNumber ?? '',
    reference: draft?.reference ?? '',
    taxCertificateNumber: draft?.taxCertificateNumber ?? '',
    notes: draft?.notes ?? '',
  };
}

export function draftOf(values: CheckoutFormValues): CheckoutDetailsDraft {
  return {
    takenBy: values.takenBy,
    shipToAddress: shipToAddressOf(values),
    subscribedMarketing: values.subscribedMarketing,
    shippingInstructions: values.shippingInstructions,
    purchaseOrderNumber: values.purchaseOrderNumber,
    reference: values.reference,
    taxCertificateNumber: values.taxCertificateNumber,
    notes: values.notes,
  };
}

/** The cart, reduced to what creating a checkout sends (spec 7: the cart without ship-to address). */
export function createRequestOf(cart: CartState, destinationState: StateCode | null, email: string): CreateCheckoutRequest | null {
  if (!cart.catalog || cart.branchNumber === null || cart.items.length === 0) return null;
  return {
    catalog: cart.catalog,
    branchNumber: cart.branchNumber,
    shipToState: destinationState,
    email,
    items: cart.items.map((item) => ({ sku: item.sku, quantity: item.quantity, price: item.price, priceOverride: item.priceOverride })),
    choices: cart.choices,
    // Spec 2: the dealer's forklift confirmation, which only a cart with flatbed items needs.
    flatbedConfirmed: cart.charges.flatbed.required && cart.flatbedConfirmed,
    grandTotal: cart.grandTotal,
  };
}

/**
 * Whether a stored checkout was made from this very cart. The flatbed confirmation is part of it:
 * a checkout created with the confirmation is not reused for a cart that lost it (a reload of
 * /checkout), which is refused and sent back to the cart instead.
 */
export function cartKeyOf(request: CreateCheckoutRequest): string {
  const { email: _email, grandTotal: _total, ...rest } = request;
  return JSON.stringify(rest);
}

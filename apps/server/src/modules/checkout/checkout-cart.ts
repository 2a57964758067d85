/**
 * The checkout's own copy of the cart (spec 3 "Cart"): built from the server's pricing, never from
 * the client's amounts, and its totals with taxes. Arithmetic in integer cents (server-rules
 * "Money"); the stored cart carries dollars as the API does.
 */
import {
  calculateTaxCents,
  centsToDollars,
  CHARGE_KINDS,
  dollarsToCents,
  itemsSubTotalCents,
  type CheckoutCart,
  type ShipToAddress,
} from '@portal/domain';
import type { OrganizationRow } from '../auth/principal.js';
import type { PricedCartResult } from '../cart/service.js';

export type CartCents = { itemsCents: number; chargesCents: number; taxCents: number; discountCents: number; grandTotalCents: number };

/** Charges counted in the totals: required and not declined (spec 3 "Charges"). */
export function chargesCentsOf(cart: Pick<CheckoutCart, 'charges'>): number {
  return CHARGE_KINDS.reduce((sum, kind) => {
    const charge = cart.charges[kind];
    return charge.required && !charge.declined ? sum + dollarsToCents(charge.amount) : sum;
  }, 0);
}

export function centsOf(cart: CheckoutCart): CartCents {
  const itemsCents = itemsSubTotalCents(cart.items);
  const chargesCents = chargesCentsOf(cart);
  const taxCents = dollarsToCents(cart.taxes);
  const discountCents = dollarsToCents(cart.discount);
  return { itemsCents, chargesCents, taxCents, discountCents, grandTotalCents: itemsCents + chargesCents + taxCents - discountCents };
}

/** The cart with new taxes; the grand total follows. */
function withTaxes(cart: CheckoutCart, taxCents: number, taxesVerified: boolean): CheckoutCart {
  const { itemsCents, chargesCents, discountCents } = centsOf(cart);
  return {
    ...cart,
    itemsSubTotal: centsToDollars(itemsCents),
    chargesSubTotal: centsToDollars(chargesCents),
    taxes: centsToDollars(taxCents),
    taxesVerified,
    grandTotal: centsToDollars(itemsCents + chargesCents + taxCents - discountCents),
  };
}

/** Taxes of the cart shipped to `state` (server-rules "Tax": taxable organization, no certificate). */
function taxCentsFor(cart: CheckoutCart, organization: OrganizationRow, state: string, taxCertificateNumber: string): number {
  return calculateTaxCents({
    organizationTaxable: organization.isTaxable,
    taxCertificateNumber,
    state,
    itemsCents: itemsSubTotalCents(cart.items),
    chargesCents: chargesCentsOf(cart),
  });
}

/**
 * The cart with the taxes of its own stored state (issue 31): the state of its ship-to address
 * (the destination state until there is one) and its certificate. The only way a checkout's taxes
 * are set, so stored taxes always belong to the stored address and certificate. Verified once
 * there is an address (spec 2 'Estimated' before).
 */
export function taxedFor(cart: CheckoutCart, organization: OrganizationRow): CheckoutCart {
  const state = cart.shipToAddress?.state || cart.shipToState;
  return withTaxes(cart, taxCentsFor(cart, organization, state, cart.taxCertificateNumber), cart.shipToAddress !== null);
}

/** The form's texts a new checkout may already carry (the spec's cart has them). */
export type CheckoutCartDetails = Pick<
  CheckoutCart,
  'purchaseOrderNumber' | 'reference' | 'taxCertificateNumber' | 'notes' | 'shippingInstructions'
>;

export function newCheckoutCart(
  priced: PricedCartResult,
  organization: OrganizationRow,
  options: { email: string; checkoutId: string; details?: Partial<CheckoutCartDetails> },
): CheckoutCart {
  const details = options.details ?? {};
  const cart: CheckoutCart = {
    branchNumber: priced.branchNumber,
    email: options.email,
    catalog: priced.catalog,
    shipToState: priced.shipToState,
    items: priced.items,
    charges: priced.charges,
    shipToAddress: null,
    purchaseOrderNumber: details.purchaseOrderNumber ?? '',
    reference: details.reference ?? '',
    taxCertificateNumber: details.taxCertificateNumber ?? '',
    notes: details.notes ?? '',
    shippingInstructions: details.shippingInstructions ?? '',
    shipvia: priced.shipvia,
    checkoutId: options.checkoutId,
    itemsSubTotal: priced.itemsSubTotal,
    chargesSubTotal: priced.chargesSubTotal,
    taxes: 0,
    taxesVerified: false,
    discount: 0,
    grandTotal: priced.grandTotal,
  };
  // A new checkout's taxes are estimated for the destination state (spec 2 'Estimated').
  return taxedFor(cart, organization);
}

/** The order's ship-to columns from the checkout's address. */
export function shipToColumns(address: ShipToAddress | null) {
  return {
    shipToName: address?.name ?? '',
    shipToAddress1: address?.street1 ?? '',
    shipToAddress2: address?.street2 ?? '',
    shipToAddress3: address?.street3 ?? '',
    shipToCity: address?.city ?? '',
    shipToState: address?.state ?? '',
    shipToPostalCode: address?.postalCode ?? '',
    shipToEmail: address?.email ?? '',
    shipToPhone: address?.phone ?? '',
  };
}

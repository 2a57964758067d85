/**
 * The checkout's own copy of the cart (spec 3 "Cart"): built from the server's pricing, never from
 * the client's amounts, and its totals with taxes. Arithmetic in integer cents (server-rules
 * "Money"); the stored cart carries dollars as the API does.
 */
import {
  calculateTaxCents,
  centsToDollars,
  chargesSubTotalCents,
  dollarsToCents,
  grandTotalCents,
  itemsSubTotalCents,
} from '@portal/domain/rules';
import type { CheckoutCart, ShipToAddress } from '@portal/domain';
import type { CallerOrganization } from '../../http/principal.js';
import type { PricedCartResult } from '../cart/index.js';

export type CartCents = { itemsCents: number; chargesCents: number; taxCents: number; discountCents: number; grandTotalCents: number };

/** The cart's totals in cents: its charges counted as the domain counts them (required and not declined). */
export function centsOf(cart: CheckoutCart): CartCents {
  const parts = {
    itemsCents: itemsSubTotalCents(cart.items),
    chargesCents: chargesSubTotalCents(cart.charges),
    taxCents: dollarsToCents(cart.taxes),
    discountCents: dollarsToCents(cart.discount),
  };
  return { ...parts, grandTotalCents: grandTotalCents(parts) };
}

/** The cart with new taxes; the grand total follows. */
function withTaxes(cart: CheckoutCart, taxCents: number, taxesVerified: boolean): CheckoutCart {
  const { itemsCents, chargesCents, discountCents } = centsOf(cart);
  const total = grandTotalCents({ itemsCents, chargesCents, taxCents, discountCents });
  return {
    ...cart,
    itemsSubTotal: centsToDollars(itemsCents),
    chargesSubTotal: centsToDollars(chargesCents),
    taxes: centsToDollars(taxCents),
    taxesVerified,
    grandTotal: centsToDollars(total),
  };
}

/** Taxes of the cart shipped to `state` (server-rules "Tax": taxable organization, no certificate). */
function taxCentsFor(cart: CheckoutCart, organization: CallerOrganization, state: string, taxCertificateNumber: string): number {
  return calculateTaxCents({
    organizationTaxable: organization.isTaxable,
    taxCertificateNumber,
    state,
    itemsCents: itemsSubTotalCents(cart.items),
    chargesCents: chargesSubTotalCents(cart.charges),
  });
}

/**
 * The cart with the taxes of its own stored state (issue 31): the state of its ship-to address
 * (the destination state until there is one) and its certificate. The only way a checkout's taxes
 * are set, so stored taxes always belong to the stored address and certificate. Verified once
 * there is an address (spec 2 'Estimated' before).
 */
export function taxedFor(cart: CheckoutCart, organization: CallerOrganization): CheckoutCart {
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
  organization: CallerOrganization,
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

/**
 * Which ways to pay an order may use (spec 6 "Organizations" and "Users", spec 4 "Checkout",
 * server-rules "Checkout and payment"). The server enforces these rules and the checkout page
 * offers exactly what they allow, so both ask this module.
 */

/** The organization's switches that decide how its orders may be paid. */
export type OrganizationPaymentFlags = {
  allowCardPayments: boolean;
  allowOnAccount: boolean;
  allowCashSales: boolean;
  allowTerminals: boolean;
};

/** The user's own switch: cash needs it as well as the organization's. */
export type UserPaymentFlags = { allowCashSales: boolean };

/**
 * Card, on account, cash and terminal are the organization's payment methods; without any of
 * them no checkout can be opened (code 2001 "no payment methods").
 */
export function hasPaymentMethod(organization: OrganizationPaymentFlags): boolean {
  return organization.allowCardPayments || organization.allowOnAccount || organization.allowCashSales || organization.allowTerminals;
}

/** Cash sales need both the organization's and the user's permission (spec 6). */
export function mayTakeCash(organization: Pick<OrganizationPaymentFlags, 'allowCashSales'>, user: UserPaymentFlags): boolean {
  return organization.allowCashSales && user.allowCashSales;
}

/** Cards and card readers are paid through a payment intent; on account and cash need none. */
export function needsPaymentIntent(organization: Pick<OrganizationPaymentFlags, 'allowCardPayments' | 'allowTerminals'>): boolean {
  return organization.allowCardPayments || organization.allowTerminals;
}

/** The ways to pay an open checkout offers, one switch each. */
export type CheckoutPaymentMethods = {
  /** Place the order on terms: the checkout was opened on account, so no card is taken. */
  onAccount: boolean;
  /** Pay by card in the page (payment element). */
  card: boolean;
  /** Complete the order with cash. */
  cash: boolean;
  /** Send the payment to one of the organization's card readers. */
  terminal: boolean;
};

/**
 * What an open checkout offers (spec 4 "Checkout", spec 6): on account skips the card payment;
 * cards and card readers need the checkout's payment intent, readers also at least one reader;
 * cash needs the organization and the user.
 */
export function checkoutPaymentMethods(input: {
  organization: OrganizationPaymentFlags;
  user: UserPaymentFlags;
  checkout: { onAccount: boolean; paymentIntentId: string };
  terminalCount: number;
}): CheckoutPaymentMethods {
  const { organization, user, checkout } = input;
  const hasIntent = checkout.paymentIntentId !== '';
  return {
    onAccount: checkout.onAccount,
    card: organization.allowCardPayments && !checkout.onAccount && hasIntent,
    cash: mayTakeCash(organization, user),
    terminal: organization.allowTerminals && input.terminalCount > 0 && hasIntent,
  };
}

/** Why the server refuses the way to pay the form chose for an unpaid order (on account or cash). */
export type PaymentChoiceRefusal = 'onAccountAndCash' | 'onAccountNotAllowed' | 'cashNotAllowed';

/**
 * Checks the form's choice of an order without payment (PUT /checkout): on account and cash
 * exclude each other, on account needs the organization's switch, cash both switches.
 * Answers null when the choice stands.
 */
export function paymentChoiceRefusal(
  organization: OrganizationPaymentFlags,
  user: UserPaymentFlags,
  choice: { onAccount: boolean; cashOrder: boolean },
): PaymentChoiceRefusal | null {
  if (choice.onAccount && choice.cashOrder) return 'onAccountAndCash';
  if (choice.onAccount && !organization.allowOnAccount) return 'onAccountNotAllowed';
  if (choice.cashOrder && !mayTakeCash(organization, user)) return 'cashNotAllowed';
  return null;
}

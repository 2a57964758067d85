/** The checkout's words of spec 8 ("Notifications"), exactly as worded there. */
export const CHECKOUT_MESSAGES = {
  /** Code 8000 (409): shown after the session and the cart have been refreshed. */
  pricesChanged: 'The cart prices have changed. Please review your order and try again.',
  /** Code 8001 (422); `host` is the sales address (GET /api/client-config `salesEmail`). */
  noPaymentMethods: (host: string) =>
    `Your organization has no allowed payment methods. Email the sales address at ${host} to update your account.`,
  /** Code 8002 (422, issue 36): an on-account order beyond the available credit (`amount` formatted, $1,234.50). */
  creditExceeded: (amount: string) => `This order exceeds your available credit of ${amount}.`,
  /** Any other failure to create the checkout. */
  serverError: 'The server encountered an error. Please try again later.',
  /** The checkout update (or completion) failed. */
  submitFailed: 'An unknown error has occurred. Please try again later.',
  /** Card, validation and invalid-email errors show the provider's message, or this by default. */
  paymentDefault: 'The payment could not be processed.',
  /** Any other payment error. */
  paymentError: 'There was an error while processing your payment.',
  taxesChanged: 'The taxes and total have changed. Please review the new totals.',
} as const;

/** Server refusals of the checkout calls (not in spec 8, which leaves server texts open). */
export const CHECKOUT_SERVER_MESSAGES = {
  notFound: 'The checkout was not found.',
  notOpen: 'This checkout is no longer open.',
  alreadyCompleted: 'This checkout has already been completed.',
  onAccountNotAllowed: 'Your organization does not allow orders on account.',
  cashNotAllowed: 'Cash sales are not allowed for your account.',
  cardNotAllowed: 'Your organization does not allow card payments.',
  takenByNotAllowed: 'Your organization does not allow orders taken by a sales rep.',
  takenByUnknown: 'Please select a sales rep',
  priceOverrideNotAllowed: 'Your organization does not allow price overrides.',
  onAccountAndCash: 'An order is either on account or a cash sale, not both.',
  paymentNotCompleted: 'The payment has not been completed.',
  missingDetails: 'The checkout has no shipping details yet.',
  /** A cart with flatbed items whose forklift confirmation was not ticked (spec 2). */
  flatbedNotConfirmed: 'Please confirm that a forklift is available at the destination to unload the flatbed items.',
  /** Completion found a total that differs from what the checkout's stored state costs (issue 31). */
  totalMismatch: 'The order total has changed. Please review the new totals.',
  /** Another change of the same checkout kept winning the race (several tabs sending at once). */
  changedMeanwhile: 'The checkout was changed at the same time. Please try again.',
  readerNotFound: 'The card reader was not found.',
  emptyCart: 'The cart is empty.',
} as const;

/** Spec 9: the tax recalculation waits for 1 second of quiet. */
export const TAX_RECALCULATION_DEBOUNCE_MS = 1000;

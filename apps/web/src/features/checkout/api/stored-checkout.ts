/**
 * What the checkout keeps in the browser (spec 3 "Checkout record ... stored locally under a
 * checkout key"): the current checkout per user, the form's details so a return to the cart keeps
 * them (spec 4 "Checkout" step 4), and the last card reader for the browser session (spec 4
 * "Terminal flow"). Logout clears what belongs to the session.
 */
import { z } from 'zod';
import { shipToAddressSchema, type CreateCheckoutResponse } from '@portal/domain';
import { onSessionCleared, sessionStore } from '@/lib/session-store';
import { readJson, writeJson } from '@/lib/storage';

const CHECKOUT_PREFIX = 'portal.checkout.';
const DETAILS_PREFIX = 'portal.checkout-details.';
const LAST_READER_KEY = 'portal.checkout.lastReader';

const storedCheckoutSchema = z.object({
  confirmationNumber: z.string(),
  paymentIntentId: z.string(),
  paymentIntentSecret: z.string(),
  onAccount: z.boolean(),
  /** The cart it was created from (items, prices, choices, branch, state), to tell whether it still matches. */
  cartKey: z.string(),
});
export type StoredCheckout = z.infer<typeof storedCheckoutSchema>;

/** The checkout form's values as a draft (see checkout-form.ts). */
export const checkoutDetailsSchema = z.object({
  takenBy: z.string().catch(''),
  shipToAddress: shipToAddressSchema.partial().catch({}),
  subscribedMarketing: z.boolean().catch(false),
  shippingInstructions: z.string().catch(''),
  purchaseOrderNumber: z.string().catch(''),
  reference: z.string().catch(''),
  taxCertificateNumber: z.string().catch(''),
  notes: z.string().catch(''),
});
export type CheckoutDetailsDraft = z.infer<typeof checkoutDetailsSchema>;

const currentEmail = () => sessionStore.get().session?.user.email.toLowerCase() ?? null;

export function readStoredCheckout(): StoredCheckout | null {
  const email = currentEmail();
  if (!email) return null;
  const parsed = storedCheckoutSchema.safeParse(readJson(CHECKOUT_PREFIX + email));
  return parsed.success ? parsed.data : null;
}

export function storeCheckout(checkout: CreateCheckoutResponse & { onAccount: boolean; cartKey: string }): void {
  const email = currentEmail();
  if (email) writeJson(CHECKOUT_PREFIX + email, storedCheckoutSchema.parse(checkout));
}

export function clearStoredCheckout(): void {
  const email = currentEmail();
  if (email) writeJson(CHECKOUT_PREFIX + email, null);
}

export function readCheckoutDetails(): CheckoutDetailsDraft | null {
  const email = currentEmail();
  if (!email) return null;
  const parsed = checkoutDetailsSchema.safeParse(readJson(DETAILS_PREFIX + email));
  return parsed.success ? parsed.data : null;
}

export function saveCheckoutDetails(details: CheckoutDetailsDraft): void {
  const email = currentEmail();
  if (email) writeJson(DETAILS_PREFIX + email, details);
}

/** The ship-to details end with the order (spec 2 "Checkout confirmation"). */
export function clearCheckoutDetails(): void {
  const email = currentEmail();
  if (email) writeJson(DETAILS_PREFIX + email, null);
}

/** Remembered for the browser session only (spec 4). */
export function readLastReader(): string | null {
  try {
    return window.sessionStorage.getItem(LAST_READER_KEY);
  } catch {
    return null;
  }
}

export function rememberLastReader(readerId: string): void {
  try {
    window.sessionStorage.setItem(LAST_READER_KEY, readerId);
  } catch {
    // Storage disabled: the reader is simply not preselected next time.
  }
}

onSessionCleared(() => {
  const email = currentEmail();
  if (!email) return;
  writeJson(CHECKOUT_PREFIX + email, null);
  writeJson(DETAILS_PREFIX + email, null);
});

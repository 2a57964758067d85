/**
 * The first step of every way to pay (spec 2 "Checkout page"): the form's details are kept as the
 * draft and sent with PUT /checkout. The answer's totals replace the shown ones; when they changed
 * (the taxes were recalculated) the dealer looks again before paying.
 */
import type { FieldPath, UseFormReturn } from 'react-hook-form';
import { CHECKOUT_MESSAGES } from '@portal/domain/rules';
import type { SessionOrganization } from '@portal/domain';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { updateCheckout } from '../api/checkout-api';
import { saveCheckoutDetails } from '../api/stored-checkout';
import { draftOf, shipToAddressOf, type CheckoutFormValues } from './checkout-form';
import type { OpenCheckout } from './use-checkout-setup';
import { totalsChanged, type Totals } from './use-tax-recalculation';

export type PaymentMode = 'onAccount' | 'card' | 'cash' | 'terminal';

export type CheckoutDetailsTarget = {
  form: UseFormReturn<CheckoutFormValues>;
  organization: SessionOrganization;
  checkout: OpenCheckout['checkout'];
  totals: Totals;
  onTotals: (totals: Totals) => void;
};

/** Server field names (`shipToAddress.street1`) to the form's (`address.street1`). */
function formFieldOf(field: string): FieldPath<CheckoutFormValues> | null {
  const [head, tail] = field.split('.');
  if (head === 'takenBy') return 'takenBy';
  if (head !== 'shipToAddress' || !tail) return null;
  if (tail === 'email' || tail === 'phone') return tail;
  if (['name', 'street1', 'street2', 'city', 'state', 'postalCode', 'country'].includes(tail))
    return `address.${tail}` as FieldPath<CheckoutFormValues>;
  return null;
}

/** A 400's messages on the form's fields, focus on the first; false when none names a field of the form. */
function showFieldErrors(form: CheckoutDetailsTarget['form'], error: ApiError): boolean {
  let focused = false;
  for (const { field, message } of error.body.messages) {
    const name = formFieldOf(field);
    if (!name) continue;
    form.setError(name, { message }, { shouldFocus: !focused });
    focused = true;
  }
  return focused;
}

/** PUT /checkout with the form's details; false when the dealer must look again. */
export async function submitCheckoutDetails(
  { form, organization: org, checkout, totals, onTotals }: CheckoutDetailsTarget,
  values: CheckoutFormValues,
  mode: PaymentMode,
): Promise<boolean> {
  saveCheckoutDetails(draftOf(values));
  try {
    const answer = await updateCheckout({
      confirmationNumber: checkout.confirmationNumber,
      shipToAddress: shipToAddressOf(values),
      purchaseOrderNumber: values.purchaseOrderNumber.trim(),
      reference: values.reference.trim(),
      notes: values.notes.trim(),
      shippingInstructions: values.shippingInstructions.trim(),
      onAccount: mode === 'onAccount',
      cashOrder: mode === 'cash',
      takenBy: org.allowTakenBy ? values.takenBy : '',
      taxCertificateNumber: org.isTaxable ? values.taxCertificateNumber.trim() : '',
      subscribedMarketing: values.subscribedMarketing,
    });
    const changed = totalsChanged(totals, answer);
    onTotals(answer);
    if (changed) {
      notify.warning(CHECKOUT_MESSAGES.taxesChanged);
      return false;
    }
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return false;
    if (error instanceof ApiError && error.status === 400 && showFieldErrors(form, error)) return false;
    notify.error(CHECKOUT_MESSAGES.submitFailed);
    return false;
  }
}

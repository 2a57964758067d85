/**
 * 'Scan QR Code' on the checkout page (spec 2 "Checkout page": fills address and email from an
 * event badge). The camera runs only while the modal is open (components/qr-scan-modal). A
 * decoded payload goes to the badge lookup (interface-contract.md: `POST /api/event/badge-lookup`).
 */
import type { UseFormReturn } from 'react-hook-form';
import { isStateCode, SHIP_TO_COUNTRIES, SHIP_TO_MESSAGES } from '@portal/domain/rules';
import type { BadgeDetails } from '@portal/domain';
import { notifyBadgeFailure, QrScanModal } from '@/components/qr-scan-modal';
import { api } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import type { CheckoutFormValues } from './checkout-form';

export const lookUpBadge = (payload: string) => api<BadgeDetails>('/api/event/badge-lookup', { method: 'POST', body: { payload } });

/** Fills the ship-to name, address, phone and email from a badge; fields the badge leaves empty stay. */
export function fillFromBadge(form: UseFormReturn<CheckoutFormValues>, badge: BadgeDetails): void {
  const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  const set = (name: Parameters<typeof form.setValue>[0], value: string) => {
    if (value.trim()) form.setValue(name, value.trim(), options);
  };
  set('address.name', `${badge.firstName} ${badge.lastName}`.trim() || badge.company);
  set('address.street1', badge.address1);
  form.setValue('address.street2', badge.address2.trim(), options);
  set('address.city', badge.city);
  const state = badge.state.trim().toUpperCase();
  if (isStateCode(state)) form.setValue('address.state', state, options);
  set('address.postalCode', badge.zip);
  // The country select offers only the ship-to countries; a badge from elsewhere cannot ship (spec 2).
  if (SHIP_TO_COUNTRIES.some((c) => c.code === badge.country)) form.setValue('address.country', badge.country, options);
  else if (badge.country) notify.warning(SHIP_TO_MESSAGES.countryInvalid);
  set('phone', badge.phone);
  set('email', badge.email);
}

export function BadgeScanModal({
  opened,
  onClose,
  onBadge,
}: {
  opened: boolean;
  onClose: () => void;
  onBadge: (badge: BadgeDetails) => void;
}) {
  const onDecoded = (payload: string) => lookUpBadge(payload).then(onBadge, notifyBadgeFailure);
  return <QrScanModal opened={opened} onClose={onClose} onDecoded={(payload) => void onDecoded(payload)} />;
}

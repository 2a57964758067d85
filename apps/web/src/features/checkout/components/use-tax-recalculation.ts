/**
 * Tax recalculation (spec 4 "Tax recalculation", spec 9): only when the organization is taxable,
 * the address is complete, and city, state, postal code, country or the presence of a tax
 * certificate changed since the last run; 1 second after the last change. When the totals change,
 * the dealer is warned (spec 8).
 *
 * A query keyed by those inputs (TanStack Query): the page only ever reads the answer for the
 * address it shows, and a recalculation whose inputs were changed meanwhile is cancelled through
 * the api client's AbortSignal, so an older answer can never overwrite newer totals.
 */
import { useEffect, useRef, useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { skipToken, useQuery } from '@tanstack/react-query';
import { CHECKOUT_MESSAGES, sameCents, TAX_RECALCULATION_DEBOUNCE_MS, taxRecalculationKey } from '@portal/domain/rules';
import type { ShipToAddress } from '@portal/domain';
import { notify } from '@/lib/notify';
import { calculateTaxes } from '../api/checkout-api';

export type Totals = { taxes: number; grandTotal: number; taxesVerified: boolean };

type Options = {
  organizationTaxable: boolean;
  confirmationNumber: string | null;
  paymentIntentId: string;
  address: ShipToAddress;
  taxCertificateNumber: string;
  totals: Totals | null;
  onTotals: (totals: Totals) => void;
};

/** Whether new totals differ from the ones shown, so the dealer must review them. */
export function totalsChanged(before: Pick<Totals, 'taxes' | 'grandTotal'> | null, after: Pick<Totals, 'taxes' | 'grandTotal'>): boolean {
  return !!before && (!sameCents(before.taxes, after.taxes) || !sameCents(before.grandTotal, after.grandTotal));
}

export function useTaxRecalculation(options: Options): void {
  const { organizationTaxable, confirmationNumber, paymentIntentId, address, taxCertificateNumber } = options;
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  // The inputs once they have stayed the same for the debounce time (Mantine's debounced callback,
  // cancelled on unmount); null until then, so nothing is recalculated as the page opens.
  const key = taxRecalculationKey({ organizationTaxable, address, taxCertificateNumber });
  const [inputs, setInputs] = useState<string | null>(null);
  const settle = useDebouncedCallback(setInputs, TAX_RECALCULATION_DEBOUNCE_MS);
  useEffect(() => settle(key), [key, settle]);
  const recalculation = useQuery({
    queryKey: ['checkout', confirmationNumber, 'taxes', inputs],
    // The request carries the address as it is when its inputs settled (this render's).
    queryFn:
      confirmationNumber !== null && inputs !== null
        ? ({ signal }) =>
            calculateTaxes({ paymentIntentId, confirmationNumber, isPickup: false, shipToAddress: address, taxCertificateNumber }, signal)
        : skipToken,
    // Each change of inputs asks the server again (it keeps the checkout's taxes); a failure leaves
    // the taxes 'Estimated' until the next change or the order's submission computes them.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

  const answer = recalculation.data;
  useEffect(() => {
    if (!answer) return;
    const { totals, onTotals } = latest.current;
    if (totalsChanged(totals, answer)) notify.warning(CHECKOUT_MESSAGES.taxesChanged);
    onTotals(answer);
  }, [answer]);
}

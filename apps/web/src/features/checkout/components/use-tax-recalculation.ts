/**
 * Tax recalculation (spec 4 "Tax recalculation", spec 9): only when the organization is taxable,
 * the address is complete, and city, state, postal code, country or the presence of a tax
 * certificate changed since the last run; 1 second after the last change. When the totals change,
 * the dealer is warned (spec 8).
 */
import { useEffect, useRef } from 'react';
import {
  CHECKOUT_MESSAGES,
  TAX_RECALCULATION_DEBOUNCE_MS,
  taxRecalculationKey,
  type CalculateTaxesResponse,
  type ShipToAddress,
} from '@portal/domain';
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
  return (
    !!before &&
    (Math.round(before.taxes * 100) !== Math.round(after.taxes * 100) ||
      Math.round(before.grandTotal * 100) !== Math.round(after.grandTotal * 100))
  );
}

export function useTaxRecalculation(options: Options): void {
  const { organizationTaxable, confirmationNumber, paymentIntentId, address, taxCertificateNumber } = options;
  const lastKey = useRef<string | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  const key = taxRecalculationKey({ organizationTaxable, address, taxCertificateNumber });

  useEffect(() => {
    if (!confirmationNumber || key === null || key === lastKey.current) return;
    const timer = window.setTimeout(async () => {
      const { address: shipToAddress, taxCertificateNumber: certificate, totals, onTotals } = latest.current;
      let answer: CalculateTaxesResponse;
      try {
        answer = await calculateTaxes({
          paymentIntentId,
          confirmationNumber,
          isPickup: false,
          shipToAddress,
          taxCertificateNumber: certificate,
        });
      } catch {
        // The taxes stay 'Estimated'; the next change (or the order's submission) computes them again.
        return;
      }
      lastKey.current = key;
      if (totalsChanged(totals, answer)) notify.warning(CHECKOUT_MESSAGES.taxesChanged);
      onTotals(answer);
    }, TAX_RECALCULATION_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [key, confirmationNumber, paymentIntentId]);
}

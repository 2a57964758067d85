// @vitest-environment happy-dom
/**
 * Tax recalculation (spec 4 "Tax recalculation") against the race of issue 19: the dealer changes
 * the address twice, the first recalculation's answer arrives last, and it must not overwrite the
 * totals of the address now on the page.
 */
import { describe, expect, it, vi } from 'vitest';
import { CHECKOUT_MESSAGES, TAX_RECALCULATION_DEBOUNCE_MS } from '@portal/domain/rules';
import type { CalculateTaxesRequest, CalculateTaxesResponse, ShipToAddress } from '@portal/domain';
import { advance, fakeTimersPerTest, renderHook, type PendingCall } from './hook-test-support';
import { useTaxRecalculation, type Totals } from './use-tax-recalculation';

const { calls, toasts } = vi.hoisted(() => ({
  calls: [] as PendingCall<CalculateTaxesRequest, CalculateTaxesResponse>[],
  toasts: [] as string[],
}));
vi.mock('@/lib/notify', () => ({
  notify: { success: () => undefined, warning: (message: string) => toasts.push(message), error: () => undefined },
}));
vi.mock('../api/checkout-api', async () => {
  const { pendingCall } = await import('./hook-test-support');
  return {
    calculateTaxes: (body: CalculateTaxesRequest, signal?: AbortSignal) => {
      const { call, promise } = pendingCall<CalculateTaxesRequest, CalculateTaxesResponse>(body, signal);
      calls.push(call);
      return promise;
    },
  };
});

function addressIn(city: string, postalCode: string): ShipToAddress {
  return {
    name: 'Dealer',
    street1: '1 Main St',
    street2: '',
    street3: '',
    city,
    state: 'CO',
    postalCode,
    country: 'US',
    phone: '3035550100',
    email: 'buyer@dealer.example.com',
  };
}

const DENVER = addressIn('Denver', '80202');
const BOULDER = addressIn('Boulder', '80301');

function renderTaxes(address: ShipToAddress) {
  const shown: Totals[] = [];
  const props = (next: ShipToAddress) => ({
    organizationTaxable: true,
    confirmationNumber: 'C-1',
    paymentIntentId: 'pi_1',
    address: next,
    taxCertificateNumber: '',
    totals: shown.at(-1) ?? { taxes: 0, grandTotal: 100, taxesVerified: false },
    onTotals: (totals: Totals) => void shown.push(totals),
  });
  const view = renderHook(useTaxRecalculation, props(address));
  return { shown, moveTo: (next: ShipToAddress) => view.rerender(props(next)), unmount: view.unmount };
}

fakeTimersPerTest(calls, toasts);

describe('useTaxRecalculation', () => {
  it('asks 1 second after the last change, with the address on the page', async () => {
    const page = renderTaxes(DENVER);
    await advance(TAX_RECALCULATION_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);
    await advance(1);
    expect(calls.map((c) => c.body.shipToAddress.city)).toEqual(['Denver']);
    await calls[0]!.answer({ taxes: 8, grandTotal: 108, taxesVerified: true });
    expect(page.shown).toEqual([{ taxes: 8, grandTotal: 108, taxesVerified: true }]);
    expect(toasts).toEqual([CHECKOUT_MESSAGES.taxesChanged]);
    page.unmount();
  });

  it("never lets an older address's answer overwrite the newer totals, and cancels its request", async () => {
    const page = renderTaxes(DENVER);
    await advance(TAX_RECALCULATION_DEBOUNCE_MS);
    page.moveTo(BOULDER);
    await advance(TAX_RECALCULATION_DEBOUNCE_MS);
    expect(calls.map((c) => c.body.shipToAddress.city)).toEqual(['Denver', 'Boulder']);
    const [denver, boulder] = calls as [
      PendingCall<CalculateTaxesRequest, CalculateTaxesResponse>,
      PendingCall<CalculateTaxesRequest, CalculateTaxesResponse>,
    ];

    // The newer answer first, the older one last (a slow tax service).
    await boulder.answer({ taxes: 9, grandTotal: 109, taxesVerified: true });
    await denver.answer({ taxes: 7, grandTotal: 107, taxesVerified: true });

    expect(page.shown.at(-1)).toEqual({ taxes: 9, grandTotal: 109, taxesVerified: true });
    expect(page.shown).not.toContainEqual({ taxes: 7, grandTotal: 107, taxesVerified: true });
    // The stale request was cancelled through the api client's AbortSignal.
    expect(denver.signal?.aborted).toBe(true);
    expect(boulder.signal?.aborted).toBe(false);
    page.unmount();
  });
});

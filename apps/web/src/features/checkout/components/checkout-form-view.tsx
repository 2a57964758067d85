/**
 * The checkout form of spec 2 "Checkout page", in the spec's order: Taken By, shipping address,
 * residential warning, Email, Phone, marketing, Instructions, Information, review table, Order
 * Notes / Comments (CheckoutDetailsSection), then cash, card reader, payment element, submit
 * (PaymentSection). Each way to pay first updates the checkout (PUT), then pays or goes on to the
 * confirmation page, which completes the order (useCheckoutActions).
 */
import { useEffect, useRef, useState } from 'react';
import { Stack } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, type UseFormReturn } from 'react-hook-form';
import { checkoutPaymentMethods, type StateCode } from '@portal/domain/rules';
import type { Session, SessionOrganization, ShipToAddress } from '@portal/domain';
import { useAccountCredit } from '@/lib/account-credit';
import type { PaymentConfig } from '@/lib/payment-config';
import type { PaymentFieldsHandle } from '@/components/payment/payment-fields';
import { readCheckoutDetails, readLastReader, saveCheckoutDetails } from '../api/stored-checkout';
import { BadgeScanModal, fillFromBadge } from './badge-scan-modal';
import { useSavedCardChoice } from './card-payment-fields';
import { CashOrderModal } from './cash-order-modal';
import { CheckoutDetailsSection } from './checkout-details-section';
import { checkoutFormSchema, draftOf, initialFormValues, shipToAddressOf, type CheckoutFormValues } from './checkout-form';
import { PaymentSection } from './payment-section';
import { TerminalModal } from './terminal-section';
import { useCheckoutActions } from './use-checkout-actions';
import type { OpenCheckout } from './use-checkout-setup';
import { useTaxRecalculation, type Totals } from './use-tax-recalculation';

/** The reader used last, if the organization still has it; else its first reader. */
function firstReaderOf(terminals: SessionOrganization['terminals']): string {
  const last = readLastReader();
  return terminals.some((t) => t.id === last) ? last! : (terminals[0]?.id ?? '');
}

/**
 * What the dealer types is kept as the draft at once (cleared when the order is confirmed), so a
 * page that is drawn again from scratch (a reload, a new tab, the form mounted anew) starts from it.
 */
function useDraftKeptAsTyped(form: UseFormReturn<CheckoutFormValues>): void {
  useEffect(() => {
    const subscription = form.watch(() => saveCheckoutDetails(draftOf(form.getValues())));
    return () => subscription.unsubscribe();
  }, [form]);
}

/** The checkout's totals: the cart's at first, then recalculated as the address (and certificate) change. */
function useCheckoutTotals(
  org: SessionOrganization,
  { checkout, record }: OpenCheckout,
  address: ShipToAddress,
  taxCertificateNumber: string,
) {
  const [totals, setTotals] = useState<Totals>({
    taxes: record.cart.taxes,
    grandTotal: record.cart.grandTotal,
    taxesVerified: record.cart.taxesVerified,
  });
  useTaxRecalculation({
    organizationTaxable: org.isTaxable,
    confirmationNumber: checkout.confirmationNumber,
    paymentIntentId: checkout.paymentIntentId,
    address,
    taxCertificateNumber: org.isTaxable ? taxCertificateNumber : '',
    totals,
    onTotals: setTotals,
  });
  return [totals, setTotals] as const;
}

export function CheckoutFormView({
  session,
  destinationState,
  branchNumber,
  open,
  config,
}: {
  session: Session;
  destinationState: StateCode | null;
  /** The cart's branch: its ship-to address is where the form starts (issue 34). */
  branchNumber: number | null;
  open: OpenCheckout;
  config: PaymentConfig;
}) {
  const { organization: org } = session;
  const { checkout, record } = open;
  // Spec 6 via the domain's payment eligibility: the same rules the server enforces.
  const methods = checkoutPaymentMethods({ organization: org, user: session.user, checkout, terminalCount: org.terminals.length });
  const credit = useAccountCredit(methods.onAccount);
  // Issue 36: saved cards for users with storedPayments; the card form can save only in simulated mode.
  const card = useSavedCardChoice(methods.card && session.user.roles.storedPayments);

  // The one form of the checkout, made here once and handed down: the sections render its fields and
  // never make or remount a form of their own, so nothing typed is lost (issue 31).
  const form = useForm<CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: initialFormValues(session, destinationState, readCheckoutDetails(), branchNumber),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  useDraftKeptAsTyped(form);
  const payment = useRef<PaymentFieldsHandle>(null);
  const [scanOpened, setScanOpened] = useState(false);
  const [readerId, setReaderId] = useState(() => firstReaderOf(org.terminals));

  const watched = form.watch();
  const address = shipToAddressOf(watched);
  const [totals, setTotals] = useCheckoutTotals(org, open, address, watched.taxCertificateNumber);

  const target = { form, organization: org, checkout, totals, onTotals: setTotals };
  const actions = useCheckoutActions({ target, onAccount: methods.onAccount, card, payment, readerId });
  const residential = record.cart.charges.residential;

  return (
    <FormProvider {...form}>
      <form onSubmit={actions.placeOrder} noValidate>
        <Stack gap="lg">
          <CheckoutDetailsSection
            form={form}
            organization={org}
            address={address}
            residentialDeclined={residential.required && residential.declined}
            cart={record.cart}
            totals={totals}
            onBackToCart={actions.backToCart}
            onScanBadge={() => setScanOpened(true)}
          />
          <PaymentSection
            methods={methods}
            terminals={org.terminals}
            readerId={readerId}
            onReaderChange={setReaderId}
            onCash={() => void actions.cash.ask()}
            onSendToTerminal={() => void actions.sendToTerminal()}
            card={card}
            config={config}
            checkout={checkout}
            payment={payment}
            availableCredit={credit.data?.availableCredit}
            grandTotal={totals.grandTotal}
          />
        </Stack>
      </form>

      <BadgeScanModal opened={scanOpened} onClose={() => setScanOpened(false)} onBadge={(badge) => fillFromBadge(form, badge)} />
      <CashOrderModal
        opened={actions.cash.opened}
        grandTotal={totals.grandTotal}
        onCancel={actions.cash.cancel}
        onConfirm={() => void actions.cash.complete()}
      />
      <TerminalModal
        opened={actions.terminal.polling}
        readerName={org.terminals.find((t) => t.id === readerId)?.name ?? readerId}
        status={actions.terminal.status}
        onReset={() => void actions.terminal.reset()}
      />
    </FormProvider>
  );
}

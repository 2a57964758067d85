/**
 * The checkout form of spec 2 "Checkout page", in the spec's order: Taken By, shipping address,
 * residential warning, Email, Phone, marketing, Instructions, Information, review table, Order
 * Notes / Comments, cash, card reader, payment element, submit. Each way to pay first updates the
 * checkout (PUT), then pays or goes on to the confirmation page, which completes the order.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Fieldset, Group, Loader, NativeSelect, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormProvider, useForm, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { CHECKOUT_MESSAGES, checkoutPaymentMethods, paymentErrorMessage, type StateCode } from '@portal/domain/rules';
import type { Session } from '@portal/domain';
import { useCartActions } from '@/app/providers/cart';
import { CreditWarning } from '@/components/credit-warning';
import { useAccountCredit } from '@/lib/account-credit';
import { savedCardLabel, useSavedCards } from '@/lib/saved-cards';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { confirmSimulatedCard, updateCheckout } from '../api/checkout-api';
import type { PaymentConfig } from '@/lib/payment-config';
import { clearStoredCheckout, readCheckoutDetails, readLastReader, rememberLastReader, saveCheckoutDetails } from '../api/stored-checkout';
import { AddressFields, ContactFields } from './address-fields';
import { BadgeScanModal, fillFromBadge } from './badge-scan-modal';
import { payCheckoutByCard } from './card-payment';
import { CashOrderModal } from './cash-order-modal';
import { checkoutFormSchema, draftOf, initialFormValues, shipToAddressOf, type CheckoutFormValues } from './checkout-form';
import type { PaymentFieldsHandle } from '@/components/payment/payment-fields';
import { ResidentialWarning } from './residential-warning';
import { fillFromSavedAddress, SavedAddressChooser } from './saved-address-chooser';
import { ReviewTable } from './review-table';
import { SimulatedCardForm } from '@/components/payment/simulated-card-form';
import { TerminalModal, TerminalSection } from './terminal-section';
import type { OpenCheckout } from './use-checkout-setup';
import { totalsChanged, useTaxRecalculation, type Totals } from './use-tax-recalculation';
import { useTerminalFlow } from './use-terminal-flow';

const StripePaymentFields = lazy(() => import('@/components/payment/stripe-payment-fields'));

type PaymentMode = 'onAccount' | 'card' | 'cash' | 'terminal';

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
  const navigate = useNavigate();
  const { organization: org } = session;
  const { checkout, record } = open;
  const confirmationUrl = `/checkout/confirmation/${checkout.confirmationNumber}`;
  const { clearCart } = useCartActions();
  // Spec 6 via the domain's payment eligibility: the same rules the server enforces.
  const methods = checkoutPaymentMethods({ organization: org, user: session.user, checkout, terminalCount: org.terminals.length });
  const onAccount = methods.onAccount;
  const takesCash = methods.cash;
  const takesCards = methods.card;
  const usesTerminals = methods.terminal;
  const credit = useAccountCredit(onAccount);
  // Issue 36: saved cards for users with storedPayments; the card form can save only in simulated mode.
  const storesCards = takesCards && session.user.roles.storedPayments;
  const savedCards = useSavedCards(storesCards).data ?? [];
  const [savedCardId, setSavedCardId] = useState('');
  const [saveTypedCard, setSaveTypedCard] = useState(false);

  const form = useForm<CheckoutFormValues>({
    resolver: zodResolver(checkoutFormSchema),
    defaultValues: initialFormValues(session, destinationState, readCheckoutDetails(), branchNumber),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { register, formState } = form;
  // What the dealer types is kept as the draft at once (cleared when the order is confirmed), so a
  // page that is drawn again from scratch (a reload, a new tab, the form mounted anew) starts from it.
  useEffect(() => {
    const subscription = form.watch(() => saveCheckoutDetails(draftOf(form.getValues())));
    return () => subscription.unsubscribe();
  }, [form]);
  const [totals, setTotals] = useState<Totals>({
    taxes: record.cart.taxes,
    grandTotal: record.cart.grandTotal,
    taxesVerified: record.cart.taxesVerified,
  });
  const payment = useRef<PaymentFieldsHandle>(null);
  const [cashOpened, setCashOpened] = useState(false);
  const [scanOpened, setScanOpened] = useState(false);
  const [readerId, setReaderId] = useState(() => {
    const last = readLastReader();
    return org.terminals.some((t) => t.id === last) ? last! : (org.terminals[0]?.id ?? '');
  });

  const watched = form.watch();
  const address = shipToAddressOf(watched);
  useTaxRecalculation({
    organizationTaxable: org.isTaxable,
    confirmationNumber: checkout.confirmationNumber,
    paymentIntentId: checkout.paymentIntentId,
    address,
    taxCertificateNumber: org.isTaxable ? watched.taxCertificateNumber : '',
    totals,
    onTotals: setTotals,
  });

  const terminal = useTerminalFlow(() => {
    // Spec 4 "Terminal flow": completed clears the cart and the stored checkout.
    clearCart();
    clearStoredCheckout();
    navigate(confirmationUrl);
  });

  /** PUT /checkout with the form's details; false when the dealer must look again. */
  async function submitDetails(values: CheckoutFormValues, mode: PaymentMode): Promise<boolean> {
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
      setTotals(answer);
      if (changed) {
        notify.warning(CHECKOUT_MESSAGES.taxesChanged);
        return false;
      }
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return false;
      if (error instanceof ApiError && error.status === 400) {
        let focused = false;
        for (const { field, message } of error.body.messages) {
          const name = formFieldOf(field);
          if (!name) continue;
          form.setError(name, { message }, { shouldFocus: !focused });
          focused = true;
        }
        if (focused) return false;
      }
      notify.error(CHECKOUT_MESSAGES.submitFailed);
      return false;
    }
  }

  const placeOrder = form.handleSubmit(async (values) => {
    if (!(await submitDetails(values, onAccount ? 'onAccount' : 'card'))) return;
    if (!onAccount) {
      const result = await payCheckoutByCard({
        confirmationNumber: checkout.confirmationNumber,
        savedCardId: savedCardId ? Number(savedCardId) : null,
        saveTypedCard: storesCards && saveTypedCard,
        fields: payment.current,
        returnUrl: `${window.location.origin}${confirmationUrl}`,
        email: values.email.trim(),
      });
      if (!result) return;
      if (!result.ok) {
        notify.error(paymentErrorMessage(result.error));
        return;
      }
    }
    navigate(confirmationUrl);
  });

  const askCash = form.handleSubmit(() => setCashOpened(true));
  async function completeCash() {
    setCashOpened(false);
    if (await submitDetails(form.getValues(), 'cash')) navigate(confirmationUrl);
  }

  const sendToTerminal = form.handleSubmit(async (values) => {
    if (!(await submitDetails(values, 'terminal'))) return;
    rememberLastReader(readerId);
    await terminal.send({ readerId, receiptEmail: values.email.trim(), paymentIntentId: checkout.paymentIntentId });
  });

  function backToCart() {
    // Spec 4 "Checkout" step 4: the details are kept for the next visit, then the checkout is cancelled.
    saveCheckoutDetails(draftOf(form.getValues()));
    navigate('/checkout/cancel');
  }

  const residential = record.cart.charges.residential;
  const errors = formState.errors;

  return (
    <FormProvider {...form}>
      <form onSubmit={placeOrder} noValidate>
        <Stack gap="lg">
          <Group>
            <Button variant="subtle" onClick={backToCart}>
              Back to Shopping Cart
            </Button>
          </Group>

          {org.allowTakenBy && (
            <NativeSelect
              label="Taken By"
              maw={360}
              data={[{ value: '', label: 'Please select a sales rep' }, ...org.takenBys.map((t) => ({ value: t.id, label: t.name }))]}
              error={errors.takenBy?.message}
              {...register('takenBy')}
            />
          )}

          {/* Spec 2: 'Scan QR Code' fills the address and email from an event badge (organizations with badge scanning, spec 6).
              Issue 20: 'Choose Saved Address' fills them from the organization's address book. */}
          <Group>
            <SavedAddressChooser onChoose={(saved) => fillFromSavedAddress(form, saved)} />
            {org.allowBadgeScan && (
              <Button variant="outline" onClick={() => setScanOpened(true)}>
                Scan QR Code
              </Button>
            )}
          </Group>
          <AddressFields />
          {residential.required && residential.declined && <ResidentialWarning address={address} />}

          <ContactFields />
          <Checkbox label="Subscribe to marketing emails" {...register('subscribedMarketing')} />
          <Textarea label="Instructions" autosize minRows={2} {...register('shippingInstructions')} />

          <Fieldset legend="Information">
            <SimpleGrid cols={{ base: 1, sm: org.isTaxable ? 3 : 2 }}>
              <TextInput label="PO #" {...register('purchaseOrderNumber')} />
              <TextInput label="Reference" {...register('reference')} />
              {org.isTaxable && <TextInput label="Tax Certificate #" {...register('taxCertificateNumber')} />}
            </SimpleGrid>
          </Fieldset>

          <Stack gap="xs">
            <Title order={2} size="h3">
              Review
            </Title>
            <ReviewTable cart={record.cart} totals={totals} organizationTaxable={org.isTaxable} />
          </Stack>

          <Textarea label="Order Notes / Comments" autosize minRows={3} {...register('notes')} />

          {takesCash && (
            <Group>
              <Button variant="outline" color="teal" onClick={() => void askCash()}>
                Complete Order with Cash
              </Button>
            </Group>
          )}

          {usesTerminals && (
            <TerminalSection
              terminals={org.terminals}
              readerId={readerId}
              onReaderChange={setReaderId}
              onSend={() => void sendToTerminal()}
            />
          )}

          {storesCards && savedCards.length > 0 && (
            <NativeSelect
              label="Use a saved card"
              maw={420}
              value={savedCardId}
              onChange={(event) => setSavedCardId(event.currentTarget.value)}
              data={[
                { value: '', label: 'No, enter a card' },
                ...savedCards.map((card) => ({ value: String(card.id), label: savedCardLabel(card) })),
              ]}
            />
          )}
          {takesCards &&
            !savedCardId &&
            (config.paymentGateway === 'stripe' && config.stripePublishableKey ? (
              <Suspense fallback={<Loader aria-label="Loading the payment form" />}>
                <StripePaymentFields
                  ref={payment}
                  publishableKey={config.stripePublishableKey}
                  clientSecret={checkout.paymentIntentSecret}
                />
              </Suspense>
            ) : (
              <SimulatedCardForm
                ref={payment}
                confirmCard={(card) =>
                  confirmSimulatedCard(checkout.paymentIntentId, { clientSecret: checkout.paymentIntentSecret, ...card, postalCode: '' })
                }
              />
            ))}
          {storesCards && !savedCardId && (
            <Checkbox label="Save this card" checked={saveTypedCard} onChange={(event) => setSaveTypedCard(event.currentTarget.checked)} />
          )}

          {onAccount && <CreditWarning availableCredit={credit.data?.availableCredit} total={totals.grandTotal} />}
          {(onAccount || takesCards) && (
            <Group justify="flex-end">
              <Button type="submit" size="md">
                {onAccount ? 'Place Order On Terms' : 'Pay & Place Order'}
              </Button>
            </Group>
          )}
        </Stack>
      </form>

      <BadgeScanModal opened={scanOpened} onClose={() => setScanOpened(false)} onBadge={(badge) => fillFromBadge(form, badge)} />
      <CashOrderModal
        opened={cashOpened}
        grandTotal={totals.grandTotal}
        onCancel={() => setCashOpened(false)}
        onConfirm={() => void completeCash()}
      />
      <TerminalModal
        opened={terminal.polling}
        readerName={org.terminals.find((t) => t.id === readerId)?.name ?? readerId}
        status={terminal.status}
        onReset={() => void terminal.reset()}
      />
    </FormProvider>
  );
}

/**
 * The ways to pay, at the foot of the checkout form (spec 2 "Checkout page", spec 6): cash, the
 * card reader, the card (saved or typed), and the submit button for on account or by card.
 */
import type { RefObject } from 'react';
import { Button, Group } from '@mantine/core';
import type { CheckoutPaymentMethods } from '@portal/domain/rules';
import type { SessionOrganization } from '@portal/domain';
import type { PaymentFieldsHandle } from '@/components/payment/payment-fields';
import { CreditWarning } from '@/components/credit-warning';
import type { PaymentConfig } from '@/lib/payment-config';
import { CardPaymentFields, type SavedCardChoice } from './card-payment-fields';
import { TerminalSection } from './terminal-section';
import type { OpenCheckout } from './use-checkout-setup';

export function PaymentSection({
  methods,
  terminals,
  readerId,
  onReaderChange,
  onCash,
  onSendToTerminal,
  card,
  config,
  checkout,
  payment,
  availableCredit,
  grandTotal,
}: {
  methods: CheckoutPaymentMethods;
  terminals: SessionOrganization['terminals'];
  readerId: string;
  onReaderChange: (readerId: string) => void;
  onCash: () => void;
  onSendToTerminal: () => void;
  card: SavedCardChoice;
  config: PaymentConfig;
  checkout: OpenCheckout['checkout'];
  payment: RefObject<PaymentFieldsHandle | null>;
  availableCredit: number | null | undefined;
  grandTotal: number;
}) {
  const { onAccount, cash: takesCash, card: takesCards, terminal: usesTerminals } = methods;
  return (
    <>
      {takesCash && (
        <Group>
          <Button variant="outline" color="teal" onClick={onCash}>
            Complete Order with Cash
          </Button>
        </Group>
      )}

      {usesTerminals && (
        <TerminalSection terminals={terminals} readerId={readerId} onReaderChange={onReaderChange} onSend={onSendToTerminal} />
      )}

      <CardPaymentFields takesCards={takesCards} card={card} config={config} checkout={checkout} payment={payment} />

      {onAccount && <CreditWarning availableCredit={availableCredit} total={grandTotal} />}
      {(onAccount || takesCards) && (
        <Group justify="flex-end">
          <Button type="submit" size="md">
            {onAccount ? 'Place Order On Terms' : 'Pay & Place Order'}
          </Button>
        </Group>
      )}
    </>
  );
}

import type { ReactNode, Ref } from 'react';
import { Alert, Checkbox, Group, Paper, Radio, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatMoney, shownSurchargeBlocks, type ChargeKind, type DeclinableChargeKind } from '@portal/domain/rules';
import type { Charge, Charges } from '@portal/domain';
import { setChargeDeclined, setFlatbedConfirmed } from '../store';

/** Texts of the five surcharge blocks (spec 2 "Shopping cart"). */
export const SURCHARGE_TEXTS = {
  notice: {
    title: '24 Hour Delivery Notice',
    text: 'The carrier calls 24 hours before delivery to schedule a delivery time.',
    accept: 'Add delivery charge',
    decline: 'Not needed',
    flatbedNote: 'Flatbed deliveries always include the 24 hour delivery notice.',
  },
  residential: {
    title: 'Residential Service Required',
    text: 'One or more items require residential service when delivered to a residence.',
    accept: 'Add residential service',
    decline: 'Destination is not residential',
    disclaimer:
      'You are responsible for the residential service charge and any redelivery fees billed by the carrier if the destination turns out to be residential.',
  },
  flatbed: {
    title: 'Forklift Required for flatbed items',
    text: 'One or more items ship on a flatbed truck, which has no liftgate. A forklift must be available at the destination to unload them.',
    confirm: 'I confirm a forklift is available at the destination',
  },
  forklift: {
    title: 'Forklift Required',
    text: 'One or more items must be unloaded with a forklift.',
    accept: 'Add forklift service',
    decline: 'Destination can offload',
    note: 'Forklift service is not available in all areas. We will contact you if it is not available at your destination.',
    disclaimer:
      'You are responsible for unloading the shipment at the destination. If it cannot be unloaded on arrival, redelivery and storage fees will be billed to you.',
  },
  liftgate: {
    title: 'Liftgate Service Required',
    text: 'One or more items need a truck with a liftgate to be lowered to the ground, unless a forklift is available at the destination.',
    accept: 'Add liftgate service',
    decline: 'Destination has a forklift or loading dock',
  },
} as const;

type ChoiceBlockProps = {
  kind: DeclinableChargeKind;
  charge: Charge;
  title: string;
  text: string;
  accept: string;
  decline: string;
  children?: ReactNode;
};

/** One block with its accept/decline choice; the amount shows beside the accept choice. */
function ChoiceBlock({ kind, charge, title, text, accept, decline, children }: ChoiceBlockProps) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {title}
          </Title>
          <Text fw={600}>{charge.declined ? 'Declined' : formatMoney(charge.amount)}</Text>
        </Group>
        <Text size="sm">{text}</Text>
        <Radio.Group
          label={<VisuallyHidden>{title}</VisuallyHidden>}
          value={charge.declined ? 'decline' : 'accept'}
          onChange={(value) => setChargeDeclined(kind, value === 'decline')}
        >
          <Stack gap={6} mt={4}>
            <Radio value="accept" label={`${accept} (${formatMoney(charge.amount)})`} />
            <Radio value="decline" label={decline} disabled={!charge.declinable} />
          </Stack>
        </Radio.Group>
        {children}
      </Stack>
    </Paper>
  );
}

type FlatbedConfirmation = {
  confirmed: boolean;
  /** Shown under the box when a checkout was tried without it (the cart page's or the server's refusal). */
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

type SurchargeBlockProps = { kind: ChargeKind; charges: Charges; flatbedConfirmation: FlatbedConfirmation };

/** One surcharge block of spec 2 "Shopping cart" with its note, disclaimer or confirmation. */
function SurchargeBlock({ kind, charges, flatbedConfirmation }: SurchargeBlockProps) {
  switch (kind) {
    case 'notice':
      return (
        <ChoiceBlock kind="notice" charge={charges.notice} {...SURCHARGE_TEXTS.notice}>
          {!charges.notice.declinable && (
            <Text size="sm" c="dimmed">
              {SURCHARGE_TEXTS.notice.flatbedNote}
            </Text>
          )}
        </ChoiceBlock>
      );
    case 'residential':
      return (
        <ChoiceBlock kind="residential" charge={charges.residential} {...SURCHARGE_TEXTS.residential}>
          {charges.residential.declined && (
            <Alert color="yellow" variant="light" title="Disclaimer">
              {SURCHARGE_TEXTS.residential.disclaimer}
            </Alert>
          )}
        </ChoiceBlock>
      );
    case 'flatbed':
      return (
        <Paper withBorder p="md" component="section" aria-label={SURCHARGE_TEXTS.flatbed.title}>
          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={3} size="h4">
                {SURCHARGE_TEXTS.flatbed.title}
              </Title>
              <Text fw={600}>{formatMoney(charges.flatbed.amount)}</Text>
            </Group>
            <Text size="sm">{SURCHARGE_TEXTS.flatbed.text}</Text>
            {/* Spec 2: no choice of service, but the dealer must confirm a forklift is available
                (unticked until they do; the cart's Checkout waits for it). */}
            <Checkbox
              ref={flatbedConfirmation.ref}
              mt={4}
              label={SURCHARGE_TEXTS.flatbed.confirm}
              checked={flatbedConfirmation.confirmed}
              onChange={(event) => setFlatbedConfirmed(event.currentTarget.checked)}
              error={flatbedConfirmation.error}
            />
          </Stack>
        </Paper>
      );
    case 'forklift':
      return (
        <ChoiceBlock kind="forklift" charge={charges.forklift} {...SURCHARGE_TEXTS.forklift}>
          {charges.forklift.declined ? (
            <Alert color="yellow" variant="light" title="Disclaimer">
              {SURCHARGE_TEXTS.forklift.disclaimer}
            </Alert>
          ) : (
            <Text size="sm" c="dimmed">
              {SURCHARGE_TEXTS.forklift.note}
            </Text>
          )}
        </ChoiceBlock>
      );
    case 'liftgate':
      return <ChoiceBlock kind="liftgate" charge={charges.liftgate} {...SURCHARGE_TEXTS.liftgate} />;
  }
}

/**
 * The surcharge blocks of spec 2 "Shopping cart", shown when the cart has items: which ones, and in
 * what order, is the domain's rule (shownSurchargeBlocks).
 */
export function SurchargeBlocks({ charges, flatbedConfirmation }: { charges: Charges; flatbedConfirmation: FlatbedConfirmation }) {
  return (
    <Stack gap="md">
      {shownSurchargeBlocks(charges).map((kind) => (
        <SurchargeBlock key={kind} kind={kind} charges={charges} flatbedConfirmation={flatbedConfirmation} />
      ))}
    </Stack>
  );
}

/**
 * The order's details in the checkout form (spec 2 "Checkout page", in the spec's order): Taken By,
 * the shipping address and how to fill it, residential warning, Email, Phone, marketing,
 * Instructions, Information, the review table and Order Notes / Comments.
 *
 * Its own fields register here, before the address and contact fields below them, as they did when
 * the form was one component: the form focuses the first invalid field in the order fields register.
 */
import { Button, Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import type { CheckoutCart, SessionOrganization, ShipToAddress } from '@portal/domain';
import { AddressFields, ContactFields } from './address-fields';
import type { CheckoutFormValues } from './checkout-form';
import { ResidentialWarning } from './residential-warning';
import { ReviewTable } from './review-table';
import { fillFromSavedAddress, SavedAddressChooser } from './saved-address-chooser';
import type { Totals } from './use-tax-recalculation';

export function CheckoutDetailsSection({
  form,
  organization: org,
  address,
  residentialDeclined,
  cart,
  totals,
  onBackToCart,
  onScanBadge,
}: {
  /** The checkout's one form, made by CheckoutFormView. */
  form: UseFormReturn<CheckoutFormValues>;
  organization: SessionOrganization;
  address: ShipToAddress;
  /** The cart's residential delivery was required and declined: the warning shows. */
  residentialDeclined: boolean;
  cart: CheckoutCart;
  totals: Totals;
  onBackToCart: () => void;
  onScanBadge: () => void;
}) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <Group>
        <Button variant="subtle" onClick={onBackToCart}>
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
          <Button variant="outline" onClick={onScanBadge}>
            Scan QR Code
          </Button>
        )}
      </Group>
      <AddressFields />
      {residentialDeclined && <ResidentialWarning address={address} />}

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
        <ReviewTable cart={cart} totals={totals} organizationTaxable={org.isTaxable} />
      </Stack>

      <Textarea label="Order Notes / Comments" autosize minRows={3} {...register('notes')} />
    </>
  );
}

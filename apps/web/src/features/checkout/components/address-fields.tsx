import { Fieldset, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { SHIP_TO_COUNTRIES, US_STATES } from '@portal/domain/rules';
import type { CheckoutFormValues } from './checkout-form';

/**
 * The shipping address element (spec 2, 5): complete or the order is refused, focus on the first
 * gap. Form fields register as they render, and the form focuses the first invalid field in that
 * order, so the address renders (and registers) before Email and Phone (ContactFields).
 */
export function AddressFields() {
  const { register, formState } = useFormContext<CheckoutFormValues>();
  const errors = formState.errors.address;
  return (
    <Fieldset legend="Shipping Address">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Full Name" autoComplete="shipping name" error={errors?.name?.message} {...register('address.name')} />
        <div />
        <TextInput
          label="Address Line 1"
          autoComplete="shipping address-line1"
          error={errors?.street1?.message}
          {...register('address.street1')}
        />
        <TextInput
          label="Address Line 2"
          autoComplete="shipping address-line2"
          error={errors?.street2?.message}
          {...register('address.street2')}
        />
        <TextInput label="City" autoComplete="shipping address-level2" error={errors?.city?.message} {...register('address.city')} />
        <NativeSelect
          label="State"
          autoComplete="shipping address-level1"
          data={[{ value: '', label: 'Choose a state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))]}
          error={errors?.state?.message}
          {...register('address.state')}
        />
        <TextInput
          label="ZIP Code"
          autoComplete="shipping postal-code"
          inputMode="numeric"
          error={errors?.postalCode?.message}
          {...register('address.postalCode')}
        />
        <NativeSelect
          label="Country"
          autoComplete="shipping country"
          data={SHIP_TO_COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
          error={errors?.country?.message}
          {...register('address.country')}
        />
      </SimpleGrid>
    </Fieldset>
  );
}

/** Email and Phone of the ship-to (spec 5: the first invalid of them gets focus after the address). */
export function ContactFields() {
  const { register, formState } = useFormContext<CheckoutFormValues>();
  const { errors } = formState;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <TextInput label="Phone" type="tel" autoComplete="tel" error={errors.phone?.message} {...register('phone')} />
    </SimpleGrid>
  );
}

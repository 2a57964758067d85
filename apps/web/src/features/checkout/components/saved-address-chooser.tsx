/**
 * 'Choose Saved Address' on the checkout page (issue 20): the organization's address book
 * (`GET /api/organization/addresses`) in a dialog; choosing one fills the shipping fields, email
 * and phone.
 */
import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { UseFormReturn } from 'react-hook-form';
import { addressOneLine, isStateCode, SHIP_TO_COUNTRIES } from '@portal/domain/rules';
import type { SavedAddress, SavedAddressList } from '@portal/domain';
import { api } from '@/lib/api-client';
import type { CheckoutFormValues } from './checkout-form';

export function fillFromSavedAddress(form: UseFormReturn<CheckoutFormValues>, address: SavedAddress): void {
  const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  form.setValue('address.name', address.name, options);
  form.setValue('address.street1', address.street1, options);
  form.setValue('address.street2', address.street2, options);
  form.setValue('address.city', address.city, options);
  if (isStateCode(address.state)) form.setValue('address.state', address.state, options);
  form.setValue('address.postalCode', address.postalCode, options);
  if (SHIP_TO_COUNTRIES.some((c) => c.code === address.country)) form.setValue('address.country', address.country, options);
  form.setValue('phone', address.phone, options);
  form.setValue('email', address.email, options);
}

export function SavedAddressChooser({ onChoose }: { onChoose: (address: SavedAddress) => void }) {
  const [opened, setOpened] = useState(false);
  const addresses = useQuery({
    queryKey: ['addresses'],
    queryFn: async () => (await api<SavedAddressList>('/api/organization/addresses')).addresses,
    enabled: opened,
    staleTime: 0,
  });
  return (
    <>
      <Button variant="outline" onClick={() => setOpened(true)}>
        Choose Saved Address
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Choose Saved Address" size="lg">
        <Stack gap="xs">
          {addresses.isPending && <Text>Loading addresses...</Text>}
          {addresses.isError && <Text role="alert">The saved addresses could not be loaded. Please try again later.</Text>}
          {addresses.data?.length === 0 && <Text>No saved addresses yet.</Text>}
          {addresses.data?.map((address) => (
            <UnstyledButton
              key={address.id}
              className="portal-saved-address"
              p="sm"
              style={{
                border: '1px solid var(--mantine-color-gray-4)',
                borderRadius: 'var(--mantine-radius-sm)',
                overflowWrap: 'anywhere',
              }}
              onClick={() => {
                onChoose(address);
                setOpened(false);
              }}
            >
              <Text fw={600}>{address.name}</Text>
              <Text size="sm">{addressOneLine({ ...address, name: '' })}</Text>
            </UnstyledButton>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

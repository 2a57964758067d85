import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { EMPTY_SHIP_TO_ADDRESS, SHIP_TO_COUNTRIES, shipToProblems, US_STATES } from '@portal/domain/rules';
import type { SavedAddress, ShipToAddress } from '@portal/domain';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

type Errors = Partial<Record<keyof ShipToAddress, string>>;

const fieldsOf = (address: SavedAddress | null): ShipToAddress => {
  if (!address) return EMPTY_SHIP_TO_ADDRESS;
  const { id: _id, ...fields } = address;
  return fields;
};

type FieldChange = (field: keyof ShipToAddress) => (event: { currentTarget: { value: string } }) => void;

/** The address's fields; a field's error (shipToProblems', or the server's) shows under it. */
function AddressFields({ values, errors, set }: { values: ShipToAddress; errors: Errors; set: FieldChange }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Full Name" value={values.name} onChange={set('name')} error={errors.name} />
      <TextInput label="Address Line 1" value={values.street1} onChange={set('street1')} error={errors.street1} />
      <TextInput label="Address Line 2" value={values.street2} onChange={set('street2')} error={errors.street2} />
      <TextInput label="City" value={values.city} onChange={set('city')} error={errors.city} />
      <NativeSelect
        label="State"
        data={[{ value: '', label: 'Choose a state' }, ...US_STATES.map((s) => ({ value: s.code, label: s.name }))]}
        value={values.state}
        onChange={set('state')}
        error={errors.state}
      />
      <TextInput label="ZIP Code" inputMode="numeric" value={values.postalCode} onChange={set('postalCode')} error={errors.postalCode} />
      <NativeSelect
        label="Country"
        data={SHIP_TO_COUNTRIES.map((c) => ({ value: c.code, label: c.name }))}
        value={values.country}
        onChange={set('country')}
        error={errors.country}
      />
      <TextInput label="Email" type="email" value={values.email} onChange={set('email')} error={errors.email} />
      <TextInput label="Phone" type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} />
    </SimpleGrid>
  );
}

/**
 * Add or edit an address of the book, with the checkout form's labels and rules (shipToProblems);
 * the server checks the same and its per-field messages land on the fields. The page gives it a new
 * `key` each time it opens, so it starts from the address given.
 */
export function AddressFormModal({
  opened,
  address,
  onClose,
  onSave,
}: {
  opened: boolean;
  /** The address being edited; null adds one. */
  address: SavedAddress | null;
  onClose: () => void;
  onSave: (fields: ShipToAddress) => Promise<void>;
}) {
  const [values, setValues] = useState<ShipToAddress>(() => fieldsOf(address));
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  const set: FieldChange = (field) => (event) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };

  async function submit() {
    const trimmed = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()])) as ShipToAddress;
    const problems = shipToProblems(trimmed);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      return;
    }
    setSaving(true);
    try {
      await onSave(trimmed);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        setErrors(Object.fromEntries(error.body.messages.map((m) => [m.field, m.message])));
      } else if (!(error instanceof ApiError && error.status === 401)) {
        notify.error(error instanceof ApiError ? error.message : 'The address could not be saved. Please try again later.');
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={address ? 'Edit Address' : 'Add Address'} size="lg">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <AddressFields values={values} errors={errors} set={set} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

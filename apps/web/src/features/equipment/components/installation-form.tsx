import { useState } from 'react';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import type { EquipmentDetail } from '@portal/domain';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { saveInstallation } from '../api/equipment';

/**
 * 'Installed On' and 'Location' (the end customer's name and address): the warranty runs from the
 * install date once set, and the first inspection falls a year after it. A refused date shows its
 * reason under the box; what was typed stays.
 */
export function InstallationForm({ unit, onSaved }: { unit: EquipmentDetail; onSaved: (unit: EquipmentDetail) => void }) {
  const [installedOn, setInstalledOn] = useState(unit.installedOn ?? '');
  const [locationName, setLocationName] = useState(unit.locationName);
  const [locationAddress, setLocationAddress] = useState(unit.locationAddress);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setSaving(true);
    setErrors({});
    try {
      const saved = await saveInstallation(unit.serialNumber, { installedOn: installedOn || null, locationName, locationAddress });
      notify.success('The installation is saved.');
      onSaved(saved);
    } catch (caught) {
      if (caught instanceof ApiError) setErrors(Object.fromEntries(caught.body.messages.map((m) => [m.field || 'form', m.message])));
      else notify.error('The installation could not be saved. Please try again later.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm" maw={520}>
        <TextInput
          type="date"
          label="Installed On"
          value={installedOn}
          max={new Date().toISOString().slice(0, 10)}
          onChange={(event) => setInstalledOn(event.currentTarget.value)}
          error={errors.installedOn}
        />
        <TextInput
          label="Location"
          description="The end customer's name"
          value={locationName}
          onChange={(e) => setLocationName(e.currentTarget.value)}
          error={errors.locationName}
        />
        <Textarea
          label="Location Address"
          autosize
          minRows={2}
          value={locationAddress}
          onChange={(e) => setLocationAddress(e.currentTarget.value)}
          error={errors.locationAddress ?? errors.form}
        />
        <Group>
          <Button type="submit" loading={saving}>
            Save Installation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

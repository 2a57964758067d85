import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { registerEquipment } from '../api/equipment';

/**
 * 'Register Equipment' (issue 37): a serial the manufacturer sold to the organization becomes a
 * unit of the chosen branch. The server's refusal (unknown, sold to someone else, already yours)
 * shows under the box; what was typed stays.
 */
export function RegisterEquipmentDialog({
  opened,
  onClose,
  branchNumber,
}: {
  opened: boolean;
  onClose: () => void;
  branchNumber: number | null;
}) {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [serialNumber, setSerialNumber] = useState('');
  const [branch, setBranch] = useState<string | null>(branchNumber === null ? null : String(branchNumber));
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    if (!serialNumber.trim()) return setError('The serial number is required.');
    if (!branch) return setError('Choose a branch.');
    setSaving(true);
    try {
      const unit = await registerEquipment({ serialNumber: serialNumber.trim(), branchNumber: Number(branch) });
      await queryClient.invalidateQueries({ queryKey: ['equipment'] });
      notify.success(`Serial number ${unit.serialNumber} is registered.`);
      onClose();
      navigate(`/equipment/${encodeURIComponent(unit.serialNumber)}`);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The equipment could not be registered. Please try again later.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Register Equipment">
      <Stack>
        <TextInput
          label="Serial Number"
          value={serialNumber}
          onChange={(event) => {
            setSerialNumber(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Select
          label="Branch"
          data={user.branches.map((b) => ({ value: String(b.branchNumber), label: `${b.branchNumber} ${b.name}` }))}
          value={branch}
          onChange={setBranch}
          allowDeselect={false}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={saving}>
            Register
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

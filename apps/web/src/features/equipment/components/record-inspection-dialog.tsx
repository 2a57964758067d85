import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import type { EquipmentDetail } from '@portal/domain';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { recordInspection } from '../api/equipment';

/** 'Record Inspection': date, inspector, pass or fail, notes; the next inspection moves 12 months on. */
export function RecordInspectionDialog(props: { serialNumber: string; onClose: () => void; onSaved: (unit: EquipmentDetail) => void }) {
  const { serialNumber, onClose, onSaved } = props;
  const today = new Date().toISOString().slice(0, 10);
  const [inspectedOn, setInspectedOn] = useState(today);
  const [inspector, setInspector] = useState('');
  const [result, setResult] = useState<'pass' | 'fail'>('pass');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (!inspector.trim()) return setErrors({ inspector: 'The inspector is required.' });
    setSaving(true);
    try {
      const unit = await recordInspection(serialNumber, { inspectedOn, inspector: inspector.trim(), passed: result === 'pass', notes });
      notify.success('The inspection is recorded.');
      onSaved(unit);
      onClose();
    } catch (caught) {
      if (caught instanceof ApiError) setErrors(Object.fromEntries(caught.body.messages.map((m) => [m.field || 'notes', m.message])));
      else notify.error('The inspection could not be recorded. Please try again later.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Record Inspection">
      <Stack>
        <TextInput
          type="date"
          label="Inspection Date"
          value={inspectedOn}
          max={today}
          onChange={(e) => setInspectedOn(e.currentTarget.value)}
          error={errors.inspectedOn}
        />
        <TextInput
          label="Inspector"
          value={inspector}
          onChange={(e) => setInspector(e.currentTarget.value)}
          error={errors.inspector}
          data-autofocus
        />
        <Radio.Group label="Result" value={result} onChange={(value) => setResult(value as 'pass' | 'fail')}>
          <Group mt={4}>
            <Radio value="pass" label="Pass" />
            <Radio value="fail" label="Fail" />
          </Group>
        </Radio.Group>
        <Textarea label="Notes" autosize minRows={2} value={notes} onChange={(e) => setNotes(e.currentTarget.value)} error={errors.notes} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            Save Inspection
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { useId, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useNavigate } from 'react-router';
import { CLAIM_MAX_PHOTOS, CLAIM_PHOTO_MAX_BYTES, formatDate } from '@portal/domain/rules';
import type { EquipmentDetail } from '@portal/domain';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { fileToBase64, submitClaim } from '../api/claims';
import { PartsField, type ChosenPart } from './parts-field';

/** 'Photos': a native file input with its label, the limits and the count chosen. */
function PhotosField({
  id,
  count,
  error,
  onPick,
}: {
  id: string;
  count: number;
  error?: string;
  onPick: (files: FileList | null) => void;
}) {
  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={id} size="sm" fw={500}>
        Photos
      </Text>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png"
        multiple
        onChange={(e) => onPick(e.currentTarget.files)}
        aria-describedby={`${id}-help`}
      />
      <Text id={`${id}-help`} size="xs" c="dimmed">
        Up to {CLAIM_MAX_PHOTOS} JPEG or PNG photos, 10 MB each.{count > 0 ? ` ${count} chosen.` : ''}
      </Text>
      {error && (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** The unit's warranty state when it is not covered: the claim may still be filed, marked so. */
function OutOfWarranty({ unit }: { unit: EquipmentDetail }) {
  if (unit.underWarranty) return null;
  return (
    <Alert color="orange" title="Out of warranty">
      {unit.warrantyEnds ? `The warranty ended ${formatDate(unit.warrantyEnds)}.` : 'No warranty is on record for this unit.'} You may still
      file; the claim is marked out of warranty.
    </Alert>
  );
}

/**
 * 'Start Warranty Claim': the problem, up to five photos (JPEG or PNG up to 10 MB; the server checks
 * their content) and the parts needed. A unit out of warranty may still file; the dialog says so.
 */
export function ClaimDialog({ unit, onClose }: { unit: EquipmentDetail; onClose: () => void }) {
  const navigate = useNavigate();
  const photosId = useId();
  const [problem, setProblem] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [parts, setParts] = useState<ChosenPart[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const pickFiles = (list: FileList | null) => {
    const picked = [...(list ?? [])];
    const tooBig = picked.find((f) => f.size > CLAIM_PHOTO_MAX_BYTES);
    if (picked.length > CLAIM_MAX_PHOTOS) setErrors({ photos: `Choose at most ${CLAIM_MAX_PHOTOS} photos.` });
    else if (tooBig) setErrors({ photos: `${tooBig.name} is larger than 10 MB.` });
    else setErrors({});
    setFiles(picked);
  };

  const submit = async () => {
    const found: Record<string, string> = {};
    if (!problem.trim()) found.problemDescription = 'The problem description is required.';
    if (files.length > CLAIM_MAX_PHOTOS) found.photos = `Choose at most ${CLAIM_MAX_PHOTOS} photos.`;
    if (Object.keys(found).length > 0) return setErrors(found);
    setSaving(true);
    try {
      const photos = await Promise.all(files.map(async (file) => ({ fileName: file.name, data: await fileToBase64(file) })));
      const claim = await submitClaim({
        serialNumber: unit.serialNumber,
        problemDescription: problem.trim(),
        photos,
        parts: parts.map(({ sku, quantity }) => ({ sku, quantity })),
      });
      notify.success(`Warranty claim ${claim.id} is submitted.`);
      onClose();
      navigate(`/warranty-claims/${claim.id}`);
    } catch (caught) {
      if (caught instanceof ApiError)
        setErrors(Object.fromEntries(caught.body.messages.map((m) => [m.field.split('.')[0] || 'problemDescription', m.message])));
      else notify.error('The claim could not be submitted. Please try again later.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Start Warranty Claim" size="lg">
      <Stack>
        <Text size="sm">
          Serial number {unit.serialNumber}
          {unit.model ? `, ${unit.model}` : ''}
        </Text>
        <OutOfWarranty unit={unit} />
        <Textarea
          label="Problem Description"
          autosize
          minRows={3}
          value={problem}
          onChange={(e) => setProblem(e.currentTarget.value)}
          error={errors.problemDescription}
          data-autofocus
        />
        <PhotosField id={photosId} count={files.length} error={errors.photos} onPick={pickFiles} />
        <PartsField parts={parts} onChange={setParts} error={errors.parts} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={saving}>
            Submit Claim
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

import { useEffect, useState } from 'react';
import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import type { Branch } from '@portal/domain';
import { chooseBranch, useSessionState } from '@/lib/session-store';

/**
 * 'Select Branch' (spec 2 "Modals"). While no branch is chosen it cannot be dismissed: no close
 * button, no Escape, no outside click, Cancel disabled.
 */
export function BranchModal({ opened, branches, onClose }: { opened: boolean; branches: Branch[]; onClose: () => void }) {
  const { branchNumber } = useSessionState();
  const [choice, setChoice] = useState<string>(branchNumber ? String(branchNumber) : '');
  const [error, setError] = useState<string | null>(null);
  const dismissible = branchNumber !== null;

  useEffect(() => {
    if (opened) {
      setChoice(branchNumber ? String(branchNumber) : '');
      setError(null);
    }
  }, [opened, branchNumber]);

  function confirm() {
    const chosen = branches.find((b) => String(b.branchNumber) === choice);
    if (!chosen) {
      setError('Please select a branch.');
      return;
    }
    chooseBranch(chosen.branchNumber);
    onClose();
  }

  return (
    <Modal
      opened={opened}
      onClose={() => dismissible && onClose()}
      title="Select Branch"
      size={400}
      withCloseButton={dismissible}
      closeOnEscape={dismissible}
      closeOnClickOutside={dismissible}
    >
      <Stack>
        <Radio.Group label="Branch" value={choice} onChange={setChoice} error={error}>
          <Stack gap="xs" mt="xs">
            {branches.map((b) => (
              <Radio key={b.branchNumber} value={String(b.branchNumber)} label={`${b.branchNumber} ${b.name}`} />
            ))}
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={!dismissible}>
            Cancel
          </Button>
          <Button onClick={confirm}>OK</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

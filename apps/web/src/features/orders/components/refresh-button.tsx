import { ActionIcon } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

export function RefreshButton({ onClick, loading }: { onClick: () => void; loading?: boolean }) {
  return (
    <ActionIcon variant="default" size="lg" aria-label="Refresh" onClick={onClick} loading={loading}>
      <IconRefresh size={18} aria-hidden />
    </ActionIcon>
  );
}

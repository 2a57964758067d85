import { useState } from 'react';
import { ActionIcon, Group, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { pageJumpTarget } from '@portal/domain/rules';

type PagerProps = { page: number; totalPages: number; onPage: (page: number) => void; label: string };

/**
 * Previous / page number / 'of N' / next, shown above and below the catalog tiles and the order
 * results (spec 2). A typed page applies on Enter or when leaving the box when it is a whole number
 * within 1..N other than the current page (spec 5); anything else puts the current page back.
 */
export function Pager({ page, totalPages, onPage, label }: PagerProps) {
  const [text, setText] = useState(String(page));
  const [shownPage, setShownPage] = useState(page);
  if (shownPage !== page) {
    setShownPage(page);
    setText(String(page));
  }

  const apply = () => {
    const target = pageJumpTarget(text, page, totalPages);
    if (target === null) setText(String(page));
    else onPage(target);
  };

  return (
    <Group component="nav" aria-label={label} gap="xs" wrap="nowrap">
      <ActionIcon variant="default" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <IconChevronLeft size={16} aria-hidden />
      </ActionIcon>
      <TextInput
        aria-label="Page number"
        value={text}
        inputMode="numeric"
        w={64}
        size="xs"
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={apply}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply();
        }}
      />
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        of {totalPages}
      </Text>
      <ActionIcon variant="default" aria-label="Next page" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        <IconChevronRight size={16} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

import { useEffect, useState } from 'react';
import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';

/** Spec 9: list filters apply 250 ms after the last keystroke. */
export const FILTER_DELAY_MS = 250;

export function KeywordFilter({ onChange }: { onChange: (keyword: string) => void }) {
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value, FILTER_DELAY_MS);
  useEffect(() => onChange(debounced), [debounced, onChange]);
  return (
    <TextInput
      label="Filter"
      placeholder="Keyword"
      leftSection={<IconSearch size={16} aria-hidden />}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      w={{ base: '100%', xs: 280 }}
    />
  );
}

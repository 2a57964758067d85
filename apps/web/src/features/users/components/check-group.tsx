import { Checkbox, Fieldset, Input, SimpleGrid } from '@mantine/core';

type Item<T> = { value: T; label: string };

type Props<T extends string | number> = {
  legend: string;
  /** The 'All' box: inherit every one of the organization's (spec 4 "User detail", 6). */
  all: boolean;
  onAllChange: (checked: boolean) => void;
  items: Item<T>[];
  selected: T[];
  onSelectedChange: (selected: T[]) => void;
  disabled?: boolean;
  error?: string;
};

/**
 * Branch or role selection with an 'All' box that checks and locks the individual boxes;
 * unticking it unlocks them, still checked, to be narrowed down.
 */
export function CheckGroup<T extends string | number>(props: Props<T>) {
  const { legend, all, onAllChange, items, selected, onSelectedChange, disabled, error } = props;
  const errorId = `${legend.toLowerCase()}-error`;

  return (
    <Fieldset legend={legend} aria-describedby={error ? errorId : undefined}>
      <Checkbox
        label="All"
        checked={all}
        disabled={disabled}
        mb="sm"
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          onAllChange(checked);
          if (checked) onSelectedChange(items.map((i) => i.value));
        }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {items.map((item) => (
          <Checkbox
            key={item.value}
            label={item.label}
            checked={all || selected.includes(item.value)}
            disabled={disabled || all}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              onSelectedChange(checked ? [...selected, item.value] : selected.filter((v) => v !== item.value));
            }}
          />
        ))}
      </SimpleGrid>
      {error && (
        <Input.Error id={errorId} mt="xs">
          {error}
        </Input.Error>
      )}
    </Fieldset>
  );
}

import { useRef, useState } from 'react';
import {
  ActionIcon,
  Combobox,
  Group,
  Loader,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  useCombobox,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { CLAIM_MAX_PARTS, CLAIM_PART_MAX_QUANTITY, CLAIM_PART_SEARCH_MIN_CHARS } from '@portal/domain/rules';
import type { ClaimPartOption } from '@portal/domain';
import { useClaimPartSearch } from '../api/claim-parts';

/** A part chosen for the claim: what the form shows and, without the description, what it sends. */
export type ChosenPart = { sku: string; description: string; quantity: number };

/** Pause in typing before the catalog is searched. */
const SEARCH_DEBOUNCE_MS = 200;

type PartsFieldProps = {
  parts: ChosenPart[];
  onChange: (parts: ChosenPart[]) => void;
  error?: string;
};

/** The chosen parts: each with its quantity and its 'Remove {sku}' button. */
function ChosenPartsTable({ parts, onChange }: { parts: ChosenPart[]; onChange: (parts: ChosenPart[]) => void }) {
  if (parts.length === 0) return null;
  const setQuantity = (sku: string, quantity: number) => onChange(parts.map((p) => (p.sku === sku ? { ...p, quantity } : p)));
  return (
    <Table aria-label="Parts chosen" verticalSpacing={4}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Part</Table.Th>
          <Table.Th>Quantity</Table.Th>
          <Table.Th>
            <VisuallyHidden>Remove</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {parts.map((part) => (
          <Table.Tr key={part.sku}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {part.sku}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {part.description}
              </Text>
            </Table.Td>
            <Table.Td w={96}>
              <NumberInput
                aria-label={`Quantity of ${part.sku}`}
                size="xs"
                min={1}
                max={CLAIM_PART_MAX_QUANTITY}
                allowDecimal={false}
                allowNegative={false}
                clampBehavior="strict"
                value={part.quantity}
                onChange={(value) => setQuantity(part.sku, typeof value === 'number' && value >= 1 ? value : 1)}
              />
            </Table.Td>
            <Table.Td w={40}>
              <Group justify="flex-end">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${part.sku}`}
                  onClick={() => onChange(parts.filter((p) => p.sku !== part.sku))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * 'Parts Needed' (issue 37: chosen from the catalog): a combobox that searches the dealer's catalogs
 * by SKU or name as they type; choosing a product adds it with quantity 1 (choosing it again adds
 * one more), and each chosen part has its quantity and a 'Remove {sku}' button.
 */
export function PartsField({ parts, onChange, error }: PartsFieldProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [typed, setTyped] = useState('');
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const search = useClaimPartSearch(debounced);
  const asking = typed.trim().length >= CLAIM_PART_SEARCH_MIN_CHARS;
  const options = asking ? (search.data ?? []) : [];
  const full = parts.length >= CLAIM_MAX_PARTS;

  // Every option shown, by SKU: a click may land just as the next answer replaces the list.
  const shown = useRef(new Map<string, ClaimPartOption>());
  for (const option of options) shown.current.set(option.sku, option);

  const choose = (sku: string) => {
    const option = shown.current.get(sku);
    if (!option) return;
    const chosen = parts.find((p) => p.sku === sku);
    onChange(
      chosen
        ? parts.map((p) => (p.sku === sku ? { ...p, quantity: Math.min(p.quantity + 1, CLAIM_PART_MAX_QUANTITY) } : p))
        : [...parts, { sku: option.sku, description: option.description, quantity: 1 }],
    );
    setTyped('');
    combobox.closeDropdown();
  };

  return (
    <Stack gap="xs">
      <Combobox store={combobox} onOptionSubmit={choose} withinPortal={false}>
        <Combobox.Target>
          <TextInput
            label="Parts Needed"
            description={
              full ? `A claim lists at most ${CLAIM_MAX_PARTS} parts.` : 'Search your catalog by SKU or name, then choose a part.'
            }
            placeholder="SKU or name"
            value={typed}
            disabled={full}
            autoComplete="off"
            error={error}
            rightSection={asking && search.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!asking}>
          <Combobox.Options aria-label="Parts found">
            {options.map((option) => (
              <Combobox.Option value={option.sku} key={option.sku}>
                <Text size="sm" fw={600}>
                  {option.sku}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {option.description}
                </Text>
              </Combobox.Option>
            ))}
            {asking && search.isSuccess && options.length === 0 && <Combobox.Empty>No product of your catalog matches.</Combobox.Empty>}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <ChosenPartsTable parts={parts} onChange={onChange} />
    </Stack>
  );
}

import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { bulkPricingTiers, formatMoney, netPriceError, readNetPrice } from '@portal/domain/rules';

/**
 * The Bulk Pricing calculator (spec 2, 5, 9): one Net Price box, focused on load; Enter or
 * Calculate shows the five quantity tiers. Dollar signs and commas are read as the price override
 * reads them ("$1,000" is 1000); an entry that is still not a price becomes 0.00 (spec 5) and is
 * named in an error under the box, never a silent zero (issue 34). A read price is shown back with
 * two decimals.
 */
export function BulkPricingPage() {
  const [text, setText] = useState('');
  const [netPrice, setNetPrice] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const tiers = bulkPricingTiers(netPrice);

  const calculate = (event: FormEvent) => {
    event.preventDefault();
    const read = readNetPrice(text);
    if (read.kind === 'unreadable') {
      // Spec 5: an invalid or negative entry becomes 0, shown with two decimals; the message names it.
      setNetPrice(0);
      setText((0).toFixed(2));
      setError(netPriceError(read.entry));
      return;
    }
    const value = read.kind === 'price' ? read.value : 0;
    setError(null);
    setNetPrice(value);
    setText(value.toFixed(2));
  };

  return (
    <Stack maw={520}>
      <Title order={1}>Bulk Pricing</Title>
      <Text c="dimmed" size="sm">
        Each quantity tier is 2% below the one before, rounded to whole dollars. An order must ship together to one address.
      </Text>
      <form onSubmit={calculate} aria-label="Bulk pricing calculator">
        <Group align="flex-end">
          <TextInput
            label="Net Price"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
            inputMode="decimal"
            leftSection="$"
            data-autofocus
            autoFocus
            style={{ flex: 1 }}
          />
          <Button type="submit">Calculate</Button>
        </Group>
      </form>
      <Table withTableBorder aria-label="Bulk pricing tiers" aria-live="polite">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Quantity</Table.Th>
            <Table.Th scope="col" ta="right">
              Price Each
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tiers.map((tier) => (
            <Table.Tr key={tier.label}>
              <Table.Th scope="row" fw={500}>
                {tier.label} units
              </Table.Th>
              <Table.Td ta="right" data-testid={`tier-${tier.label}`}>
                {formatMoney(tier.price)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

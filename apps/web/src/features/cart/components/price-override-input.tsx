import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { formatMoney, parsePriceOverride } from '@portal/domain/rules';
import { setPriceOverride } from '../store';

type Props = { sku: string; price: number };

/**
 * The dealer's own unit price, offered only when the organization allows price override (spec 6).
 * Spec 5: dollar signs and commas are stripped; anything but digits and a dot reverts; >= 0.
 */
export function PriceOverrideInput({ sku, price }: Props) {
  const [draft, setDraft] = useState<string | null>(null);

  function commit() {
    if (draft === null) return;
    const dollars = parsePriceOverride(draft);
    setDraft(null);
    if (dollars !== null) setPriceOverride(sku, dollars);
  }

  return (
    <TextInput
      aria-label={`Price for ${sku}`}
      value={draft ?? formatMoney(price)}
      inputMode="decimal"
      w={120}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setDraft(null);
      }}
    />
  );
}

import { useState } from 'react';
import { TextInput } from '@mantine/core';
import { parseCartQuantity } from '@portal/domain/rules';
import { removeFromCart, updateItemQuantity } from '../store';

type Props = { sku: string; quantity: number };

/**
 * The editable quantity of a cart line (spec 5): digits only, else the box reverts to the previous
 * value; zero or empty removes the item (spec 4). Applied on Enter or when the box loses focus.
 */
export function QuantityInput({ sku, quantity }: Props) {
  const [draft, setDraft] = useState<string | null>(null);

  function commit() {
    if (draft === null) return;
    const parsed = parseCartQuantity(draft);
    setDraft(null);
    if (parsed.kind === 'remove') removeFromCart(sku);
    else if (parsed.kind === 'set') updateItemQuantity(sku, parsed.quantity);
  }

  return (
    <TextInput
      aria-label={`Quantity for ${sku}`}
      value={draft ?? String(quantity)}
      inputMode="numeric"
      w={80}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
        if (event.key === 'Escape') setDraft(null);
      }}
    />
  );
}

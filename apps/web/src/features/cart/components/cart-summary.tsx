import { useId } from 'react';
import { Button, Group, NavLink, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatMoney } from '@portal/domain/rules';
import { useCartState, useCartSummary } from '../store';
import { cartTotalNote } from './cart-total-note';

function summaryText(count: number, total: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'} · ${formatMoney(total)}`;
}

/** The side menu's Shopping Cart entry with the item count and total (spec 2 "Signed-in shell"). */
export function CartMenuEntry({ active, onNavigate }: { active: boolean; onNavigate: () => void }) {
  const { count, total } = useCartSummary();
  const summaryId = useId();
  // The entry keeps 'Shopping Cart' as its name; the count and total describe it.
  return (
    <NavLink
      component={Link}
      to="/shopping-cart"
      label="Shopping Cart"
      aria-label="Shopping Cart"
      aria-describedby={summaryId}
      description={
        <span id={summaryId} data-testid="menu-cart-summary">
          {summaryText(count, total)}
        </span>
      }
      leftSection={<IconShoppingCart size={18} aria-hidden />}
      active={active}
      onClick={onNavigate}
    />
  );
}

/** The header's cart summary (checkout and catalog roles, spec 2). */
export function CartHeaderSummary() {
  const { count, total } = useCartSummary();
  // The total is the Grand Total: a note says when charges are in it (issue 16); the link keeps its name.
  const note = cartTotalNote(useCartState().chargesSubTotal);
  const noteId = useId();
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        component={Link}
        to="/shopping-cart"
        variant="light"
        size="compact-sm"
        leftSection={<IconShoppingCart size={16} aria-hidden />}
        aria-label={`Cart summary: ${summaryText(count, total)}`}
        aria-describedby={note ? noteId : undefined}
        data-testid="header-cart-summary"
      >
        {summaryText(count, total)}
      </Button>
      {note && (
        // Two short lines on a phone, so a large total still fits the header without sideways scroll.
        <Text id={noteId} size="xs" c="gray.7" lh={1.15} maw={{ base: 52, xs: 'none' }} data-testid="header-cart-note">
          {note}
        </Text>
      )}
    </Group>
  );
}

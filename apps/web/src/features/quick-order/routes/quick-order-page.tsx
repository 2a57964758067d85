import { useId, useState, type ChangeEvent } from 'react';
import { Anchor, Button, Group, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router';
import { availabilityText, firstCatalogId, formatMoney, hasRoles, QUICK_ORDER_MAX_LINES } from '@portal/domain/rules';
import type { QuickOrderResultLine } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { RejectedLines } from '@/components/rejected-lines';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { useCart } from '@/app/providers/cart';
import { addedText } from '@/lib/priced-lines';
import { useSession, useSessionState } from '@/lib/session-store';
import { useQuickOrder, type Outcome } from './use-quick-order';

const ADDED_COLUMNS: StackedColumn<QuickOrderResultLine>[] = [
  { header: 'Line', cell: (l) => l.line },
  { header: 'SKU', stacked: 'title', cell: (l) => l.sku },
  { header: 'Description', stacked: 'block', cell: (l) => l.item?.label ?? '' },
  { header: 'Quantity', align: 'right', cell: (l) => l.quantity },
  { header: 'Price', align: 'right', cell: (l) => formatMoney(l.item?.price ?? 0) },
  { header: 'Availability', cell: (l) => (l.availability ? availabilityText(l.availability).text : '') },
];

/** 'CSV file': a plain file input (its id `fileId`), labelled and described by its hint. */
function CsvFileInput({ fileId, onChange }: { fileId: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void }) {
  return (
    <Stack gap={4}>
      <Text component="label" htmlFor={fileId} size="sm" fw={500}>
        CSV file
      </Text>
      <Text size="xs" c="dimmed" id={`${fileId}-hint`}>
        Columns: SKU, quantity (a header row is skipped).
      </Text>
      <input id={fileId} type="file" accept=".csv,.txt,text/csv,text/plain" aria-describedby={`${fileId}-hint`} onChange={onChange} />
    </Stack>
  );
}

/** What was added (lines and units), the lines left out with their reasons, and the added lines. */
function QuickOrderOutcome({ outcome }: { outcome: Outcome }) {
  return (
    <Stack gap="sm">
      <Text role="status" fw={500}>
        {addedText(outcome.added.length, outcome.addedUnits)}
      </Text>
      <RejectedLines lines={outcome.rejected} />
      {outcome.added.length > 0 && (
        <StackedTable
          aria-label="Added to the cart"
          columns={ADDED_COLUMNS}
          rows={outcome.added}
          rowKey={(l) => l.line}
          minWidth={720}
          striped
        />
      )}
    </Stack>
  );
}

/**
 * Quick Order (issue 20, route /quick-order): SKUs and quantities typed, pasted from a spreadsheet
 * or read from a CSV file, priced by the server for the branch and destination state, and added to
 * the cart of the current catalog; every line left out is listed with its number and reason.
 */
export function QuickOrderPage() {
  const { user } = useSession();
  const { branchNumber, destinationState } = useSessionState();
  const cart = useCart();
  const catalogs = user.catalogs;
  const [chosenCatalog, setChosenCatalog] = useState(firstCatalogId(catalogs));
  // The cart holds one catalog's items (spec 4): a cart with items decides the catalog.
  const catalog = cart.catalog ?? chosenCatalog;
  const { text, typeText, problem, fileNote, outcome, pending, readFile, addToCart } = useQuickOrder({
    catalog,
    branchNumber,
    destinationState,
  });
  const fileId = useId();

  if (!hasRoles(user.roles, 'checkout', 'catalog')) return <NotAllowed what="the quick order" />;

  const catalogLabel = catalogs.find((c) => c.id === catalog)?.label ?? catalog;

  return (
    <Stack gap="lg">
      <Title order={1}>Quick Order</Title>
      <Text>
        Enter one SKU and quantity per line (<code>SKU, quantity</code> or <code>SKU quantity</code>), paste two columns from a spreadsheet,
        or read a CSV file with the same columns. Up to {QUICK_ORDER_MAX_LINES} lines.
      </Text>

      {cart.catalog !== null || catalogs.length <= 1 ? (
        <Text fw={500}>Cart for Catalog: {catalogLabel}</Text>
      ) : (
        <NativeSelect
          label="Catalog"
          maw={360}
          value={chosenCatalog}
          onChange={(event) => setChosenCatalog(event.currentTarget.value)}
          data={catalogs.map((c) => ({ value: c.id, label: c.label }))}
        />
      )}

      <Textarea
        label="SKUs and quantities"
        placeholder={'PBYAX-0104, 2\nRMSTC-2400 1'}
        autosize
        minRows={8}
        maxRows={20}
        value={text}
        onChange={(event) => typeText(event.currentTarget.value)}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        spellCheck={false}
        autoCapitalize="characters"
      />

      <CsvFileInput fileId={fileId} onChange={(event) => void readFile(event)} />
      {fileNote && (
        <Text size="sm" role="status">
          {fileNote}
        </Text>
      )}

      {problem && (
        <Text c="red" role="alert">
          {problem}
        </Text>
      )}
      {branchNumber === null && <Text c="dimmed">Select a branch to order.</Text>}

      <Group>
        <Button onClick={() => void addToCart()} loading={pending} disabled={branchNumber === null}>
          Add To Cart
        </Button>
        <Anchor component={Link} to="/shopping-cart">
          View Cart
        </Anchor>
      </Group>

      {outcome && <QuickOrderOutcome outcome={outcome} />}
    </Stack>
  );
}

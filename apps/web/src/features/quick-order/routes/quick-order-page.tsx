import { useId, useState, type ChangeEvent } from 'react';
import { Anchor, Button, Group, NativeSelect, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router';
import {
  availabilityText,
  firstCatalogId,
  formatMoney,
  hasRoles,
  parseQuickOrder,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_REASONS,
} from '@portal/domain/rules';
import type { QuickOrderResultLine, QuickOrderValidateRequest } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { RejectedLines } from '@/components/rejected-lines';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { ApiError } from '@/lib/api-client';
import { DIFFERENT_CATALOG_WARNING, useCart, useCartActions } from '@/app/providers/cart';
import { addedText, type RejectedLine } from '@/lib/priced-lines';
import { useSession, useSessionState } from '@/lib/session-store';
import { validateQuickOrder } from '../api/validate-quick-order';

/** A CSV file larger than this is not a list of 500 SKUs. */
const MAX_FILE_BYTES = 512 * 1024;

type Outcome = { added: QuickOrderResultLine[]; addedUnits: number; rejected: RejectedLine[] };

const ADDED_COLUMNS: StackedColumn<QuickOrderResultLine>[] = [
  { header: 'Line', cell: (l) => l.line },
  { header: 'SKU', stacked: 'title', cell: (l) => l.sku },
  { header: 'Description', stacked: 'block', cell: (l) => l.item?.label ?? '' },
  { header: 'Quantity', align: 'right', cell: (l) => l.quantity },
  { header: 'Price', align: 'right', cell: (l) => formatMoney(l.item?.price ?? 0) },
  { header: 'Availability', cell: (l) => (l.availability ? availabilityText(l.availability).text : '') },
];

/**
 * Quick Order (issue 20, route /quick-order): SKUs and quantities typed, pasted from a spreadsheet
 * or read from a CSV file, priced by the server for the branch and destination state, and added to
 * the cart of the current catalog; every line left out is listed with its number and reason.
 */
export function QuickOrderPage() {
  const { user } = useSession();
  const { branchNumber, destinationState } = useSessionState();
  const cart = useCart();
  const { addPricedLines } = useCartActions();
  const catalogs = user.catalogs;
  const [chosenCatalog, setChosenCatalog] = useState(firstCatalogId(catalogs));
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [fileNote, setFileNote] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);
  const fileId = useId();

  if (!hasRoles(user.roles, 'checkout', 'catalog')) return <NotAllowed what="the quick order" />;

  // The cart holds one catalog's items (spec 4): a cart with items decides the catalog.
  const catalog = cart.catalog ?? chosenCatalog;
  const catalogLabel = catalogs.find((c) => c.id === catalog)?.label ?? catalog;

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setOutcome(null);
    if (file.size > MAX_FILE_BYTES) {
      setProblem('The file is too large for a quick order.');
      return;
    }
    const content = await file.text();
    setText(content.replace(/\r\n?/g, '\n'));
    setProblem(null);
    setFileNote(`Read ${file.name}. Check the lines, then choose Add To Cart.`);
  }

  async function addToCart() {
    setOutcome(null);
    const parsed = parseQuickOrder(text);
    setProblem(parsed.problem);
    if (parsed.problem || branchNumber === null) return;
    const parseErrors: RejectedLine[] = parsed.errors.map((e) => ({ line: e.line, sku: e.sku, message: QUICK_ORDER_REASONS[e.reason] }));
    if (parsed.lines.length === 0) {
      setOutcome({ added: [], addedUnits: 0, rejected: parseErrors });
      return;
    }
    setPending(true);
    try {
      const answer = await validateQuickOrder({
        catalog,
        branchNumber,
        shipToState: destinationState as QuickOrderValidateRequest['shipToState'],
        lines: parsed.lines,
      });
      const result = addPricedLines(answer, parseErrors);
      if (result.differentCatalog) {
        setProblem(DIFFERENT_CATALOG_WARNING);
        return;
      }
      const rejectedLines = new Set(result.rejected.map((r) => r.line));
      setOutcome({
        added: answer.lines.filter((l) => l.item && !rejectedLines.has(l.line)),
        addedUnits: result.addedUnits,
        rejected: result.rejected,
      });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : 'The quick order could not be checked. Please try again later.');
    } finally {
      setPending(false);
    }
  }

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
        onChange={(event) => {
          setText(event.currentTarget.value);
          setFileNote(null);
        }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        spellCheck={false}
        autoCapitalize="characters"
      />

      <Stack gap={4}>
        <Text component="label" htmlFor={fileId} size="sm" fw={500}>
          CSV file
        </Text>
        <Text size="xs" c="dimmed" id={`${fileId}-hint`}>
          Columns: SKU, quantity (a header row is skipped).
        </Text>
        <input
          id={fileId}
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          aria-describedby={`${fileId}-hint`}
          onChange={(event) => void readFile(event)}
        />
      </Stack>
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

      {outcome && (
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
      )}
    </Stack>
  );
}

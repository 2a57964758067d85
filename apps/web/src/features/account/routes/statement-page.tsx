import { useState } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AGING_BUCKETS, formatDate, formatMoney } from '@portal/domain/rules';
import type { InvoicePayment, Statement } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { downloadInvoicePdf, startInvoicePayment } from '../api/invoice-payments';
import { statementQuery } from '../api/statement';
import { PayInvoicesDialog } from '../components/pay-invoices-dialog';
import { invoiceColumns } from './invoice-columns';

type AgingRow = { key: 'aging' } & Statement['aging'];

const AGING_COLUMNS: StackedColumn<AgingRow>[] = AGING_BUCKETS.map((bucket) => ({
  header: bucket.label,
  align: 'right',
  nowrap: true,
  cell: (row: AgingRow) => formatMoney(row[bucket.key]),
}));

function Figure({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed" component="h2" m={0} fw={400}>
        {label}
      </Text>
      <Text fz={24} fw={700} c={alert ? 'red.8' : undefined} data-testid={`figure-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
    </Card>
  );
}

/** The four figures of the statement's head, the date they are of, and what the uninvoiced orders take. */
function StatementFigures({ data }: { data: Statement }) {
  return (
    <>
      <Text size="sm" c="dimmed">
        As of {formatDate(data.asOf)}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Figure label="Credit Limit" value={data.creditLimit === null ? 'No limit' : formatMoney(data.creditLimit)} />
        <Figure label="Balance" value={formatMoney(data.balance)} />
        <Figure label="Available Credit" value={data.availableCredit === null ? 'No limit' : formatMoney(data.availableCredit)} />
        <Figure label="Past Due" value={formatMoney(data.pastDue)} alert={data.pastDue > 0} />
      </SimpleGrid>
      {data.uninvoicedOrders > 0 && (
        <Text size="sm" c="dimmed">
          On-account orders not yet invoiced ({formatMoney(data.uninvoicedOrders)}) count against the available credit too.
        </Text>
      )}
    </>
  );
}

/** An invoice as a PDF; a failure is told, unless the session ended (the api client has gone to the login page). */
async function downloadPdf(invoiceNumber: string) {
  try {
    await downloadInvoicePdf(invoiceNumber);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401))
      notify.error('The invoice PDF could not be downloaded. Please try again later.');
  }
}

/** The invoices ticked for payment, and the pending payment of them the dialog pays by card. */
function useInvoicePayment() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [payment, setPayment] = useState<InvoicePayment | null>(null);
  const [starting, setStarting] = useState(false);
  const queryClient = useQueryClient();

  const toggle = (invoiceNumber: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(invoiceNumber);
      else next.delete(invoiceNumber);
      return next;
    });

  /** 'Pay Selected': a pending payment of the selected invoices, paid by card in the dialog. */
  async function paySelected() {
    setStarting(true);
    try {
      setPayment(await startInvoicePayment([...selected]));
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401))
        notify.error(error instanceof ApiError ? error.message : 'The payment could not be started. Please try again later.');
      // An invoice paid or changed meanwhile: show the statement as it is now.
      await queryClient.invalidateQueries({ queryKey: ['account'] });
    } finally {
      setStarting(false);
    }
  }

  function paid() {
    setPayment(null);
    setSelected(new Set());
    void queryClient.invalidateQueries({ queryKey: ['account'] });
  }

  return { selected, toggle, payment, starting, paySelected, paid, closePayment: () => setPayment(null) };
}

/**
 * /account/statement (issue 36, role accounting; interface-contract "Account statement"): the
 * organization's credit limit, balance, available credit and past due, the aging of the open
 * balances by due date, and the open and recently paid invoices, each with its order (a link when
 * the user may open it) and, when open, a checkbox to select it; 'Pay Selected' pays the selected
 * invoices by card (PayInvoicesDialog), and each invoice downloads as a PDF.
 */
export function StatementPage() {
  const { user } = useSession();
  const statement = useQuery({ ...statementQuery(), enabled: user.roles.accounting });
  const { selected, toggle, payment, starting, paySelected, paid, closePayment } = useInvoicePayment();

  if (!user.roles.accounting) return <NotAllowed what="the account statement" />;

  const data = statement.data;
  const columns = invoiceColumns({ selected, onToggle: toggle, onDownload: (invoiceNumber) => void downloadPdf(invoiceNumber) });
  const selectedTotal = (data?.invoices ?? []).filter((i) => selected.has(i.invoiceNumber)).reduce((sum, i) => sum + i.balance, 0);

  return (
    <Stack>
      <Title order={1}>Statement</Title>
      {statement.isError && <Text role="alert">The statement could not be loaded. Please try again later.</Text>}
      {data && (
        <>
          <StatementFigures data={data} />
          <Title order={2} size="h3">
            Aging
          </Title>
          <StackedTable
            aria-label="Aging"
            columns={AGING_COLUMNS}
            rows={[{ key: 'aging', ...data.aging }]}
            rowKey={(row) => row.key}
            withTableBorder
          />
          <Title order={2} size="h3">
            Invoices
          </Title>
          <StackedTable
            aria-label="Invoices"
            columns={columns}
            rows={data.invoices}
            rowKey={(invoice) => invoice.invoiceNumber}
            minWidth={760}
            emptyText="No open or recently paid invoices."
            striped
            verticalSpacing="xs"
          />
          <Group justify="flex-end">
            {selected.size > 0 && (
              <Text size="sm" data-testid="selected-total">
                {selected.size} selected: {formatMoney(selectedTotal)}
              </Text>
            )}
            <Button disabled={selected.size === 0} loading={starting} onClick={() => void paySelected()}>
              Pay Selected
            </Button>
          </Group>
        </>
      )}
      {payment && <PayInvoicesDialog payment={payment} email={user.email} onPaid={paid} onClose={closePayment} />}
    </Stack>
  );
}

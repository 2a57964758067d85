import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AGING_BUCKETS, formatDate, formatMoney, INVOICE_STATUS_LABELS } from '@portal/domain/rules';
import type { InvoicePayment, Statement, StatementInvoice } from '@portal/domain';
import { NotAllowed } from '@/components/not-allowed';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session-store';
import { downloadInvoicePdf, startInvoicePayment } from '../api/invoice-payments';
import { statementQuery } from '../api/statement';
import { PayInvoicesDialog } from '../components/pay-invoices-dialog';

const STATUS_COLORS = { open: 'blue', paid: 'green', void: 'gray' } as const;

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
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [payment, setPayment] = useState<InvoicePayment | null>(null);
  const [starting, setStarting] = useState(false);
  const queryClient = useQueryClient();

  if (!user.roles.accounting) return <NotAllowed what="the account statement" />;

  const data = statement.data;
  const toggle = (invoiceNumber: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(invoiceNumber);
      else next.delete(invoiceNumber);
      return next;
    });

  const columns: StackedColumn<StatementInvoice>[] = [
    {
      header: 'Invoice',
      stacked: 'title',
      nowrap: true,
      cell: (invoice) =>
        invoice.status === 'open' ? (
          <Checkbox
            label={invoice.invoiceNumber}
            aria-label={`Select invoice ${invoice.invoiceNumber}`}
            checked={selected.has(invoice.invoiceNumber)}
            onChange={(event) => toggle(invoice.invoiceNumber, event.currentTarget.checked)}
          />
        ) : (
          <Text span size="sm" pl={32}>
            {invoice.invoiceNumber}
          </Text>
        ),
    },
    {
      header: 'Order',
      nowrap: true,
      cell: (invoice) =>
        invoice.documentNumber === null ? (
          ''
        ) : invoice.orderLinked ? (
          <Anchor component={Link} to={`/orders/details/${invoice.documentNumber}`} state={{ from: '/account/statement' }} size="sm">
            {invoice.documentNumber}
          </Anchor>
        ) : (
          String(invoice.documentNumber)
        ),
    },
    { header: 'Invoice Date', nowrap: true, cell: (invoice) => formatDate(invoice.invoiceDate) },
    {
      header: 'Due Date',
      nowrap: true,
      cell: (invoice) => (
        <Text span size="sm" c={invoice.status === 'open' && invoice.daysPastDue > 0 ? 'red.8' : undefined}>
          {formatDate(invoice.dueDate)}
        </Text>
      ),
    },
    {
      header: 'Amount',
      align: 'right',
      nowrap: true,
      cell: (invoice) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {formatMoney(invoice.amount)}
          <ActionIcon
            variant="subtle"
            size="sm"
            aria-label={`Download invoice ${invoice.invoiceNumber}`}
            onClick={() => void downloadPdf(invoice.invoiceNumber)}
          >
            <IconDownload size={14} aria-hidden />
          </ActionIcon>
        </Group>
      ),
    },
    { header: 'Balance', align: 'right', nowrap: true, cell: (invoice) => formatMoney(invoice.balance) },
    {
      header: 'Status',
      cell: (invoice) => (
        <Badge variant="light" color={STATUS_COLORS[invoice.status]}>
          {invoice.status === 'open' && invoice.daysPastDue > 0 ? 'Past Due' : INVOICE_STATUS_LABELS[invoice.status]}
        </Badge>
      ),
    },
  ];
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

  async function downloadPdf(invoiceNumber: string) {
    try {
      await downloadInvoicePdf(invoiceNumber);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401))
        notify.error('The invoice PDF could not be downloaded. Please try again later.');
    }
  }

  const selectedTotal = (data?.invoices ?? []).filter((i) => selected.has(i.invoiceNumber)).reduce((sum, i) => sum + i.balance, 0);

  return (
    <Stack>
      <Title order={1}>Statement</Title>
      {statement.isError && <Text role="alert">The statement could not be loaded. Please try again later.</Text>}
      {data && (
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
      {payment && <PayInvoicesDialog payment={payment} email={user.email} onPaid={paid} onClose={() => setPayment(null)} />}
    </Stack>
  );
}

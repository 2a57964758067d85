import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Badge, Checkbox, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate, formatMoney, INVOICE_STATUS_LABELS } from '@portal/domain/rules';
import type { StatementInvoice } from '@portal/domain';
import type { StackedColumn } from '@/components/stacked-table';

const STATUS_COLORS = { open: 'blue', paid: 'green', void: 'gray' } as const;

const isPastDue = (invoice: StatementInvoice) => invoice.status === 'open' && invoice.daysPastDue > 0;

type InvoiceColumnsOptions = {
  /** The open invoices ticked for 'Pay Selected'. */
  selected: ReadonlySet<string>;
  onToggle: (invoiceNumber: string, on: boolean) => void;
  onDownload: (invoiceNumber: string) => void;
};

/** An open invoice's checkbox, to select it for payment; another invoice's number, aligned with the checkboxes' labels. */
function InvoiceCell({ invoice, selected, onToggle }: { invoice: StatementInvoice } & Omit<InvoiceColumnsOptions, 'onDownload'>) {
  if (invoice.status !== 'open') {
    return (
      <Text span size="sm" pl={32}>
        {invoice.invoiceNumber}
      </Text>
    );
  }
  return (
    <Checkbox
      label={invoice.invoiceNumber}
      aria-label={`Select invoice ${invoice.invoiceNumber}`}
      checked={selected.has(invoice.invoiceNumber)}
      onChange={(event) => onToggle(invoice.invoiceNumber, event.currentTarget.checked)}
    />
  );
}

/** The invoice's order: a link when the user may open it, the bare number otherwise, nothing without one. */
const orderOf = (invoice: StatementInvoice): ReactNode => {
  if (invoice.documentNumber === null) return '';
  if (!invoice.orderLinked) return String(invoice.documentNumber);
  return (
    <Anchor component={Link} to={`/orders/details/${invoice.documentNumber}`} state={{ from: '/account/statement' }} size="sm">
      {invoice.documentNumber}
    </Anchor>
  );
};

/** The amount, and the button that downloads the invoice as a PDF. */
function AmountCell({ invoice, onDownload }: { invoice: StatementInvoice; onDownload: InvoiceColumnsOptions['onDownload'] }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {formatMoney(invoice.amount)}
      <ActionIcon
        variant="subtle"
        size="sm"
        aria-label={`Download invoice ${invoice.invoiceNumber}`}
        onClick={() => onDownload(invoice.invoiceNumber)}
      >
        <IconDownload size={14} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** The statement's invoices table (interface-contract "Account statement"). */
export function invoiceColumns({ selected, onToggle, onDownload }: InvoiceColumnsOptions): StackedColumn<StatementInvoice>[] {
  return [
    {
      header: 'Invoice',
      stacked: 'title',
      nowrap: true,
      cell: (invoice) => <InvoiceCell invoice={invoice} selected={selected} onToggle={onToggle} />,
    },
    { header: 'Order', nowrap: true, cell: orderOf },
    { header: 'Invoice Date', nowrap: true, cell: (invoice) => formatDate(invoice.invoiceDate) },
    {
      header: 'Due Date',
      nowrap: true,
      cell: (invoice) => (
        <Text span size="sm" c={isPastDue(invoice) ? 'red.8' : undefined}>
          {formatDate(invoice.dueDate)}
        </Text>
      ),
    },
    { header: 'Amount', align: 'right', nowrap: true, cell: (invoice) => <AmountCell invoice={invoice} onDownload={onDownload} /> },
    { header: 'Balance', align: 'right', nowrap: true, cell: (invoice) => formatMoney(invoice.balance) },
    {
      header: 'Status',
      cell: (invoice) => (
        <Badge variant="light" color={STATUS_COLORS[invoice.status]}>
          {isPastDue(invoice) ? 'Past Due' : INVOICE_STATUS_LABELS[invoice.status]}
        </Badge>
      ),
    },
  ];
}

import { useLayoutEffect, useRef, type Key, type ReactNode } from 'react';
import { Table, Text, VisuallyHidden, type TableProps } from '@mantine/core';
// Its styles (./stacked-table.css) load with the signed-in layouts (src/app/signed-in-styles.ts) and
// with every other screen (src/app/all-styles.ts).

/**
 * How a cell shows once the rows are stacked: 'field' (the default) puts the column's name and the
 * value on one line; 'title' is the card's heading (no name, shown first); 'media' is an image
 * beside the title; 'block' puts the name above a long value.
 */
export type StackedCellKind = 'field' | 'title' | 'media' | 'block';

export type StackedColumn<T> = {
  /** The column header, also the name before the value in a stacked row. */
  header: string;
  /** Read by screen readers but not shown in the header row (an icon column such as remove). */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  nowrap?: boolean;
  stacked?: StackedCellKind;
};

/** A row of the table's foot, a label and a value (charges, taxes, grand total). */
export type StackedSummaryRow = { key: string; label: ReactNode; value: ReactNode; strong?: boolean };

type StackedTableProps<T> = {
  columns: readonly StackedColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  onRowClick?: (row: T) => void;
  /**
   * The width the columns need side by side: a narrower container (a tablet with the side menu
   * open) stacks the rows too. Below 825 px (spec 2's breakpoint) the rows always stack.
   */
  minWidth?: number;
  caption?: ReactNode;
  /** The one row shown when there are no rows (none when undefined). */
  emptyText?: ReactNode;
  summary?: readonly StackedSummaryRow[];
  /** An extra full-width row under a row (an opened message), with the id its toggle controls. */
  detail?: (row: T) => { id: string; content: ReactNode } | null;
  'aria-label'?: string;
  'data-testid'?: string;
} & Pick<TableProps, 'striped' | 'highlightOnHover' | 'withTableBorder' | 'verticalSpacing'>;

/** Spec 2: the layout changes below 825 px (the theme's `sm` breakpoint). */
const PHONE_QUERY = '(width < 51.5625em)';

/**
 * Stacks the rows into cards when the viewport is below 825 px or the container is narrower than
 * `minWidth`. The attribute is set on the element before paint, so no sideways-scrolling table
 * ever shows first; nothing re-renders when it changes.
 */
function useStackedLayout(minWidth: number | undefined) {
  const wrapRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    const wrap = wrapRef.current;
    const table = tableRef.current;
    if (!wrap || !table || typeof window.matchMedia !== 'function') return;
    const phone = window.matchMedia(PHONE_QUERY);
    const update = () => {
      const stacked = phone.matches || (minWidth !== undefined && wrap.clientWidth < minWidth);
      table.toggleAttribute('data-stacked', stacked);
      // A table wider than its room scrolls inside the wrap: keyboard users must be able to reach
      // that scrolling (focusable region, WCAG 2.1.1), and only then is the wrap a tab stop.
      const scrolls = !stacked && wrap.scrollWidth > wrap.clientWidth;
      if (scrolls === wrap.hasAttribute('tabindex')) return;
      if (scrolls) {
        wrap.tabIndex = 0;
        wrap.setAttribute('role', 'region');
        wrap.setAttribute('aria-label', table.getAttribute('aria-label') ?? 'Table');
      } else {
        wrap.removeAttribute('tabindex');
        wrap.removeAttribute('role');
        wrap.removeAttribute('aria-label');
      }
    };
    update();
    phone.addEventListener('change', update);
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(wrap);
    // Rows arriving later can make the table wider than the wrap without resizing the wrap.
    observer?.observe(table);
    return () => {
      phone.removeEventListener('change', update);
      observer?.disconnect();
    };
  }, [minWidth]);
  return { wrapRef, tableRef };
}

/** The header row: each column's name (read by screen readers alone where hideHeader says so). */
function StackedHead<T>({ columns }: { columns: readonly StackedColumn<T>[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column.header} scope="col" ta={column.align}>
            {column.hideHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
          </Table.Th>
        ))}
      </Table.Tr>
    </Table.Thead>
  );
}

/** One row of the table, each cell marked with how it shows once stacked; then its detail row, if any. */
function StackedRow<T>({ row, columns, onRowClick, detail }: { row: T } & Pick<StackedTableProps<T>, 'columns' | 'onRowClick' | 'detail'>) {
  const extra = detail?.(row) ?? null;
  return (
    <>
      <Table.Tr onClick={onRowClick ? () => onRowClick(row) : undefined} style={onRowClick ? { cursor: 'pointer' } : undefined}>
        {columns.map((column) => {
          const kind = column.stacked ?? 'field';
          return (
            <Table.Td
              key={column.header}
              ta={column.align}
              data-label={kind === 'field' || kind === 'block' ? column.header : undefined}
              data-stack={kind}
              style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
            >
              <div className="portal-stacked-value">{column.cell(row)}</div>
            </Table.Td>
          );
        })}
      </Table.Tr>
      {extra && (
        <Table.Tr id={extra.id} data-detail="">
          <Table.Td colSpan={columns.length}>{extra.content}</Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** The table's foot: each label in a row header spanning all columns but the last, its value in the last. */
function StackedSummary({ summary, span }: { summary: readonly StackedSummaryRow[]; span: number }) {
  return (
    <Table.Tfoot>
      {summary.map((line) => (
        <Table.Tr key={line.key}>
          <Table.Th scope="row" colSpan={Math.max(span - 1, 1)} ta="right" fw={line.strong ? 700 : 400} fz={line.strong ? 'lg' : undefined}>
            {line.label}
          </Table.Th>
          <Table.Td ta="right" fw={line.strong ? 700 : undefined} fz={line.strong ? 'lg' : undefined}>
            {line.value}
          </Table.Td>
        </Table.Tr>
      ))}
    </Table.Tfoot>
  );
}

/**
 * The one table of the portal's lists (cart, checkout review, orders, order items, users, badge
 * leads, mailbox): a real `<table>` with `<th>` headers on a wide screen; on a phone each row
 * becomes a card of "name value" lines, every value of the row visible, nothing scrolling
 * sideways. The column names shown in a card are CSS generated content with empty alternative
 * text, so screen readers hear each header once, from the table itself.
 */
export function StackedTable<T>(props: StackedTableProps<T>) {
  const { columns, rows, rowKey, onRowClick, minWidth, caption, emptyText, summary, detail, ...rest } = props;
  const { striped, highlightOnHover, withTableBorder, verticalSpacing } = rest;
  const { wrapRef, tableRef } = useStackedLayout(minWidth);
  const span = columns.length;

  return (
    <div ref={wrapRef} className="portal-stacked-wrap">
      <Table
        ref={tableRef}
        className="portal-stacked-table"
        aria-label={rest['aria-label']}
        data-testid={rest['data-testid']}
        striped={striped}
        highlightOnHover={highlightOnHover}
        withTableBorder={withTableBorder}
        verticalSpacing={verticalSpacing}
        captionSide="top"
      >
        {caption !== undefined && (
          <Table.Caption ta="left">
            <Text component="span" size="sm" c="dimmed">
              {caption}
            </Text>
          </Table.Caption>
        )}
        <StackedHead columns={columns} />
        <Table.Tbody>
          {rows.length === 0 && emptyText !== undefined && (
            <Table.Tr>
              <Table.Td colSpan={span}>
                <Text size="sm" c="dimmed">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((row) => (
            <StackedRow key={rowKey(row)} row={row} columns={columns} onRowClick={onRowClick} detail={detail} />
          ))}
        </Table.Tbody>
        {summary && summary.length > 0 && <StackedSummary summary={summary} span={span} />}
      </Table>
    </div>
  );
}

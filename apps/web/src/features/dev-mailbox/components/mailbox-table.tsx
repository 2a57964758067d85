import { useState } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import type { DevMailboxMessage } from '@portal/domain';
import { StackedTable, type StackedColumn } from '@/components/stacked-table';

const receivedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const bodyIdOf = (message: DevMailboxMessage) => `dev-mail-${message.id}`;

type Props = { messages: DevMailboxMessage[] };

/** The messages, newest first; a subject opens the message text below its row. */
export function MailboxTable({ messages }: Props) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const columns: StackedColumn<DevMailboxMessage>[] = [
    { header: 'To', cell: (message) => message.to },
    {
      header: 'Subject',
      cell: (message) => {
        const expanded = open.has(message.id);
        return (
          <Anchor
            component="button"
            type="button"
            ta="left"
            aria-expanded={expanded}
            aria-controls={expanded ? bodyIdOf(message) : undefined}
            onClick={(event) => {
              event.stopPropagation(); // the row's own click would toggle it back
              toggle(message.id);
            }}
          >
            {message.subject}
          </Anchor>
        );
      },
    },
    { header: 'Received', cell: (message) => receivedFormat.format(new Date(message.createdAt)) },
  ];

  return (
    <StackedTable
      columns={columns}
      rows={messages}
      rowKey={(message) => message.id}
      onRowClick={(message) => toggle(message.id)}
      emptyText="No messages."
      detail={(message) => (open.has(message.id) ? { id: bodyIdOf(message), content: <MessageBody message={message} /> } : null)}
      highlightOnHover
      withTableBorder
    />
  );
}

/**
 * The sender and the text; an HTML body only inside a sandboxed frame, so nothing in a message can
 * run script in the portal's page.
 */
function MessageBody({ message }: { message: DevMailboxMessage }) {
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        From: {message.from}
      </Text>
      <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>
        {message.text}
      </Text>
      {message.html !== null && (
        <details>
          <summary>HTML version</summary>
          <iframe
            sandbox=""
            srcDoc={message.html}
            title={`HTML version of ${message.subject}`}
            style={{ width: '100%', minHeight: 240, border: '1px solid var(--mantine-color-gray-3)' }}
          />
        </details>
      )}
    </Stack>
  );
}

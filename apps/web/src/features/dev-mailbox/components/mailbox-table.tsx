import { Fragment, useState } from 'react';
import { Anchor, Stack, Table, Text } from '@mantine/core';
import type { DevMailboxMessage } from '@portal/domain';

const receivedFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

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

  return (
    <Table highlightOnHover withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>To</Table.Th>
          <Table.Th>Subject</Table.Th>
          <Table.Th>Received</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {messages.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={3}>No messages.</Table.Td>
          </Table.Tr>
        )}
        {messages.map((message) => {
          const expanded = open.has(message.id);
          const bodyId = `dev-mail-${message.id}`;
          return (
            <Fragment key={message.id}>
              <Table.Tr onClick={() => toggle(message.id)} style={{ cursor: 'pointer' }}>
                <Table.Td>{message.to}</Table.Td>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    aria-expanded={expanded}
                    aria-controls={expanded ? bodyId : undefined}
                    onClick={(event) => {
                      event.stopPropagation(); // the row's own click would toggle it back
                      toggle(message.id);
                    }}
                  >
                    {message.subject}
                  </Anchor>
                </Table.Td>
                <Table.Td>{receivedFormat.format(new Date(message.createdAt))}</Table.Td>
              </Table.Tr>
              {expanded && (
                <Table.Tr id={bodyId}>
                  <Table.Td colSpan={3}>
                    <MessageBody message={message} />
                  </Table.Td>
                </Table.Tr>
              )}
            </Fragment>
          );
        })}
      </Table.Tbody>
    </Table>
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
      <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
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

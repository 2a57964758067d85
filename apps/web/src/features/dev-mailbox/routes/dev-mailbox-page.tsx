import { Alert, Button, Container, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { devMailboxQuery } from '../api/dev-mailbox';
import { MailboxTable } from '../components/mailbox-table';

/**
 * /dev/mailbox: the development mail transport's messages (server-rules "Email"), public and outside
 * the signed-in shell so a demo can read a password code before anyone can sign in. The recipient
 * filter lives in the address (`?to=`), so a link can open one person's mail.
 */
export function DevMailboxPage() {
  const [params, setParams] = useSearchParams();
  const recipient = params.get('to') ?? '';
  const [filter] = useDebouncedValue(recipient, 300);
  const messages = useQuery(devMailboxQuery(filter));

  const setRecipient = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set('to', value);
        else next.delete('to');
        return next;
      },
      { replace: true },
    );

  const off = messages.error instanceof ApiError && messages.error.status === 404;

  return (
    <Container size="lg" py="xl" component="main">
      <Stack>
        <Title order={1}>Development Mailbox</Title>
        <Text size="sm" c="dimmed">
          Email the portal would have sent. It is kept here while no mail server is configured; the latest 100 messages are shown.
        </Text>
        <Group align="flex-end">
          <TextInput
            label="Recipient"
            type="email"
            placeholder="Any recipient"
            value={recipient}
            onChange={(event) => setRecipient(event.currentTarget.value)}
            w={320}
          />
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={() => void messages.refetch()}>
            Refresh
          </Button>
        </Group>
        {off ? (
          <Alert color="gray" title="The development mailbox is off">
            This server sends email through a mail server, so no messages are kept here.
          </Alert>
        ) : messages.isError ? (
          <Alert color="red" role="alert" title="The messages could not be loaded">
            {messages.error.message}
          </Alert>
        ) : messages.data ? (
          <MailboxTable messages={messages.data} />
        ) : (
          <Text aria-busy="true">Loading messages...</Text>
        )}
      </Stack>
    </Container>
  );
}

import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Stack>
      <Title order={1}>Page Not Found</Title>
      <Text>
        There is no page at this address.{' '}
        <Anchor component={Link} to="/dashboard">
          Go to Home
        </Anchor>
      </Text>
    </Stack>
  );
}

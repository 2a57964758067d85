import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/**
 * The one answer of every guarded screen the user may not open (issue 34 "Administration words";
 * interface-contract.md "Everyday screens": heading 'Not Allowed' and a link 'Home'), instead of a
 * silent bounce to the dashboard on some screens and a sentence on others. `what` names the screen.
 */
export function NotAllowed({ what }: { what: string }) {
  return (
    <Stack gap="sm" data-testid="not-allowed">
      <Title order={1}>Not Allowed</Title>
      <Text>Your account may not open {what}. Ask your organization&apos;s administrator if you need it.</Text>
      <Text>
        <Anchor component={Link} to="/dashboard">
          Home
        </Anchor>
      </Text>
    </Stack>
  );
}

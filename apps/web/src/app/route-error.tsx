import { Button, Center, Stack, Text, Title } from '@mantine/core';

/** The error boundary of the router: a crashed screen shows this instead of a blank page. */
export function RouteError() {
  return (
    <Center h="100vh">
      <Stack align="center">
        <Title order={1}>Something went wrong</Title>
        <Text>The server encountered an error. Please try again later.</Text>
        <Button onClick={() => window.location.assign('/dashboard')}>Go to Home</Button>
      </Stack>
    </Center>
  );
}

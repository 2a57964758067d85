import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router';
import { NotificationsHost } from './notifications-host';
import { router } from './router';
import { cssVariablesResolver, theme } from './theme';

/** The providers every page shares; the query cache is a layout route's (./query-layout.tsx). */
export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <NotificationsHost />
      <RouterProvider router={router} />
    </MantineProvider>
  );
}

import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useNotifications, type NotificationsProps } from '@mantine/notifications';

// The toasts' container (transitions, portal, scroll-lock styles) loads with the first toast rather
// than with the login page (performance.md "Web"); a toast shown before it is loaded waits in the
// store. If it cannot load (offline, or a deploy replaced the chunk), the page goes on without toasts.
const Notifications = lazy<ComponentType<NotificationsProps>>(() =>
  import('./notifications-container').then(
    (module) => ({ default: module.Notifications }),
    () => ({ default: () => null }),
  ),
);

/** Mounts Mantine's notifications container once the first toast is shown, then keeps it. */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={5} />
    </Suspense>
  );
}

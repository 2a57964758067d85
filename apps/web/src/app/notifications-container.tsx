// The toasts' styles arrive with the toasts (issue 21), in the `mantine` cascade layer: the
// container's and the toast's own (a toast on the login page comes before the whole stylesheet).
import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';

// The dynamic import target of ./notifications-host.tsx: importing the package itself lazily would
// keep all of it in the entry, which already imports the package's store.
export { Notifications } from '@mantine/notifications';

// The dynamic import target of ./notifications-host.tsx: importing the package itself lazily would
// keep all of it in the entry, which already imports the package's store.
export { Notifications } from '@mantine/notifications';

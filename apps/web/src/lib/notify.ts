/**
 * Toasts (spec 2): success, warning and error; gone after 5 s, kept while hovered, closable.
 * Success and warning are announced politely (role=status), errors assertively (role=alert).
 */
import { notifications } from '@mantine/notifications';

const LIFETIME_MS = 5000;

function show(kind: 'success' | 'warning' | 'error', message: string) {
  notifications.show({
    message,
    color: kind === 'success' ? 'teal' : kind === 'warning' ? 'yellow' : 'red',
    autoClose: LIFETIME_MS,
    withCloseButton: true,
    role: kind === 'error' ? 'alert' : 'status',
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
};

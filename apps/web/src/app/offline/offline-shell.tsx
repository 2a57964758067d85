/**
 * The offline shell (spec 9), loaded on demand by ./register-when-stable.ts once the app is stable:
 * registers the service worker that vite-plugin-pwa builds (sw.js, vite.config.ts) and, when a new
 * version has been deployed and installed beside the running one, asks the user to reload. The new
 * version never takes over by itself: a dealer may be half-way through a checkout.
 * Docs: docs/decisions/010-offline-shell.md.
 */
import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { registerSW } from 'virtual:pwa-register';

/** A tab left open all day (a trade-show tablet) still learns of a deploy: the worker is checked hourly. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const NEW_VERSION_NOTIFICATION_ID = 'portal-new-version';
/** If the new worker has not taken over (and reloaded the page) by then, the page reloads anyway. */
const RELOAD_FALLBACK_MS = 3_000;

export function startOfflineShell(): void {
  const updateServiceWorker = registerSW({
    // Registration waits for nothing more: the page is already loaded and idle.
    immediate: true,
    onNeedRefresh: () => showReloadPrompt(() => updateServiceWorker()),
    onRegisteredSW: (_scriptUrl, registration) => {
      if (!registration) return;
      // Visible in the page (devtools, end-to-end tests): this page listens for new versions.
      document.documentElement.dataset.serviceWorker = 'registered';
      window.setInterval(() => {
        if (navigator.onLine) registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError: (error: unknown) =>
      console.error('The service worker could not be registered; the portal works on without it.', error),
  });
}

/** A toast that stays until acted on: 'Reload' activates the waiting worker, which reloads the page. */
function showReloadPrompt(activateNewVersion: () => Promise<void>) {
  const reload = () => {
    notifications.hide(NEW_VERSION_NOTIFICATION_ID);
    window.setTimeout(() => window.location.reload(), RELOAD_FALLBACK_MS);
    activateNewVersion().catch(() => window.location.reload());
  };
  notifications.show({
    id: NEW_VERSION_NOTIFICATION_ID,
    title: 'A new version of the portal is available',
    // A plain flex row, not Mantine's Group: this loads on the login page, whose download holds
    // only the components the login page draws (issue 21).
    message: (
      <div
        style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 'var(--mantine-spacing-xs)', marginTop: 4 }}
      >
        <Text size="sm">Reload to use it.</Text>
        <Button size="xs" onClick={reload}>
          Reload
        </Button>
      </div>
    ),
    color: 'blue',
    autoClose: false,
    withCloseButton: true,
    role: 'status',
    closeButtonProps: { 'aria-label': 'Close notification' },
  });
}

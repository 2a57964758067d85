import { lazy, useEffect, useState, type ReactNode } from 'react';
import { AppShell, Burger, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useNavigate } from 'react-router';
import { hasRoles } from '@portal/domain/rules';
import { CartHeaderSummary } from '@/features/cart/components/cart-summary';
import { api } from '@/lib/api-client';
import { useIsBusy } from '@/lib/busy';
import { useClientConfig } from '@/lib/client-config';
import { clearSession, useSession, useSessionState } from '@/lib/session-store';
import { BusyOverlay } from '@/components/busy-overlay';
import { OpenedOnce } from '@/components/opened-once';
import { HeaderBreadcrumbs } from './header-breadcrumbs';
import { loadLiveChat } from './live-chat';
import { AccountMenu, SideMenu } from './side-menu';

/** The two choosers load when first opened: a page draws without the modals' code (issue 21). */
const BranchModal = lazy(async () => ({ default: (await import('./branch-modal')).BranchModal }));
const DestinationStateModal = lazy(async () => ({ default: (await import('./destination-state-modal')).DestinationStateModal }));

/**
 * The shell's main region, marked busy while a request is pending. It alone follows the busy flag:
 * every request's start and end re-render this element, not the whole shell (issue 21); the screen
 * inside comes in as `children`, so it is not drawn again either.
 */
function ShellMain({ children }: { children: ReactNode }) {
  const busy = useIsBusy();
  return (
    <AppShell.Main id="main-content" aria-busy={busy} className="portal-shell-main">
      {children}
    </AppShell.Main>
  );
}

type ShellHeaderProps = {
  menuOpened: boolean;
  onToggleMenu: () => void;
  showCart: boolean;
  destinationState: string | null;
  onChooseState: () => void;
};

/** The header: the menu button (phones), the breadcrumbs, the cart summary and the destination state. */
function ShellHeader({ menuOpened, onToggleMenu, showCart, destinationState, onChooseState }: ShellHeaderProps) {
  return (
    <AppShell.Header>
      <div className="portal-header">
        <Burger
          className="portal-header-burger"
          opened={menuOpened}
          onClick={onToggleMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label={menuOpened ? 'Close menu' : 'Open menu'}
        />
        <div className="portal-header-crumbs">
          <HeaderBreadcrumbs />
        </div>
        <Group className="portal-header-actions" gap="xs" wrap="nowrap">
          {showCart && <CartHeaderSummary />}
        </Group>
        {/* Issue 34: shown on a phone too, in the second row there, where the cart summary leaves it room. */}
        <div className="portal-header-ship-to">
          <Button variant="subtle" size="compact-sm" onClick={onChooseState}>
            {destinationState ? `Ship to ${destinationState}` : 'Choose State'}
          </Button>
        </div>
      </div>
    </AppShell.Header>
  );
}

/** Log Out: the session ends on this device, then the login page. */
function useLogout() {
  const navigate = useNavigate();
  return async function logout() {
    try {
      await api('/api/users/session/logout');
    } catch {
      // The session ends on this device whatever the server answers.
    }
    clearSession();
    navigate('/login', { replace: true });
  };
}

/** The signed-in shell of spec 2: side menu, header with breadcrumbs, footer, the two choosers. */
export function SignedInShell() {
  const session = useSession();
  const { branchNumber, destinationState, destinationStateRequested } = useSessionState();
  const [menuOpened, menu] = useDisclosure(false);
  const [stateModalOpened, setStateModalOpened] = useState(false);
  const [branchModalOpened, setBranchModalOpened] = useState(false);
  const logout = useLogout();
  const config = useClientConfig();

  const mustChooseBranch = branchNumber === null && session.user.branches.length > 0;
  const stateModalShown = stateModalOpened || destinationStateRequested;
  const branchModalShown = branchModalOpened || mustChooseBranch;

  useEffect(() => {
    const { firstName, lastName, email, phone } = session.user;
    loadLiveChat(config.data?.liveChatScriptUrl, { firstName, lastName, email, phone });
  }, [config.data?.liveChatScriptUrl, session.user]);

  return (
    <AppShell
      // Below 825 px the header has two rows: menu button and cart summary, then the breadcrumbs.
      header={{ height: { base: 92, sm: 56 } }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      padding="md"
    >
      <a className="portal-skip-link" href="#main-content">
        Skip to content
      </a>
      <ShellHeader
        menuOpened={menuOpened}
        onToggleMenu={menu.toggle}
        showCart={hasRoles(session.user.roles, 'checkout', 'catalog')}
        destinationState={destinationState}
        onChooseState={() => setStateModalOpened(true)}
      />
      <AppShell.Navbar p="sm" component="nav" aria-label="Main menu">
        {/* The footer is not fixed, so the menu runs to the bottom of the window; a menu longer
            than the window scrolls inside this section, with shadows at the edges showing it does. */}
        <AppShell.Section grow className="portal-menu-scroll">
          <SideMenu
            session={session}
            branchNumber={branchNumber}
            destinationState={destinationState}
            // Issue 34: on a phone the menu closes once a choice is made, so the chooser is not
            // left under the open menu when it closes.
            onChooseState={() => {
              menu.close();
              setStateModalOpened(true);
            }}
            onChooseBranch={() => {
              menu.close();
              setBranchModalOpened(true);
            }}
            onNavigate={menu.close}
          />
        </AppShell.Section>
        <AppShell.Section className="portal-menu-foot">
          <AccountMenu onNavigate={menu.close} onLogout={() => void logout()} />
        </AppShell.Section>
      </AppShell.Navbar>
      <ShellMain>
        <Outlet />
      </ShellMain>
      <footer className="portal-footer">
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} Dealer Portal. All rights reserved.
        </Text>
      </footer>
      <BusyOverlay />
      <OpenedOnce opened={stateModalShown}>
        <DestinationStateModal opened={stateModalShown} onClose={() => setStateModalOpened(false)} />
      </OpenedOnce>
      <OpenedOnce opened={branchModalShown}>
        <BranchModal opened={branchModalShown} branches={session.user.branches} onClose={() => setBranchModalOpened(false)} />
      </OpenedOnce>
    </AppShell>
  );
}

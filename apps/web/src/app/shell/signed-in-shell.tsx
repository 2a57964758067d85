import { useEffect, useState } from 'react';
import { AppShell, Burger, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet, useNavigate } from 'react-router';
import { hasRoles } from '@portal/domain';
import { CartHeaderSummary } from '../../features/cart/components/cart-summary';
import { api } from '../../lib/api-client';
import { useIsBusy } from '../../lib/busy';
import { useClientConfig } from '../../lib/client-config';
import { clearSession, useSession, useSessionState } from '../../lib/session-store';
import { BranchModal } from './branch-modal';
import { BusyOverlay } from '../../components/busy-overlay';
import { DestinationStateModal } from './destination-state-modal';
import { HeaderBreadcrumbs } from './header-breadcrumbs';
import { loadLiveChat } from './live-chat';
import { SideMenu } from './side-menu';

/** The signed-in shell of spec 2: side menu, header with breadcrumbs, footer, the two choosers. */
export function SignedInShell() {
  const session = useSession();
  const { branchNumber, destinationState, destinationStateRequested } = useSessionState();
  const [menuOpened, menu] = useDisclosure(false);
  const [stateModalOpened, setStateModalOpened] = useState(false);
  const [branchModalOpened, setBranchModalOpened] = useState(false);
  const navigate = useNavigate();
  const busy = useIsBusy();
  const config = useClientConfig();

  const mustChooseBranch = branchNumber === null && session.user.branches.length > 0;

  useEffect(() => {
    const { firstName, lastName, email, phone } = session.user;
    loadLiveChat(config.data?.liveChatScriptUrl, { firstName, lastName, email, phone });
  }, [config.data?.liveChatScriptUrl, session.user]);

  async function logout() {
    try {
      await api('/api/users/session/logout');
    } catch {
      // The session ends on this device whatever the server answers.
    }
    clearSession();
    navigate('/login', { replace: true });
  }

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !menuOpened } }}
      footer={{ height: 40 }}
      padding="md"
    >
      <a className="portal-skip-link" href="#main-content">
        Skip to content
      </a>
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={menuOpened}
              onClick={menu.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={menuOpened ? 'Close menu' : 'Open menu'}
            />
            <HeaderBreadcrumbs />
          </Group>
          <Group gap="xs" wrap="nowrap">
            {hasRoles(session.user.roles, 'checkout', 'catalog') && <CartHeaderSummary />}
            <Button variant="subtle" size="compact-sm" onClick={() => setStateModalOpened(true)} visibleFrom="xs">
              {destinationState ? `Ship to ${destinationState}` : 'Choose Destination State'}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" component="nav" aria-label="Main menu">
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <SideMenu
            session={session}
            branchNumber={branchNumber}
            destinationState={destinationState}
            onChooseState={() => setStateModalOpened(true)}
            onChooseBranch={() => setBranchModalOpened(true)}
            onNavigate={menu.close}
            onLogout={() => void logout()}
          />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id="main-content" aria-busy={busy}>
        <Outlet />
      </AppShell.Main>
      <AppShell.Footer px="md">
        <Group h="100%">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} Dealer Portal. All rights reserved.
          </Text>
        </Group>
      </AppShell.Footer>
      <BusyOverlay />
      <DestinationStateModal opened={stateModalOpened || destinationStateRequested} onClose={() => setStateModalOpened(false)} />
      <BranchModal
        opened={branchModalOpened || mustChooseBranch}
        branches={session.user.branches}
        onClose={() => setBranchModalOpened(false)}
      />
    </AppShell>
  );
}

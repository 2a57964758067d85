import type { ReactNode } from 'react';
import { Divider, NavLink, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { hasRoles, stateName } from '@portal/domain/rules';
import type { Session } from '@portal/domain';
import { CartMenuEntry } from '@/features/cart/components/cart-summary';

type SideMenuProps = {
  session: Session;
  branchNumber: number | null;
  destinationState: string | null;
  onChooseState: () => void;
  onChooseBranch: () => void;
  onNavigate: () => void;
};

/** A menu entry to one of the portal's pages: active on that page and on the pages under it. */
const menuLinkOf = (pathname: string, onNavigate: () => void) => (to: string, label: string) => (
  <NavLink key={to} component={Link} to={to} label={label} active={pathname === to || pathname.startsWith(`${to}/`)} onClick={onNavigate} />
);

type MenuLink = ReturnType<typeof menuLinkOf>;

/** A group's heading in the menu (Catalogs, Orders). */
function MenuHeading({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" tt="uppercase" c="dimmed" mt="xs" component="h2" m={0}>
      {children}
    </Text>
  );
}

/** The branch chosen, and the two choosers: destination state, and branch when the user has several. */
function MenuChoosers({ session, branchNumber, destinationState, onChooseState, onChooseBranch }: SideMenuProps) {
  const branch = session.user.branches.find((b) => b.branchNumber === branchNumber);
  return (
    <>
      <Text size="sm" fw={600} data-testid="menu-branch">
        {branch ? `Branch ${branch.branchNumber} ${branch.name}` : 'No branch selected'}
      </Text>
      <NavLink
        component="button"
        label="Destination State"
        description={destinationState ? `${destinationState} ${stateName(destinationState) ?? ''}` : 'Not selected'}
        onClick={onChooseState}
      />
      {session.user.branches.length > 1 && (
        <NavLink
          component="button"
          label="Branch"
          description={branch ? `${branch.branchNumber} ${branch.name}` : 'Not selected'}
          onClick={onChooseBranch}
        />
      )}
    </>
  );
}

/** The user's catalogs, under 'Catalogs' (or 'Products' for one or none); the portal's own catalog when none is named. */
function CatalogEntries({ catalogs, link }: { catalogs: Session['user']['catalogs']; link: MenuLink }) {
  return (
    <>
      <MenuHeading>{catalogs.length > 1 ? 'Catalogs' : 'Products'}</MenuHeading>
      {catalogs.length === 0
        ? link('/products/catalog/portal', 'Catalog')
        : catalogs.map((c) => link(`/products/catalog/${c.id}`, c.label))}
    </>
  );
}

/** The order history's pages, with Equipment and, while in it, its Warranty Claims. */
function OrderEntries({ pathname, link }: { pathname: string; link: MenuLink }) {
  return (
    <>
      <MenuHeading>Orders</MenuHeading>
      {link('/orders/open', 'Open Orders')}
      {link('/orders/recent', 'Recent Orders')}
      {link('/orders/search', 'Order Search')}
      {link('/equipment', 'Equipment')}
      {/* Issue 37: the claims under Equipment while in those pages, as Addresses and Audit Trail
          under User Administration (the whole menu must still fit a laptop's 800 px). */}
      {(pathname.startsWith('/equipment') || pathname.startsWith('/warranty-claims')) && (
        <Stack gap={2} pl="md">
          {link('/warranty-claims', 'Warranty Claims')}
        </Stack>
      )}
    </>
  );
}

/** The side menu of spec 2 "Signed-in shell", each entry shown only to the roles and flags it needs. */
export function SideMenu(props: SideMenuProps) {
  const { session, onNavigate } = props;
  const { user, organization } = session;
  const { pathname } = useLocation();
  const canOrder = hasRoles(user.roles, 'checkout', 'catalog');
  const link = menuLinkOf(pathname, onNavigate);

  return (
    <Stack gap={2} className="portal-side-menu">
      <MenuChoosers {...props} />
      {canOrder && <CartMenuEntry active={pathname === '/shopping-cart'} onNavigate={onNavigate} />}
      {canOrder && link('/quick-order', 'Quick Order')}
      {user.roles.checkout && link('/saved-carts', 'Saved Carts')}
      <Divider my={4} />
      {link('/dashboard', 'Home')}
      {organization.allowBadgeScan && link('/sema', 'SEMA Badge Scan')}
      {user.roles.catalog && <CatalogEntries catalogs={user.catalogs} link={link} />}
      {user.roles.orderHistory && <OrderEntries pathname={pathname} link={link} />}
      <Divider my={4} />
      {user.roles.accounting && link('/account/statement', 'Statement')}
      {user.roles.manageUsers && link('/organization/users', 'User Administration')}
      {/* Issue 20: the address book and the audit trail, shown under User Administration while in the
          organization's pages (the whole menu must still fit a laptop's 800 px on the dashboard). */}
      {user.roles.manageUsers && pathname.startsWith('/organization/') && (
        <Stack gap={2} pl="md">
          {link('/organization/addresses', 'Addresses')}
          {link('/organization/audit', 'Audit Trail')}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * Profile and Log Out, kept at the foot of the menu outside its scrolling part (issue 34: at
 * 1280x800 on the organization pages 'Log Out' fell below the fold), so both are always on screen.
 */
export function AccountMenu({ onNavigate, onLogout }: { onNavigate: () => void; onLogout: () => void }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2} className="portal-account-menu">
      <NavLink component={Link} to="/account/profile" label="Profile" active={pathname === '/account/profile'} onClick={onNavigate} />
      <NavLink component="button" label="Log Out" onClick={onLogout} />
    </Stack>
  );
}

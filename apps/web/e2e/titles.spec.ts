import { FEATURED_ORDERS } from '../../server/src/seed/featured';
import { expect, LIFTS_SKU, login, test, USERS } from './fixtures';

/**
 * Issue 21: every route of spec 2's route table has its own document title ('Open Orders · Dealer
 * Portal'), set on a page load and on each in-app navigation, where a polite live region announces
 * it (a single-page app's navigation is otherwise silent for a screen reader).
 */

const signedOut: [string, string][] = [
  ['/login', 'Login · Dealer Portal'],
  ['/password/reset', 'Reset your Password · Dealer Portal'],
  ['/password/activate', 'Activate your Account · Dealer Portal'],
];

const signedIn: [string, string][] = [
  ['/dashboard', 'Home · Dealer Portal'],
  ['/sema', 'Scan QR Code · Dealer Portal'],
  ['/bulk-pricing', 'Bulk Pricing · Dealer Portal'],
  ['/shopping-cart', 'Shopping Cart · Dealer Portal'],
  ['/products/catalog/lifts', 'Catalog · Dealer Portal'],
  [`/products/catalog/lifts/${LIFTS_SKU.flatbed}`, `${LIFTS_SKU.flatbed} · Product Details · Dealer Portal`],
  ['/orders/open', 'Open Orders · Dealer Portal'],
  ['/orders/recent', 'Recent Orders · Dealer Portal'],
  ['/orders/search', 'Order Search · Dealer Portal'],
  ['/orders/search/results?status=invoiced&timeFrame=2years&page=1&pageSize=10', 'Order Search Results · Dealer Portal'],
  [`/orders/details/${FEATURED_ORDERS.shippedUps}`, `Order ${FEATURED_ORDERS.shippedUps} · Order Details · Dealer Portal`],
  ['/organization/users', 'User Administration · Dealer Portal'],
  ['/organization/users/invite', 'Invite User · Dealer Portal'],
  ['/account/profile', 'Profile · Dealer Portal'],
  // Routes added since spec 2 (issues 19 and 20).
  ['/quick-order', 'Quick Order · Dealer Portal'],
  ['/saved-carts', 'Saved Carts · Dealer Portal'],
  ['/organization/addresses', 'Addresses · Dealer Portal'],
  ['/organization/audit', 'Audit Trail · Dealer Portal'],
  ['/no-such-page', 'Page Not Found · Dealer Portal'],
];

test('every signed-out route has its own title', async ({ page }) => {
  for (const [route, title] of signedOut) {
    await page.goto(route);
    await expect(page).toHaveTitle(title);
  }
});

// Each full page load starts the app again (bundle, session, the screen's first data); on a loaded
// two-core CI machine twenty of them in one test came near its 60 s limit, so the signed-in routes
// are checked in groups of seven, one test (and one sign-in) each.
const GROUP_SIZE = 7;
for (let start = 0; start < signedIn.length; start += GROUP_SIZE) {
  const group = signedIn.slice(start, start + GROUP_SIZE);
  test(`signed-in routes ${start + 1}-${start + group.length} have their own titles`, async ({ page }) => {
    await login(page, USERS.admin, { branch: '101 Denver' });
    for (const [route, title] of group) {
      await page.goto(route);
      await expect(page).toHaveTitle(title);
    }
  });
}

test('no two routes share a title', () => {
  const titles = [...signedOut, ...signedIn].map(([, title]) => title);
  expect(new Set(titles).size, 'titles are distinct').toBe(titles.length);
});

test('an in-app navigation changes the title and announces it politely', async ({ page }) => {
  await login(page, USERS.admin, { branch: '101 Denver' });
  await expect(page).toHaveTitle('Home · Dealer Portal');
  const announcer = page.locator('#route-announcer');
  await expect(announcer).toHaveAttribute('aria-live', 'polite');

  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Open Orders' }).click();
  await expect(page).toHaveURL(/\/orders\/open$/);
  await expect(page).toHaveTitle('Open Orders · Dealer Portal');
  await expect(announcer).toHaveText('Open Orders · Dealer Portal');

  await menu.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveTitle('Profile · Dealer Portal');
  await expect(announcer).toHaveText('Profile · Dealer Portal');

  // Back in history too.
  await page.goBack();
  await expect(page).toHaveTitle('Open Orders · Dealer Portal');
  await expect(announcer).toHaveText('Open Orders · Dealer Portal');
});

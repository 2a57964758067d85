import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { FEATURED_ORDERS } from '../../server/src/seed/featured';
import { expect, LIFTS_SKU, login, seedCart, test, USERS } from './fixtures';

/**
 * Issue 21: axe-core (WCAG 2.0 and 2.1, levels A and AA) finds no violation on any route of spec 2's
 * route table, signed out and signed in, at a laptop's and a phone's width, nor in the shell's
 * modals (Destination State, Select Branch). Colour contrast is checked in every state axe sees:
 * badges, dimmed text, links, buttons, notes.
 */

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The page once settled: no transition or animation running (a fading modal has half its contrast). */
async function settled(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Runs axe on the whole page and fails listing every violation, its rule and the first elements. */
async function expectNoViolations(page: Page, label: string) {
  await settled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.nodes.length}): ${violation.nodes
        .slice(0, 4)
        .map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
        .join(' | ')}`,
  );
  expect(found, `axe violations on ${label}`).toEqual([]);
}

const main = (page: Page) => page.getByRole('main');

/** Every signed-in route of spec 2, with what shows that its screen has loaded. */
const signedInRoutes: [string, (page: Page) => Promise<void>][] = [
  ['/dashboard', (page) => expect(main(page).getByTestId('open-orders-count')).toHaveText(/^\d+$/)],
  ['/sema', (page) => expect(main(page).getByRole('button', { name: 'Scan', exact: true })).toBeVisible()],
  ['/bulk-pricing', (page) => expect(main(page).getByLabel('Net Price')).toBeVisible()],
  ['/products/catalog/lifts', (page) => expect(page.locator('article[data-sku]').first()).toBeVisible()],
  ['/products/catalog/portal', (page) => expect(page.locator('article[data-sku]').first()).toBeVisible()],
  [`/products/catalog/lifts/${LIFTS_SKU.flatbed}`, (page) => expect(page.getByTestId('product-price')).toBeVisible()],
  [`/products/catalog/lifts/${LIFTS_SKU.forklift}`, (page) => expect(page.getByTestId('product-price')).toBeVisible()],
  ['/orders/open', (page) => expect(main(page).locator('tbody tr').first().getByRole('link')).toBeVisible()],
  ['/orders/recent?timeFrame=7&updateType=any&page=1', (page) => expect(main(page).locator('tbody tr').first()).toBeVisible()],
  ['/orders/search', (page) => expect(main(page).getByRole('button', { name: 'Search' })).toBeVisible()],
  [
    '/orders/search/results?status=invoiced&timeFrame=2years&page=1&pageSize=10',
    (page) => expect(main(page).locator('tbody tr').first()).toBeVisible(),
  ],
  ...[FEATURED_ORDERS.shippedTwoShipments, FEATURED_ORDERS.backordered[0], FEATURED_ORDERS.cancelled[0]].map(
    (order) =>
      [`/orders/details/${order}`, (page: Page) => expect(main(page).getByRole('table', { name: 'Order items' })).toBeVisible()] as [
        string,
        (page: Page) => Promise<void>,
      ],
  ),
  ['/organization/users', (page) => expect(main(page).getByText('Pending Activation').first()).toBeVisible()],
  ['/organization/users/invite', (page) => expect(main(page).getByLabel('Email')).toBeVisible()],
  ['/account/profile', (page) => expect(main(page).getByLabel('First Name')).toBeVisible()],
  ['/no-such-page', (page) => expect(main(page).getByRole('heading').first()).toBeVisible()],
];

for (const viewport of [
  { name: 'a laptop', width: 1280, height: 800 },
  { name: 'a phone', width: 390, height: 844 },
]) {
  test.describe(`axe on ${viewport.name} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });
    // A screen a second or two for axe, over twenty screens in one signed-in session.
    test.describe.configure({ timeout: 300_000 });

    test('signed out: login, the password pages, and every signed-in route sends to login', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      await expectNoViolations(page, '/login');

      // A failed login's message too.
      await page.getByLabel('Email').fill(USERS.admin);
      await page.getByLabel('Password', { exact: true }).fill('not-the-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-describedby', /error/);
      await expectNoViolations(page, '/login after a failed login');

      for (const [reason, title] of [
        ['reset', 'Reset your Password'],
        ['activate', 'Activate your Account'],
      ] as const) {
        await page.goto(`/password/${reason}`);
        await expect(page.getByRole('heading', { name: title })).toBeVisible();
        await expectNoViolations(page, `/password/${reason}`);
      }

      for (const [route] of signedInRoutes.slice(0, 3)) {
        await page.goto(route);
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
      }
      await expectNoViolations(page, '/login reached from a signed-in route');
    });

    test('signed in: the shell, its modals and every screen of the route table', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('Email').fill(USERS.admin);
      await page.getByLabel('Password', { exact: true }).fill('Demo-Portal-2026!');
      await page.getByRole('button', { name: 'Login' }).click();
      // The Select Branch modal (the administrator has several branches), before a branch is chosen.
      const branchModal = page.getByRole('dialog', { name: 'Select Branch' });
      await expect(branchModal).toBeVisible();
      await expectNoViolations(page, 'the Select Branch modal');
      await branchModal.getByLabel('101 Denver').check();
      await branchModal.getByRole('button', { name: 'OK' }).click();
      await expect(branchModal).toBeHidden();

      // The Destination State modal, opened from the menu.
      if (viewport.width < 825) await page.getByRole('button', { name: 'Open menu' }).click();
      await page
        .getByRole('navigation', { name: 'Main menu' })
        .getByRole('button', { name: /Destination State/ })
        .click();
      const stateModal = page.getByRole('dialog', { name: 'Destination State' });
      await expect(stateModal).toBeVisible();
      await expectNoViolations(page, 'the Destination State modal');
      // Prices need a destination state.
      await stateModal.getByLabel('State').selectOption({ label: 'Colorado' });
      await stateModal.getByRole('button', { name: 'OK' }).click();
      await expect(stateModal).toBeHidden();

      for (const [route, loaded] of signedInRoutes) {
        await page.goto(route);
        await loaded(page);
        await expectNoViolations(page, route);
      }

      // A user's details.
      await page.goto('/organization/users');
      await main(page).locator('tbody tr').filter({ hasText: USERS.buyer }).getByRole('link').click();
      await expect(page).toHaveURL(/\/organization\/users\/\d+$/);
      await expect(main(page).getByRole('button', { name: 'Save' })).toBeVisible();
      await expectNoViolations(page, '/organization/users/{id}');
    });

    test('signed in: the cart, the checkout, cancel and the confirmation', async ({ page }) => {
      await login(page, USERS.admin, { branch: '101 Denver' });
      await seedCart(
        page,
        USERS.admin,
        [
          [LIFTS_SKU.smallParcel, 2],
          [LIFTS_SKU.residential, 1],
          [LIFTS_SKU.flatbed, 1],
        ],
        { branchNumber: 101 },
      );
      await page.goto('/shopping-cart');
      await expect(page.getByRole('table', { name: 'Cart items' }).locator('tbody tr')).toHaveCount(3);
      await expectNoViolations(page, '/shopping-cart');

      // The cart holds a flatbed item: the dealer confirms a forklift is available (spec 2).

      await page.getByRole('checkbox', { name: 'I confirm a forklift is available at the destination' }).check();

      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByRole('table', { name: 'Order review' })).toBeVisible();
      await expectNoViolations(page, '/checkout');

      await page.goto('/checkout/cancel');
      await expect(page).toHaveURL(/\/shopping-cart$/);
      await expect(page.getByRole('table', { name: 'Cart items' }).locator('tbody tr')).toHaveCount(3);
      await expectNoViolations(page, '/checkout/cancel (the cart)');

      // The cart holds a flatbed item: the dealer confirms a forklift is available (spec 2).

      await page.getByRole('checkbox', { name: 'I confirm a forklift is available at the destination' }).check();

      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await page.getByLabel('Full Name').fill('Front Range Lifts');
      await page.getByLabel('Address Line 1').fill('1200 Blake St');
      await page.getByLabel('City').fill('Denver');
      await page.getByLabel('State', { exact: true }).selectOption({ label: 'Colorado' });
      await page.getByLabel('ZIP Code').fill('80202');
      await page.getByLabel('Phone').fill('(303) 555-0199');
      await page.getByLabel('Taken By').selectOption({ label: 'Casey Lin' });
      await expect(page.getByRole('table', { name: 'Order review' }).getByRole('row', { name: /^Taxes \$/ })).toBeVisible();
      await expectNoViolations(page, '/checkout, filled in');
      await page.getByRole('button', { name: 'Place Order On Terms' }).click();
      await expect(page).toHaveURL(/\/checkout\/confirmation\/[0-9A-Z]+$/);
      await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
      await expectNoViolations(page, '/checkout/confirmation/{confirmationNumber}');

      // The emptied cart.
      await page.goto('/shopping-cart');
      await expect(main(page)).toBeVisible();
      await expectNoViolations(page, '/shopping-cart, empty');
    });
  });
}

import type { Locator, Page } from '@playwright/test';
import { FEATURED_ORDERS } from '../../server/src/seed/featured';
import { chooseDestinationState, expect, expectNoSideScroll, LIFTS_SKU, login, money, seedCart, test, USERS } from './fixtures';
import { inviteUser, uniqueEmail } from './invited-users';

/**
 * Phone and desktop layout (issue 16): at 390×844 every route of spec 2's route table fits the
 * width (no page scrolls sideways) and every table shows, on screen, what the user acts on; status
 * badges are never cut off. At 1280×800 every side-menu entry down to 'Log Out' is visible and
 * clickable.
 */

const PHONE = { width: 390, height: 844 };
const main = (page: Page) => page.getByRole('main');

/** Visible, and whole inside the window's width (not cut off at the right edge, not scrolled away). */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = (await locator.boundingBox())!;
  const width = await locator.page().evaluate(() => window.innerWidth);
  expect(box.x, 'left edge inside the window').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge inside the window').toBeLessThanOrEqual(width + 0.5);
}

/** Every status badge on the page shows its whole text: no ellipsis, nothing past the window's edge. */
async function expectBadgesWhole(page: Page) {
  const cut = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Badge-label')]
      .filter((label) => label.offsetParent !== null)
      .filter((label) => label.scrollWidth > label.clientWidth + 1 || label.getBoundingClientRect().right > window.innerWidth)
      .map((label) => label.textContent),
  );
  expect(cut, 'badges cut off').toEqual([]);
}

/** The stacked rows of a table (on a phone each body row is a card). */
const bodyRows = (table: Locator) => table.locator('tbody tr');

test.describe('at 390×844 (a phone)', () => {
  test.use({ viewport: PHONE });

  test('the public pages: login, password, development mailbox', async ({ page, request }) => {
    await page.goto('/login');
    await expectOnScreen(page.getByRole('button', { name: 'Login' }));
    await expectOnScreen(page.getByRole('link', { name: 'Reset Password' }));
    await expectNoSideScroll(page);

    for (const [reason, title] of [
      ['reset', 'Reset your Password'],
      ['activate', 'Activate your Account'],
    ] as const) {
      await page.goto(`/password/${reason}`);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expectNoSideScroll(page);
    }

    // The mailbox, with a message of this test's own in it.
    const email = uniqueEmail('layout');
    await inviteUser(request, email);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const subject = page.getByRole('button', { name: /You are invited/ });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(subject).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });
    const row = bodyRows(page.getByRole('table')).filter({ has: subject });
    await expectOnScreen(row.getByText(email, { exact: true }));
    await expectOnScreen(subject);
    await expectOnScreen(row.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}/));
    await subject.click();
    await expectOnScreen(page.getByText('From: Dealer Portal <no-reply@portal.example.com>'));
    await expectNoSideScroll(page);
  });

  test('the signed-in pages: menu, dashboard, catalog, product, bulk pricing, badge scan, profile', async ({ page }) => {
    await login(page, USERS.admin, { branch: '101 Denver' });
    await expectNoSideScroll(page);
    await expect(main(page).getByTestId('open-orders-count')).toHaveText(/^\d+$/);
    await expectNoSideScroll(page);

    // The collapsed menu opens over the page, its last entry reachable.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await menu.getByRole('button', { name: 'Log Out' }).scrollIntoViewIfNeeded();
    await expectOnScreen(menu.getByRole('button', { name: 'Log Out' }));
    // Prices need a destination state, chosen from the menu's chooser.
    await chooseDestinationState(page, 'Colorado');
    // On a phone the menu closes once the state is chosen (issue 34).
    await expect(menu.getByRole('link', { name: 'Home' })).not.toBeInViewport();

    for (const catalog of ['lifts', 'portal']) {
      await page.goto(`/products/catalog/${catalog}`);
      const tile = page.locator('article[data-sku]').first();
      await expect(tile).toBeVisible();
      await expectOnScreen(tile.getByTestId('tile-price'));
      await expectOnScreen(tile.getByRole('button', { name: /^Add/ }));
      await expectNoSideScroll(page);
      await expectBadgesWhole(page);
    }

    for (const sku of [LIFTS_SKU.flatbed, 'TQL2P-12000', 'TTAAL-3D40']) {
      await page.goto(`/products/catalog/lifts/${sku}`);
      await expectOnScreen(page.getByTestId('product-price'));
      await expectOnScreen(page.getByRole('button', { name: /Add To Cart|Update Cart/ }));
      await expect(page.getByRole('table', { name: 'Product identification' })).toContainText(sku);
      await expectNoSideScroll(page);
      await expectBadgesWhole(page);
    }

    await page.goto('/bulk-pricing');
    await page.getByLabel('Net Price').fill('2500');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expectOnScreen(page.getByRole('table', { name: 'Bulk pricing tiers' }).getByRole('row').last());
    await expectNoSideScroll(page);

    // Badge leads: a typed badge code (this browser has no camera) adds a lead, every field on screen.
    await page.goto('/sema');
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const scan = page.getByRole('dialog', { name: 'Scan QR Code' });
    await scan.getByLabel('Badge Code').fill('SEMA-1003');
    await scan.getByRole('button', { name: 'Use Code' }).click();
    await page
      .getByRole('dialog', { name: 'Do you want to subscribe to the marketing email list?' })
      .getByRole('button', { name: 'No' })
      .click();
    const lead = bodyRows(page.getByRole('table', { name: 'Scanned badges' })).first();
    await expect(lead.getByRole('cell')).toHaveCount(12);
    for (const cell of await lead.getByRole('cell').all()) await expectOnScreen(cell);
    await expectOnScreen(lead.getByText('Marc-André', { exact: true }));
    await expectNoSideScroll(page);

    await page.goto('/account/profile');
    await expectOnScreen(page.getByLabel('First Name'));
    await expectOnScreen(page.getByRole('button', { name: 'Save' }));
    await expectNoSideScroll(page);
  });

  test('the cart, the checkout review, cancel and the confirmation', async ({ page }) => {
    await login(page, USERS.admin, { branch: '101 Denver' });
    const items = await seedCart(
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
    const cart = page.getByRole('table', { name: 'Cart items' });
    for (const item of items) {
      const row = bodyRows(cart).filter({ hasText: item.sku });
      await expectOnScreen(row.getByLabel(`Quantity for ${item.sku}`));
      // Summit Lift Supply allows price override: the price is an input, the original price shown.
      await expectOnScreen(row.getByLabel(`Price for ${item.sku}`));
      await expectOnScreen(row.getByText(money(item.price * item.quantity), { exact: true }).last());
      await expectOnScreen(row.getByRole('button', { name: `Remove ${item.sku}` }));
    }
    await expectOnScreen(page.getByTestId('cart-grand-total'));
    await expectOnScreen(page.getByRole('button', { name: 'Checkout' }));
    await expectNoSideScroll(page);

    // The quantity box works on the phone.
    const quantity = page.getByLabel(`Quantity for ${LIFTS_SKU.smallParcel}`);
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect(
      bodyRows(cart)
        .filter({ hasText: LIFTS_SKU.smallParcel })
        .getByText(money(items[0]!.price * 3), { exact: true }),
    ).toBeVisible();

    // The cart holds a flatbed item: the dealer confirms a forklift is available (spec 2).

    await page.getByRole('checkbox', { name: 'I confirm a forklift is available at the destination' }).check();

    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    const review = page.getByRole('table', { name: 'Order review' });
    await expect(review).toBeVisible();
    for (const item of items) {
      const row = bodyRows(review).filter({ hasText: item.sku });
      const quantityShown = item.sku === LIFTS_SKU.smallParcel ? 3 : item.quantity;
      await expectOnScreen(row.getByText(String(quantityShown), { exact: true }));
      await expectOnScreen(row.getByText(money(item.price * quantityShown), { exact: true }).last());
    }
    for (const label of [
      '24 Hour Delivery Notice',
      'Forklift Service',
      'Liftgate Service',
      'Residential Service',
      /^Taxes/,
      'Grand Total',
    ]) {
      const line = review.locator('tfoot tr').filter({ hasText: label });
      await expectOnScreen(line.getByRole('rowheader'));
      await expectOnScreen(line.getByRole('cell'));
    }
    await expectOnScreen(page.getByRole('button', { name: 'Place Order On Terms' }));
    await expectNoSideScroll(page);

    // /checkout/cancel cancels the checkout and goes back to the cart, items kept.
    await page.goto('/checkout/cancel');
    await expect(page).toHaveURL(/\/shopping-cart$/);
    await expect(bodyRows(cart)).toHaveCount(3);
    await expectNoSideScroll(page);

    // Placed on terms: the confirmation page.
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
    // Colorado's taxes replace the estimate first (after the form's 1 s debounce).
    await expect(review.getByRole('row', { name: /^Taxes \$/ })).toBeVisible();
    await page.getByRole('button', { name: 'Place Order On Terms' }).click();
    await expect(page).toHaveURL(/\/checkout\/confirmation\/[0-9A-Z]+$/);
    await expectOnScreen(page.getByRole('heading', { name: 'Thank you for your order!' }));
    await expectNoSideScroll(page);
  });

  test('open, recent and searched orders and an order’s details', async ({ page }) => {
    await login(page, USERS.admin, { branch: '101 Denver' });

    const expectOrderCards = async () => {
      const rows = bodyRows(main(page).getByRole('table').first());
      await expect(rows.first().getByRole('link')).toBeVisible();
      const first = rows.first();
      await expectOnScreen(first.getByRole('link'));
      // Order ID, Purchase Order, Status, ship date, Entered, Destination, Contact: all on screen.
      for (const cell of await first.getByRole('cell').all()) await expectOnScreen(cell);
      await expectNoSideScroll(page);
    };

    await page.goto('/orders/open');
    await expectOrderCards();
    await expectOnScreen(
      bodyRows(main(page).getByRole('table'))
        .filter({ hasText: String(FEATURED_ORDERS.processing[1]) })
        .getByText('Processing'),
    );

    await page.goto('/orders/recent?timeFrame=7&updateType=any&page=1');
    await expectOrderCards();
    await expectOnScreen(main(page).getByRole('button', { name: 'Earlier' }));
    await expectOnScreen(main(page).getByRole('button', { name: 'Later' }));

    await page.goto('/orders/search');
    await expectOnScreen(main(page).getByRole('button', { name: 'Search' }));
    await expectNoSideScroll(page);

    await page.goto('/orders/search/results?status=invoiced&timeFrame=2years&page=1&pageSize=10');
    await expectOrderCards();
    await expectOnScreen(main(page).getByRole('navigation', { name: 'Pages (top)' }).getByRole('button', { name: 'Next page' }));

    for (const order of [FEATURED_ORDERS.shippedTwoShipments, FEATURED_ORDERS.withLaborLine[0]]) {
      await page.goto(`/orders/details/${order}`);
      const lines = bodyRows(main(page).getByRole('table', { name: 'Order items' }));
      await expect(lines.first()).toBeVisible();
      for (const cell of await lines.first().getByRole('cell').all()) await expectOnScreen(cell);
      await expectOnScreen(
        main(page)
          .getByRole('row', { name: /Grand Total/ })
          .getByRole('cell'),
      );
      await expectNoSideScroll(page);
      await expectBadgesWhole(page);
    }
  });

  test('user administration: the list with whole status badges, a user, the invitation', async ({ page }) => {
    await login(page, USERS.admin, { branch: '101 Denver' });
    await page.goto('/organization/users');
    const table = main(page).getByRole('table');
    const pending = bodyRows(table).filter({ hasText: USERS.newHire });
    await expectOnScreen(pending.getByText('Pending Activation'));
    await expectOnScreen(pending.getByText(USERS.newHire, { exact: true }));
    for (const cell of await pending.getByRole('cell').all()) await expectOnScreen(cell);
    await expectBadgesWhole(page);
    await expectNoSideScroll(page);

    await bodyRows(table).filter({ hasText: USERS.buyer }).getByRole('link').click();
    await expect(page).toHaveURL(/\/organization\/users\/\d+$/);
    await expectOnScreen(main(page).getByRole('button', { name: 'Save' }));
    await expectNoSideScroll(page);
    await expectBadgesWhole(page);

    await page.goto('/organization/users/invite');
    await expectOnScreen(main(page).getByLabel('Email'));
    await expectNoSideScroll(page);
  });
});

test.describe('at 1280×800 (a laptop)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('every side-menu entry is visible, nothing covers Profile or Log Out, and Log Out works', async ({ page }) => {
    // The administrator has the longest menu: both choosers, the cart, two catalogs, orders, users.
    await login(page, USERS.admin, { branch: '101 Denver' });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const entries = menu.getByRole('link').or(menu.getByRole('button'));
    expect(await entries.count()).toBeGreaterThan(10);
    for (const entry of await entries.all()) {
      await expect(entry).toBeInViewport({ ratio: 1 });
      // The entry's own middle is what a click there reaches: nothing (a footer) lies over it.
      const hit = await entry.evaluate((element) => {
        const box = element.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top !== null && element.contains(top);
      });
      expect(hit, `${await entry.textContent()} is covered`).toBe(true);
    }
    await expect(menu.getByRole('link', { name: 'Profile' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Profile' })).toBeInViewport({ ratio: 1 });
    const logOut = menu.getByRole('button', { name: 'Log Out' });
    await expect(logOut).toBeInViewport({ ratio: 1 });
    await logOut.click({ trial: true });
    await logOut.click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

import type { Page } from '@playwright/test';
import { FEATURED_ORDERS } from '../../server/src/seed/featured';
import { apiFromPage, DEMO_PASSWORD, expect, expectNoSideScroll, LIFTS_SKU, login, seedCart, shot, test, USERS } from './fixtures';
import { activeUser } from './invited-users';

/**
 * Issue 34, the everyday screens (interface-contract "Everyday screens"), at 1280x800 and 390x844:
 * the checkout starts from the branch's ship-to address and keeps what is typed over it; Open,
 * Recent and searched orders show a 'Total'; Order Search finds orders by 'SKU'; order details'
 * breadcrumb leads back to the list it was opened from, with its query; a restricted-pricing user's
 * prices and totals say 'MSRP'. No screen scrolls sideways.
 */

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const main = (page: Page) => page.getByRole('main');
const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });

/**
 * The list's 'Total': a column header on the desktop; on a phone each card's field named so. Either
 * way the first order's total is a dollar amount.
 */
async function expectTotalColumn(page: Page, phone: boolean) {
  const table = main(page).getByRole('table').first();
  if (!phone) await expect(table.getByRole('columnheader', { name: 'Total', exact: true })).toBeVisible();
  const total = table.locator('tbody tr').first().locator('td[data-label="Total"]');
  await expect(total).toBeVisible();
  await expect(total).toHaveText(/^\$[\d,]+\.\d{2}( MSRP)?$/);
}

for (const size of SIZES) {
  test.describe(`everyday screens at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("the checkout starts from the branch's ship-to address, which the dealer can still change", async ({ page }) => {
      await login(page, USERS.buyer);
      await seedCart(page, USERS.buyer, [[LIFTS_SKU.smallParcel, 1]], { branchNumber: 101 });
      await page.goto('/shopping-cart');
      await page.getByRole('button', { name: 'Checkout' }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      // Branch 101's address (demo-data.md), there from the first drawing.
      await expect(page.getByLabel('Full Name')).toHaveValue('Summit Lift Supply - Denver');
      await expect(page.getByLabel('Address Line 1')).toHaveValue('1600 Broadway');
      await expect(page.getByLabel('City')).toHaveValue('Denver');
      await expect(page.getByLabel('State', { exact: true })).toHaveValue('CO');
      await expect(page.getByLabel('ZIP Code')).toHaveValue('80202');
      await expect(page.getByRole('button', { name: 'Choose Saved Address' })).toBeVisible();
      await expectNoSideScroll(page);
      await shot(page, 'checkout-branch-address');

      // The dealer changes it; what was typed stays, over a reload too (the draft), not the branch's.
      await page.getByLabel('Address Line 1').fill('1200 Blake St');
      await page.getByLabel('Full Name').fill('Front Range Lifts');
      await page.waitForTimeout(300);
      await page.reload();
      await expect(page.getByLabel('Full Name')).toHaveValue('Front Range Lifts');
      await expect(page.getByLabel('Address Line 1')).toHaveValue('1200 Blake St');
      await expect(page.getByLabel('City')).toHaveValue('Denver');
    });

    test("Open and Recent Orders show each order's Total; details' breadcrumb leads back to the list", async ({ page }) => {
      await login(page, USERS.admin, { branch: '101 Denver' });
      for (const [path, title] of [
        ['/orders/open', 'Open Orders'],
        ['/orders/recent', 'Recent Orders'],
      ] as const) {
        await page.goto(path);
        await expectTotalColumn(page, size.name === 'phone');
        await expectNoSideScroll(page);
        await shot(page, `list-${path.split('/').pop()}`);
        const first = main(page).getByRole('table').first().locator('tbody tr').first().getByRole('link').first();
        const documentNumber = (await first.textContent())!.trim();
        await first.click();
        await expect(main(page).getByRole('heading', { name: `Order ${documentNumber}`, level: 1 })).toBeVisible();
        const back = breadcrumb(page).getByRole('link', { name: title, exact: true });
        await expect(back).toBeVisible();
        await expect(breadcrumb(page).getByRole('link', { name: 'Home' })).toBeVisible();
        await expectNoSideScroll(page);
        await back.click();
        await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
        await expect(main(page).getByRole('heading', { name: title, level: 1 })).toBeVisible();
      }
    });

    test('Order Search finds orders by SKU; the breadcrumb leads back to the results with the query', async ({ page }) => {
      await login(page, USERS.buyer);
      const order = FEATURED_ORDERS.processing[0];
      const { body } = await apiFromPage<{ lines: { vendorProduct: string }[] }>(
        page,
        'GET',
        `/api/orders/detail/${order}?branchNumber=101`,
      );
      const sku = body.lines[0]!.vendorProduct;
      await page.goto('/orders/search');
      await main(page).getByLabel('SKU').fill(sku.toLowerCase());
      await expectNoSideScroll(page);
      await shot(page, 'order-search-sku');
      await main(page).getByRole('button', { name: 'Search' }).click();
      await expect(page).toHaveURL(/\/orders\/search\/results\?.*sku=/);
      const link = main(page).getByRole('link', { name: String(order), exact: true });
      await expect(link).toBeVisible();
      await expectTotalColumn(page, size.name === 'phone');
      await expectNoSideScroll(page);
      await shot(page, 'order-search-results');
      const resultsUrl = new URL(page.url());

      await link.click();
      await expect(main(page).getByRole('heading', { name: `Order ${order}`, level: 1 })).toBeVisible();
      await expect(breadcrumb(page).getByRole('link', { name: 'Order Search', exact: true })).toHaveAttribute(
        'href',
        /^\/orders\/search\?.*sku=/,
      );
      const results = breadcrumb(page).getByRole('link', { name: 'Search Results', exact: true });
      await expect(results).toHaveAttribute('href', `${resultsUrl.pathname}${resultsUrl.search}`);
      // The whole trail is on screen at both sizes, every crumb shortened rather than cut off at the
      // header's edge (a cut-off crumb showed 36% of itself; the text's descender area may be clipped).
      for (const crumb of await breadcrumb(page).locator('.mantine-Breadcrumbs-breadcrumb').all()) {
        await expect(crumb).toBeInViewport({ ratio: 0.9 });
      }
      await expectNoSideScroll(page);
      await shot(page, 'order-details-breadcrumb');
      await results.click();
      await expect(page).toHaveURL(resultsUrl.href);
      await expect(main(page).getByRole('link', { name: String(order), exact: true })).toBeVisible();
      // Opened directly (no list behind it), details show Home and themselves only.
      await page.goto(`/orders/details/${order}`);
      await expect(main(page).getByRole('heading', { name: `Order ${order}`, level: 1 })).toBeVisible();
      await expect(breadcrumb(page).getByRole('link')).toHaveText(['Home']);
    });

    test("a restricted-pricing user's prices and totals say MSRP", async ({ page }) => {
      await login(page, USERS.viewer, { branch: '101 Denver' });
      await page.evaluate(() => localStorage.setItem('portal.destinationState', 'CO'));

      await page.goto('/orders/open');
      await expectTotalColumn(page, size.name === 'phone');
      await expect(main(page).getByRole('table').first().locator('tbody tr').first()).toContainText(/\$[\d,]+\.\d{2} MSRP/);
      await expectNoSideScroll(page);
      await shot(page, 'viewer-open-orders');
      await main(page).getByRole('table').first().locator('tbody tr').first().getByRole('link').first().click();
      await expect(main(page).getByText('Amounts are shown at MSRP.')).toBeVisible();
      await expect(main(page).getByRole('row', { name: /Grand Total \(MSRP\)/ })).toBeVisible();
      await expectNoSideScroll(page);
      await shot(page, 'viewer-order-details');

      await page.goto('/products/catalog/lifts');
      await expect(main(page).getByTestId('tile-price').first()).toHaveText(/^\$[\d,]+\.\d{2} MSRP$/);
      await expectNoSideScroll(page);
      await page.goto(`/products/catalog/lifts/${LIFTS_SKU.smallParcel}`);
      await expect(main(page).getByTestId('product-price')).toHaveText(/^\$[\d,]+\.\d{2} MSRP$/);
      await expectNoSideScroll(page);
      await shot(page, 'viewer-product');
    });

    test("a restricted-pricing buyer's cart says MSRP", async ({ page, request }) => {
      // The demo's restricted-pricing user has no checkout role: a buyer invited with both shows the cart.
      const email = await activeUser(request, 'msrp-buyer', DEMO_PASSWORD, {
        roles: { catalog: true, checkout: true },
        restrictedPricing: true,
      });
      // Its one branch (101 Denver) is chosen for it.
      await login(page, email);
      await page.evaluate(() => localStorage.setItem('portal.destinationState', 'CO'));
      await seedCart(page, email, [[LIFTS_SKU.smallParcel, 1]], { branchNumber: 101 });
      await page.goto('/shopping-cart');
      await expect(main(page).getByRole('heading', { name: 'Shopping Cart', level: 1 })).toBeVisible();
      await expect(main(page).getByText('Grand Total (MSRP)')).toBeVisible();
      await expect(main(page).getByText('Items (MSRP)')).toBeVisible();
      if (size.name === 'desktop') {
        await expect(main(page).getByRole('columnheader', { name: 'MSRP', exact: true })).toBeVisible();
        await expect(main(page).getByRole('columnheader', { name: 'Extended Amount (MSRP)' })).toBeVisible();
      }
      // The header's cart summary is whole beside 'Ship to', on a phone too (it was cut at 390 px).
      const label = page.getByTestId('header-cart-summary').locator('.mantine-Button-label');
      expect(await label.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(0);
      await expect(page.getByRole('button', { name: 'Ship to CO' })).toBeInViewport({ ratio: 1 });
      await expectNoSideScroll(page);
      await shot(page, 'msrp-cart');
    });
  });
}

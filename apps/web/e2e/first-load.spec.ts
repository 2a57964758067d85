/**
 * A signed-in page opened directly (issue 21, src/early/): index.html's first script starts the
 * session check and the screen's first data before the app's code has run, and the app adopts
 * those answers instead of asking again. The catalog and the cart reload with their content, each
 * call goes to the server once, and a revoked token still ends on the login page (spec 4). The
 * page's first paint is the startup text of index.html.
 */
import type { Page } from '@playwright/test';
import { chooseDestinationState, expect, LIFTS_SKU, login, seedCart, test, USERS } from './fixtures';

/** The API calls the page makes from now on, as `METHOD path`. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/health') calls.push(`${request.method()} ${url.pathname}`);
  });
  return calls;
}

const count = (calls: string[], call: string) => calls.filter((c) => c === call).length;

/** The early requests index.html's first script sent and the app has not taken (undefined: it sent none). */
const earlyLeft = (page: Page) =>
  page.evaluate(() => (window as unknown as { __portalEarlyRequests?: unknown[] }).__portalEarlyRequests?.length);

test.describe('first load of a signed-in page', () => {
  test('the catalog reloads with its tiles; the session check and the search are each asked once', async ({ page }) => {
    await login(page, USERS.buyer);
    await chooseDestinationState(page, 'Colorado');
    await page.goto('/products/catalog/lifts?keywords=lift');
    await expect(page.locator('article[data-sku]').first()).toBeVisible();

    const calls = recordApiCalls(page);
    await page.reload();
    await expect(page.locator('article[data-sku]').first()).toBeVisible();
    await expect(page.getByLabel('Keywords')).toHaveValue('lift');
    await page.waitForLoadState('networkidle');
    expect(count(calls, 'GET /api/users/session/refresh')).toBe(1);
    expect(count(calls, 'POST /api/catalog/search')).toBe(1);
    // Both were sent by the first script and taken by the app.
    expect(await earlyLeft(page)).toBe(0);
  });

  test('the cart reloads with its rows; its price refresh is asked once', async ({ page }) => {
    await login(page, USERS.buyer);
    const items = await seedCart(
      page,
      USERS.buyer,
      [
        [LIFTS_SKU.forklift, 1],
        [LIFTS_SKU.liftgate, 2],
      ],
      { branchNumber: 101 },
    );

    const calls = recordApiCalls(page);
    await page.goto('/shopping-cart');
    const rows = page.getByRole('table', { name: 'Cart items' }).locator('tbody tr');
    await expect(rows).toHaveCount(items.length);
    await expect(rows.first()).toContainText(LIFTS_SKU.forklift);
    await page.waitForLoadState('networkidle');
    expect(count(calls, 'GET /api/users/session/refresh')).toBe(1);
    expect(count(calls, 'POST /api/catalog/products')).toBe(1);
    expect(await earlyLeft(page)).toBe(0);
  });

  test('a revoked token on the catalog still ends on the login page, the session forgotten', async ({ page }) => {
    await login(page, USERS.buyer);
    await chooseDestinationState(page, 'Colorado');
    await page.evaluate(() => localStorage.setItem('portal.sessionToken', 'revoked-or-unknown-token'));
    await page.goto('/products/catalog/lifts');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('portal.sessionToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('portal.sessionEmail'))).toBeNull();
  });

  test('the first paint is the startup text, before any script has run', async ({ page }) => {
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.goto('/login');
    await expect(page.getByText('Loading…')).toBeVisible();
  });
});

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

/** The buyer signed in, with two lifts in the cart of branch 101; answers the stored items. */
async function buyerWithTwoLiftsInCart(page: Page) {
  await login(page, USERS.buyer);
  return seedCart(
    page,
    USERS.buyer,
    [
      [LIFTS_SKU.forklift, 1],
      [LIFTS_SKU.liftgate, 2],
    ],
    { branchNumber: 101 },
  );
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
    expect(count(calls, 'GET /api/client-config')).toBe(1);
    // All three were sent by the first script and taken by the app.
    expect(await earlyLeft(page)).toBe(0);
  });

  test('the cart reloads with its rows; its price refresh is asked once', async ({ page }) => {
    const items = await buyerWithTwoLiftsInCart(page);

    const calls = recordApiCalls(page);
    await page.goto('/shopping-cart');
    const rows = page.getByRole('table', { name: 'Cart items' }).locator('tbody tr');
    await expect(rows).toHaveCount(items.length);
    await expect(rows.first()).toContainText(LIFTS_SKU.forklift);
    await page.waitForLoadState('networkidle');
    expect(count(calls, 'GET /api/users/session/refresh')).toBe(1);
    expect(count(calls, 'POST /api/catalog/products')).toBe(1);
    expect(count(calls, 'GET /api/client-config')).toBe(1);
    expect(await earlyLeft(page)).toBe(0);
  });

  test("the catalog's first drawing holds its tiles when the search answered before the session check", async ({ page }) => {
    await login(page, USERS.buyer);
    await chooseDestinationState(page, 'Colorado');
    await page.goto('/products/catalog/lifts');
    await expect(page.locator('article[data-sku]').first()).toBeVisible();

    // The session check answers only once the early search has, as it mostly does on a phone.
    let searchAnswered!: () => void;
    const answered = new Promise<void>((resolve) => (searchAnswered = resolve));
    page.on('requestfinished', (request) => {
      if (new URL(request.url()).pathname === '/api/catalog/search') searchAnswered();
    });
    await page.route('**/api/users/session/refresh', async (route) => {
      const response = await route.fetch();
      await answered;
      await route.fulfill({ response });
    });
    // Every DOM change is looked at: was the screen's title ever there without a tile?
    await page.addInitScript(() => {
      const seen = { titleWithoutTiles: false };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        if (document.querySelector('main h1') && !document.querySelector('article[data-sku]')) seen.titleWithoutTiles = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await expect(page.locator('article[data-sku]').first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __seen: { titleWithoutTiles: boolean } }).__seen.titleWithoutTiles)).toBe(
      false,
    );
  });

  test("the cart's rows are drawn from the stored cart before its price refresh answers", async ({ page }) => {
    const items = await buyerWithTwoLiftsInCart(page);
    // The price refresh answers only when the test lets it.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let refreshes = 0;
    await page.route('**/api/catalog/products', async (route) => {
      refreshes += 1;
      const response = await route.fetch();
      await released;
      await route.fulfill({ response });
    });
    await page.goto('/shopping-cart');
    const rows = page.getByRole('table', { name: 'Cart items' }).locator('tbody tr');
    await expect(rows).toHaveCount(items.length);
    await expect(rows.first()).toContainText(LIFTS_SKU.forklift);
    expect(refreshes).toBeGreaterThan(0);
    release();
    await expect(rows).toHaveCount(items.length);
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

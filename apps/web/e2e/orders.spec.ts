import type { Page } from '@playwright/test';
import { FEATURED_ORDERS } from '../../server/src/seed/featured';
import { expect, login, test, USERS } from './fixtures';

const main = (page: Page) => page.getByRole('main');
/** Body rows of the first table on the page (the header row has no cells). */
const bodyRows = (page: Page) => main(page).getByRole('table').first().locator('tbody tr');
const orderLink = (page: Page, n: number) => main(page).getByRole('link', { name: String(n), exact: true });
const rowOf = (page: Page, n: number) => bodyRows(page).filter({ has: page.getByRole('link', { name: String(n), exact: true }) });
const timeFrame = (page: Page, label: string) =>
  main(page).getByRole('radiogroup', { name: 'Time Frame' }).getByText(label, { exact: true });
const updateType = (page: Page, label: string) =>
  main(page).getByRole('radiogroup', { name: 'Type of Update' }).getByText(label, { exact: true });

const ORDER_COLUMNS = ['Order ID', 'Purchase Order', 'Status', 'Entered', 'Total', 'Destination', 'Contact'];

async function expectColumns(page: Page, shipColumn: 'Expected Ship' | 'Ship Date') {
  const headers = main(page).getByRole('table').first().getByRole('columnheader');
  await expect(headers).toHaveText([ORDER_COLUMNS[0]!, ORDER_COLUMNS[1]!, ORDER_COLUMNS[2]!, shipColumn, ...ORDER_COLUMNS.slice(3)]);
}

/** The number in a caption like "12 open orders" or "3 of 12 orders". */
async function captionCount(page: Page): Promise<number> {
  const caption = main(page).locator('caption');
  await expect(caption).toHaveText(/^\d+ /);
  return Number(/^(\d+)/.exec((await caption.textContent()) ?? '')![1]);
}

test.describe('welcome page counts', () => {
  test('shows the open and 3-day shipped counts of the branch, the same as the lists', async ({ page }) => {
    await login(page, USERS.buyer);
    const open = page.getByTestId('open-orders-count');
    const shipped = page.getByTestId('shipped-orders-count');
    await expect(open).toHaveText(/^\d+$/);
    await expect(shipped).toHaveText(/^\d+$/);
    const openCount = Number(await open.textContent());
    const shippedCount = Number(await shipped.textContent());
    expect(openCount).toBeGreaterThan(0);
    expect(shippedCount).toBeGreaterThan(0);

    await main(page).getByRole('link', { name: 'Open Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/orders\/open$/);
    expect(await captionCount(page)).toBe(openCount);

    await page.goto('/dashboard');
    await main(page).getByRole('link', { name: 'Recent Orders', exact: true }).click();
    await expect(page).toHaveURL(/\/orders\/recent\?timeFrame=3&updateType=shipped&page=1$/);
    expect(await captionCount(page)).toBe(shippedCount);
  });

  test("shows '...' while loading and '0' when the count fails", async ({ page }) => {
    await login(page, USERS.buyer);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/orders/open', async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ messages: [{ field: '', message: 'boom' }] }),
      });
    });
    await page.goto('/dashboard');
    await expect(page.getByTestId('open-orders-count')).toHaveText('...');
    release();
    await expect(page.getByTestId('open-orders-count')).toHaveText('0');
    await expect(page.getByTestId('shipped-orders-count')).toHaveText(/^\d+$/);
  });
});

test.describe('Open Orders', () => {
  test('lists open orders with the spec columns, filters by keyword, refreshes and opens details', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.goto('/orders/open');
    await expect(main(page).getByRole('heading', { name: 'Open Orders', level: 1 })).toBeVisible();
    await expectColumns(page, 'Expected Ship');
    await expect(main(page).getByText('Orders that are still processing payment are not visible here.')).toBeVisible();
    const total = await captionCount(page);
    expect(total).toBeGreaterThan(3);
    await expect(orderLink(page, FEATURED_ORDERS.backordered[0])).toBeVisible();
    await expect(orderLink(page, FEATURED_ORDERS.shippedUps)).toHaveCount(0);

    // The filter applies after a short pause in typing (250 ms).
    await page.getByLabel('Filter').fill(String(FEATURED_ORDERS.backordered[0]));
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText('Backordered');
    await expect(main(page).locator('caption')).toHaveText(`1 of ${total} open orders`);
    await page.getByLabel('Filter').fill('no-such-order-anywhere');
    await expect(main(page).getByText('No open orders.')).toBeVisible();
    await page.getByLabel('Filter').fill('');
    await expect(bodyRows(page)).toHaveCount(total);

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/orders/open') && r.request().method() === 'POST');
    await main(page).getByRole('button', { name: 'Refresh' }).click();
    await refreshed;

    // A click anywhere on the row opens the order.
    await bodyRows(page)
      .filter({ hasText: String(FEATURED_ORDERS.processing[1]) })
      .getByRole('cell')
      .nth(2)
      .click();
    await expect(page).toHaveURL(new RegExp(`/orders/details/${FEATURED_ORDERS.processing[1]}$`));
    await expect(main(page).getByRole('heading', { name: `Order ${FEATURED_ORDERS.processing[1]}`, level: 1 })).toBeVisible();
  });

  test('shows the expected ship date only from status 20', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.goto('/orders/open');
    const pending = rowOf(page, FEATURED_ORDERS.pending[0]);
    await expect(pending.getByRole('cell').nth(3)).toHaveText('');
    const processing = rowOf(page, FEATURED_ORDERS.processing[1]);
    await expect(processing.getByRole('cell').nth(3)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  });
});

test.describe('Recent Orders', () => {
  test.use({ timezoneId: 'America/Denver' });

  const day = (date: Date) =>
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/Denver' }).format(date);
  const DAY_MS = 86_400_000;

  test('switches time frame and type of update, pages earlier and later, and shows the date range', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.goto('/orders/recent?timeFrame=3&updateType=shipped&page=1');
    await expect(main(page).getByRole('heading', { name: 'Recent Orders', level: 1 })).toBeVisible();
    await expectColumns(page, 'Ship Date');
    const now = new Date();
    const heading = main(page).getByRole('heading', { level: 2 });
    await expect(heading).toHaveText(`${day(new Date(now.getTime() - 2 * DAY_MS))} - ${day(now)}`);
    await expect(orderLink(page, FEATURED_ORDERS.shippedFreight)).toBeVisible();
    await expect(main(page).getByRole('radio', { name: '3 Days' })).toBeChecked();
    await expect(main(page).getByRole('radio', { name: 'Shipped' })).toBeChecked();

    // One day: the end of the range is hidden.
    await timeFrame(page, 'Day').click();
    await expect(page).toHaveURL(/timeFrame=1&updateType=shipped&page=1/);
    await expect(heading).toHaveText(day(now));

    await timeFrame(page, 'Week').click();
    await updateType(page, 'Cancelled').click();
    await expect(page).toHaveURL(/timeFrame=7&updateType=cancelled&page=1/);
    await expect(heading).toHaveText(`${day(new Date(now.getTime() - 6 * DAY_MS))} - ${day(now)}`);
    await expect(orderLink(page, FEATURED_ORDERS.cancelled[0])).toBeVisible();
    await expect(orderLink(page, FEATURED_ORDERS.shippedFreight)).toHaveCount(0);
    for (const row of await bodyRows(page).all()) await expect(row.getByRole('cell').nth(2)).toHaveText('Cancelled');

    await updateType(page, 'Entered').click();
    await expect(orderLink(page, FEATURED_ORDERS.pending[0])).toBeVisible();
    await updateType(page, 'Any').click();
    await expect(page).toHaveURL(/updateType=any/);

    // Earlier and later arrows move by one window.
    await expect(main(page).getByRole('button', { name: 'Later' })).toBeDisabled();
    await main(page).getByRole('button', { name: 'Earlier' }).click();
    await expect(page).toHaveURL(/timeFrame=7&updateType=any&page=2/);
    await expect(heading).toHaveText(`${day(new Date(now.getTime() - 13 * DAY_MS))} - ${day(new Date(now.getTime() - 7 * DAY_MS))}`);
    await main(page).getByRole('button', { name: 'Later' }).click();
    await expect(page).toHaveURL(/page=1/);

    // Keyword filter. The page's own count is not pinned: tests running beside this one place orders
    // for the same branch, and the list refreshes in the background (a count read first went stale).
    expect(await captionCount(page)).toBeGreaterThan(1);
    await page.getByLabel('Filter').fill(String(FEATURED_ORDERS.cancelled[0]));
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(main(page).locator('caption')).toHaveText(/^1 of \d+ orders$/);

    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/orders/recent'));
    await main(page).getByRole('button', { name: 'Refresh' }).click();
    expect((await refreshed).request().postDataJSON()).toMatchObject({
      timeFrame: 7,
      updateType: 'any',
      page: 1,
      timeZone: 'America/Denver',
      branchNumber: 101,
    });
  });

  test('remembers the choices in local storage', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.goto('/orders/recent?timeFrame=7&updateType=entered&page=2');
    await expect(main(page).getByRole('radio', { name: 'Week' })).toBeChecked();
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Recent Orders' }).click();
    await expect(page).toHaveURL(/\/orders\/recent\?timeFrame=7&updateType=entered&page=2$/);
    await expect(main(page).getByRole('radio', { name: 'Entered' })).toBeChecked();
    await page.reload();
    await expect(main(page).getByRole('radio', { name: 'Week' })).toBeChecked();
  });
});

test.describe('Order Search', () => {
  test('validates the form, then searches, pages and changes the page size', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.goto('/orders/search');
    await expect(main(page).getByRole('heading', { name: 'Order Search', level: 1 })).toBeVisible();
    for (const label of ['Order Reference', 'Email', 'Phone', 'Status', 'Time Frame', 'Name', 'Address', 'City', 'State', 'Zip']) {
      await expect(main(page).getByLabel(label, { exact: true })).toBeVisible();
    }
    await expect(main(page).getByLabel('Time Frame')).toHaveValue('6months');

    await main(page).getByRole('button', { name: 'Search' }).click();
    await expect(main(page).getByRole('alert')).toHaveText('You must enter at least one search criteria before searching');
    await expect(page).toHaveURL(/\/orders\/search$/);

    await main(page).getByLabel('Email').fill('not-an-email');
    await main(page).getByRole('button', { name: 'Search' }).click();
    await expect(main(page).getByText('The email address is invalid.')).toBeVisible();
    await main(page).getByRole('button', { name: 'Reset' }).click();
    await expect(main(page).getByLabel('Email')).toHaveValue('');
    await expect(main(page).getByText('The email address is invalid.')).toHaveCount(0);

    await main(page).getByLabel('Status').selectOption({ label: 'Invoiced' });
    await main(page).getByLabel('Time Frame').selectOption({ label: 'Last 2 Years' });
    await main(page).getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/orders\/search\/results\?status=invoiced&timeFrame=2years&page=1&pageSize=10$/);
    await expect(main(page).getByRole('heading', { name: 'Search Results', level: 1 })).toBeVisible();
    await expectColumns(page, 'Expected Ship');
    await expect(bodyRows(page)).toHaveCount(10);
    for (const row of await bodyRows(page).all()) await expect(row.getByRole('cell').nth(2)).toHaveText('Invoiced');

    const found = Number(
      /^(\d+)/.exec(
        (await main(page)
          .getByText(/^\d+ orders found$/)
          .textContent()) ?? '',
      )![1],
    );
    const pages = Math.ceil(found / 10);
    expect(pages).toBeGreaterThan(2);
    const top = main(page).getByRole('navigation', { name: 'Pages (top)' });
    const bottom = main(page).getByRole('navigation', { name: 'Pages (bottom)' });
    await expect(top).toContainText(`of ${pages}`);
    await expect(bottom).toContainText(`of ${pages}`);
    await expect(top.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    const firstPage = await bodyRows(page).first().textContent();
    await bottom.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2&pageSize=10/);
    await expect(top.getByLabel('Page number')).toHaveValue('2');
    await expect(bodyRows(page).first()).not.toHaveText(firstPage!);

    // Typing a page jumps there; a page out of range reverts.
    await top.getByLabel('Page number').fill(String(pages));
    await top.getByLabel('Page number').press('Enter');
    await expect(page).toHaveURL(new RegExp(`page=${pages}&pageSize=10`));
    await expect(top.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await top.getByLabel('Page number').fill(String(pages + 5));
    await top.getByLabel('Page number').press('Enter');
    await expect(top.getByLabel('Page number')).toHaveValue(String(pages));

    await main(page).getByLabel('Page Size').selectOption('25');
    await expect(page).toHaveURL(/page=1&pageSize=25/);
    await expect(bodyRows(page)).toHaveCount(25);
    await expect(top).toContainText(`of ${Math.ceil(found / 25)}`);

    // Back to the form with the criteria kept.
    await main(page).getByRole('link', { name: 'Change Search' }).click();
    await expect(main(page).getByLabel('Status')).toHaveValue('invoiced');
    await expect(main(page).getByLabel('Time Frame')).toHaveValue('2years');
  });

  test('finds an order by its reference and opens it; Expected Ship only from code 20', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.goto('/orders/search');
    await main(page).getByLabel('Order Reference').fill(String(FEATURED_ORDERS.processing[0]));
    await main(page).getByRole('button', { name: 'Search' }).click();
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first().getByRole('cell').nth(3)).toHaveText(/\d{4}$/);
    await bodyRows(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/orders/details/${FEATURED_ORDERS.processing[0]}$`));

    await page.goto('/orders/search/results?status=pending&timeFrame=month&page=1&pageSize=10');
    await expect(bodyRows(page).first().getByRole('cell').nth(2)).toHaveText('Pending');
    for (const row of await bodyRows(page).all()) {
      const status = await row.getByRole('cell').nth(2).textContent();
      expect(status).toBe('Pending');
    }
  });
});

test.describe('Order Details', () => {
  const steps = (page: Page) => main(page).getByRole('list', { name: 'Order progress' }).getByRole('listitem');
  const step = (page: Page, key: string) => main(page).locator(`li[data-step="${key}"]`);

  test('a shipped order: progress, addresses, lines, charges, total and a tracking link opening a new tab', async ({ page, context }) => {
    await context.route(/^https:\/\/www\.ups\.com\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>UPS tracking</title>' }),
    );
    await login(page, USERS.buyer);
    await page.goto(`/orders/details/${FEATURED_ORDERS.shippedUps}`);
    await expect(main(page).getByRole('heading', { name: `Order ${FEATURED_ORDERS.shippedUps}`, level: 1 })).toBeVisible();
    await expect(steps(page)).toHaveText([/^Pending/, /^Processing/, /^Shipped/, /^Invoiced/]);
    for (const key of ['pending', 'processing', 'shipped']) await expect(step(page, key)).toHaveAttribute('data-lit', 'true');
    await expect(step(page, 'invoiced')).toHaveAttribute('data-lit', 'false');
    await expect(main(page).getByRole('heading', { name: 'Billing Address' })).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Shipping Address' })).toBeVisible();
    await expect(main(page).getByRole('columnheader', { name: 'Description' }).first()).toBeVisible();
    await expect(main(page).getByRole('rowheader', { name: 'Grand Total' })).toBeVisible();
    await expect(main(page).getByRole('row', { name: /Grand Total/ })).toContainText(/\$[\d,]+\.\d{2}/);

    const shipment = main(page).getByRole('region', { name: 'Shipment 1' });
    await expect(shipment).toContainText('Carrier: UPS');
    const tracking = shipment.getByRole('link').first();
    await expect(tracking).toHaveAttribute('target', '_blank');
    await expect(tracking).toHaveAttribute('href', /^https:\/\/www\.ups\.com\/track\?tracknum=1Z/);
    const [popup] = await Promise.all([page.waitForEvent('popup'), tracking.click()]);
    await expect(popup).toHaveURL(/ups\.com\/track/);
    await expect(page).toHaveURL(new RegExp(`/orders/details/${FEATURED_ORDERS.shippedUps}$`));
  });

  test('a backordered order shows the Backordered step in warning style', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.goto(`/orders/details/${FEATURED_ORDERS.backordered[0]}`);
    await expect(steps(page)).toHaveText([/^Pending/, /^Backordered/, /^Shipped/, /^Invoiced/]);
    await expect(step(page, 'backordered')).toHaveAttribute('data-style', 'warning');
    await expect(step(page, 'backordered')).toHaveAttribute('data-lit', 'true');
    await expect(main(page).getByText('No shipments yet.')).toBeVisible();
  });

  test('a partially shipped order shows Partial Ship and a shipped and a pending shipment', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.goto(`/orders/details/${FEATURED_ORDERS.partialTwoShipments}`);
    await expect(steps(page)).toHaveText([/^Pending/, /^Processing/, /^Partial Ship/, /^Invoiced/]);
    await expect(step(page, 'partial')).toHaveAttribute('data-lit', 'true');
    await expect(main(page).getByRole('region', { name: 'Shipment 1' })).toContainText('Shipped');
    await expect(main(page).getByRole('region', { name: 'Shipment 2' })).toContainText('Expected');
    await expect(main(page).getByRole('region', { name: 'Shipment 1' }).getByRole('link').first()).toHaveAttribute('target', '_blank');
  });

  test('a cancelled order outlines every step in error style and ends with Cancelled', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.goto(`/orders/details/${FEATURED_ORDERS.cancelled[0]}`);
    await expect(steps(page)).toHaveText([/^Pending/, /^Processing/, /^Shipped/, /^Invoiced/, /^Cancelled/]);
    for (const key of ['pending', 'processing', 'shipped', 'invoiced']) {
      await expect(step(page, key)).toHaveAttribute('data-style', 'error');
      await expect(step(page, key)).toHaveAttribute('data-lit', 'false');
    }
    await expect(step(page, 'cancelled')).toHaveAttribute('data-lit', 'true');
    await expect(step(page, 'cancelled')).toHaveAttribute('data-style', 'error');
  });

  test('an order outside the user scope is not found', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.goto(`/orders/details/${FEATURED_ORDERS.enteredByAdmin[0]}`);
    await expect(main(page).getByText('The order was not found.')).toBeVisible();
    await page.goto('/orders/details/0');
    await expect(main(page).getByText('The order was not found.')).toBeVisible();
  });
});

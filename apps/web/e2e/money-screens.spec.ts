import type { ConsoleMessage, Page } from '@playwright/test';
import { FEATURED_ORDERS } from '../../server/src/seed/featured';
import { apiFromPage, chooseDestinationState, expect, LIFTS_SKU, login, money, seedCart, test, USERS } from './fixtures';

/**
 * Clearer money screens (issue 16): the spec's surcharge titles (spec 2 "Shopping cart"), a
 * declined card's message at the card field until the card changes, the header total's note when
 * charges are in it, the reason a disabled 'Add To Cart' is disabled, 'Open On Google Maps' only
 * once an address exists, and page loads without console warnings.
 */

const SKU = LIFTS_SKU;
const SHOW_SKU = 'PBYAX-0108SE';
/** Charge choices as stored by the cart (true = declined). */
const NONE_DECLINED = { notice: false, residential: false, forklift: false, liftgate: false };
const NOTICE_DECLINED = { ...NONE_DECLINED, notice: true };

const toast = (page: Page, text: string) => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text });

/** From the cart page's Checkout button to the checkout form. */
async function openCheckout(page: Page) {
  await page.goto('/shopping-cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('table', { name: 'Order review' })).toBeVisible();
}

test.describe('spec wording of the surcharge blocks', () => {
  test("the flatbed block is titled 'Forklift Required for flatbed items', the forklift block 'Forklift Required'", async ({ page }) => {
    await login(page, USERS.buyer);
    await seedCart(page, USERS.buyer, [[SKU.flatbed, 1]], { branchNumber: 101, choices: NONE_DECLINED });
    await page.goto('/shopping-cart');
    const flatbed = page.getByRole('region', { name: 'Forklift Required for flatbed items' });
    await expect(flatbed.getByRole('heading', { name: 'Forklift Required for flatbed items', exact: true })).toBeVisible();
    await expect(flatbed).toContainText('$0.00');
    await expect(page.getByRole('heading', { name: 'Forklift Required', exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '24 Hour Delivery Notice', exact: true })).toBeVisible();

    await seedCart(page, USERS.buyer, [[SKU.forklift, 1]], { branchNumber: 101, choices: NONE_DECLINED });
    await page.goto('/shopping-cart');
    const forklift = page.getByRole('region', { name: 'Forklift Required', exact: true });
    await expect(forklift.getByRole('heading', { name: 'Forklift Required', exact: true })).toBeVisible();
    await expect(forklift.getByRole('radio', { name: 'Destination can offload' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Forklift Required for flatbed items' })).toHaveCount(0);
  });
});

test.describe('clearer money screens', () => {
  test('a declined card shows its message at the card number until the card changes', async ({ page }) => {
    await login(page, USERS.owner);
    await seedCart(page, USERS.owner, [[SKU.smallParcel, 1]], { branchNumber: 201 });
    await openCheckout(page);
    await page.getByLabel('Full Name').fill('Valley Auto Body');
    await page.getByLabel('Address Line 1').fill('2400 Tulare St');
    await page.getByLabel('City').fill('Fresno');
    await page.getByLabel('State', { exact: true }).selectOption({ label: 'California' });
    await page.getByLabel('ZIP Code').fill('93721');
    await page.getByLabel('Phone').fill('5595550142');

    const cardNumber = page.getByLabel('Card number');
    await cardNumber.fill('4000 0000 0000 0002');
    await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay & Place Order' }).click();

    await expect(toast(page, 'Your card was declined.')).toBeVisible();
    await expect(cardNumber).toHaveAttribute('aria-invalid', 'true');
    await expect(cardNumber).toHaveAccessibleDescription(/Your card was declined\./);
    await expect(cardNumber).toBeFocused();
    const atField = page.getByRole('group', { name: 'Card Payment' }).getByText('Your card was declined.');
    await expect(atField).toBeVisible();

    // The toast goes after 5 seconds; the message at the card stays, also when other parts change.
    await page.mouse.move(0, 0);
    await expect(toast(page, 'Your card was declined.')).toHaveCount(0, { timeout: 15_000 });
    await page.getByLabel('CVC').fill('456');
    await page.getByLabel('Expiration (MM / YY)').fill('11 / 33');
    await expect(atField).toBeVisible();
    await expect(page).toHaveURL(/\/checkout$/);

    // Another card: the message goes.
    await cardNumber.fill('4242 4242 4242 4242');
    await expect(atField).toHaveCount(0);
    await expect(cardNumber).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('the header total says when it includes charges, keeping its accessible name', async ({ page }) => {
    await login(page, USERS.buyer);
    const [item] = await seedCart(page, USERS.buyer, [[SKU.smallParcel, 2]], { branchNumber: 101, choices: NOTICE_DECLINED });
    await page.goto('/shopping-cart');
    const itemsOnly = money(item!.price * 2);
    const header = page.getByRole('banner');
    const summary = header.getByRole('link', { name: `Cart summary: 2 items · ${itemsOnly}`, exact: true });
    await expect(summary).toBeVisible();
    await expect(header.getByText('incl. charges')).toHaveCount(0);

    // The 24 hour notice ($25.00) goes into the Grand Total: the header says so.
    await page
      .getByRole('radiogroup', { name: '24 Hour Delivery Notice', exact: true })
      .getByRole('radio', { name: /^Add delivery charge/ })
      .check();
    const withCharges = money(item!.price * 2 + 25);
    const charged = header.getByRole('link', { name: `Cart summary: 2 items · ${withCharges}`, exact: true });
    await expect(charged).toBeVisible();
    await expect(page.getByTestId('header-cart-summary')).toHaveText(`2 items · ${withCharges}`);
    await expect(header.getByText('incl. charges', { exact: true })).toBeVisible();
    await expect(charged).toHaveAccessibleDescription('incl. charges');

    // At phone width the note is still there.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(header.getByText('incl. charges', { exact: true })).toBeVisible();
  });

  test("a disabled 'Add To Cart' says why in visible text", async ({ page }) => {
    await login(page, USERS.buyer);
    await chooseDestinationState(page, 'Colorado');
    await seedCart(page, USERS.buyer, [[SKU.smallParcel, 1]], { branchNumber: 101 });
    const reason = 'Your cart holds items from Lifts & Equipment. Check out or clear it to add from this catalog.';

    await page.goto('/products/catalog/show');
    await page.getByLabel('Keywords').fill(SHOW_SKU);
    await page.getByRole('button', { name: 'Search' }).click();
    const tile = page.locator(`article[data-sku="${SHOW_SKU}"]`);
    const add = tile.getByRole('button', { name: 'Add To Cart' });
    await expect(add).toBeDisabled();
    await expect(tile.getByText(reason)).toBeVisible();
    await expect(add).toHaveAccessibleDescription(new RegExp(reason.replace(/[.&]/g, (c) => `\\${c}`)));
    await expect(add).not.toHaveAttribute('title');

    // In the cart's own catalog the button adds, and no reason shows.
    await page.goto('/products/catalog/lifts');
    await page.getByLabel('Keywords').fill(SKU.smallParcel);
    await page.getByRole('button', { name: 'Search' }).click();
    const own = page.locator(`article[data-sku="${SKU.smallParcel}"]`);
    await expect(own.getByRole('button', { name: 'Add (1)' })).toBeEnabled();
    await expect(page.getByTestId('add-blocked-reason')).toHaveCount(0);
  });

  test("'Open On Google Maps' appears only once an address exists", async ({ page, context }) => {
    // The maps search opens in a new window; this closed network answers it here.
    await context.route('https://www.google.com/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>maps</p>' }),
    );
    await login(page, USERS.buyer);
    await seedCart(page, USERS.buyer, [[SKU.residential, 1]], {
      branchNumber: 101,
      choices: { ...NONE_DECLINED, residential: true },
    });
    await openCheckout(page);

    const warning = page.getByRole('note').filter({ hasText: 'Residential Service Declined' });
    await expect(warning).toBeVisible();
    const maps = page.getByRole('button', { name: 'Open On Google Maps' });
    // The checkout starts from the branch's ship-to address (issue 34), so the button is there at once;
    // without a street, city and ZIP code it goes.
    await expect(maps).toBeVisible();
    await page.getByLabel('Address Line 1').fill('');
    await page.getByLabel('City').fill('');
    await page.getByLabel('ZIP Code').fill('');
    await expect(maps).toHaveCount(0);
    await expect(warning.getByText('Enter the shipping address to check it on Google Maps.')).toBeVisible();

    await page.getByLabel('Address Line 1').fill('1200 Blake St');
    await expect(maps).toHaveCount(0);
    await page.getByLabel('City').fill('Denver');
    await expect(maps).toBeVisible();
    await expect(warning.getByText('Enter the shipping address to check it on Google Maps.')).toHaveCount(0);

    const popup = page.waitForEvent('popup');
    await maps.click();
    const opened = await popup;
    expect(decodeURIComponent(opened.url())).toContain('1200 Blake St, Denver');

    // The street emptied again: the button goes.
    await page.getByLabel('Address Line 1').fill('');
    await expect(maps).toHaveCount(0);
  });
});

test.describe('console', () => {
  test('no warning or error on a normal load of the main pages', async ({ page }) => {
    // Thirteen full page loads, a sign-in and a checkout: longer than the default 60 s on CI's 2 cores.
    test.setTimeout(150_000);
    // The e2e server points the live-chat widget at a missing file (its load failure is only logged,
    // spec 1, tested elsewhere); here the widget loads, as on a normal page load.
    await page.route('**/e2e-missing-chat-widget.js', (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
    const problems: string[] = [];
    const record = (message: ConsoleMessage) => {
      if (message.type() === 'warning' || message.type() === 'error')
        problems.push(`${message.type()} on ${page.url()}: ${message.text()}`);
    };
    page.on('console', record);
    page.on('pageerror', (error) => problems.push(`page error on ${page.url()}: ${error.message}`));

    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    await login(page, USERS.admin, { branch: '101 Denver' });
    await chooseDestinationState(page, 'Colorado');
    await seedCart(page, USERS.admin, [[SKU.residential, 1]], { branchNumber: 101 });

    const pages: [string, RegExp | string][] = [
      ['/dashboard', /^Welcome/],
      ['/products/catalog/lifts', 'Lifts & Equipment'],
      [`/products/catalog/lifts/${SKU.residential}`, /./],
      ['/shopping-cart', 'Shopping Cart'],
      ['/orders/open', 'Open Orders'],
      ['/orders/recent', 'Recent Orders'],
      ['/orders/search', 'Order Search'],
      [`/orders/details/${FEATURED_ORDERS.shippedUps}`, `Order ${FEATURED_ORDERS.shippedUps}`],
      ['/bulk-pricing', 'Bulk Pricing'],
      ['/organization/users', 'User Administration'],
      ['/account/profile', 'Profile'],
      ['/sema', 'Scan QR Code'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
    }

    // The checkout page, opened from the cart and loaded afresh.
    await openCheckout(page);
    await page.reload();
    await expect(page.getByRole('table', { name: 'Order review' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const { status } = await apiFromPage(page, 'GET', '/api/health');
    expect(status).toBe(200);

    expect(problems).toEqual([]);
  });
});

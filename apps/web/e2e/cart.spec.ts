import type { Page } from '@playwright/test';
import {
  chooseDestinationState,
  expect,
  LIFTS_SKU,
  login,
  money,
  searchCatalog,
  seedCart as seedCartItems,
  test,
  USERS,
  type SeededCartItem,
} from './fixtures';

/**
 * The shopping cart (spec 2 "Shopping cart", 4 "Cart" and "Charges", 5, 8). Items are put in the
 * cart by writing the cart store's own stored format (portal.cart.<email>) from the catalog's
 * batch answer, then the page is loaded: the cart page refreshes them through the same call.
 * Fees: Summit Lift Supply 175 / 95 / 85 / 25, Valley Garage 150 / 80 / 65 / 20 (demo-data.md).
 */

const SKU = LIFTS_SKU;
type SeededItem = SeededCartItem;

/** The cart page's tests start with the 24 Hour Delivery Notice accepted. */
const seedCart = (page: Page, email: string, lines: [string, number][], options: Parameters<typeof seedCartItems>[3]) =>
  seedCartItems(page, email, lines, { choices: { notice: true, residential: false, forklift: false, liftgate: false }, ...options });

const itemsTotal = (items: SeededItem[]) => items.reduce((sum, i) => sum + Math.round(i.price * 100) * i.quantity, 0) / 100;

async function openCart(page: Page) {
  await page.goto('/shopping-cart');
  await expect(page.getByRole('heading', { name: 'Shopping Cart', level: 1 })).toBeVisible();
}

const totals = (page: Page) => page.getByRole('table', { name: 'Cart totals' });
async function expectTotals(page: Page, items: number, charges: number) {
  await expect(totals(page).getByRole('row', { name: /^Charges/ })).toContainText(money(charges));
  await expect(totals(page).getByRole('row', { name: /^Grand Total/ })).toContainText(money(items + charges));
}
const block = (page: Page, name: string) => page.getByRole('radiogroup', { name, exact: true });

test.describe('surcharge blocks (Summit Lift Supply fees)', () => {
  test('24 hour notice, residential and liftgate: accept and decline', async ({ page }) => {
    await login(page, USERS.buyer);
    const items = await seedCart(
      page,
      USERS.buyer,
      [
        [SKU.liftgate, 1],
        [SKU.residential, 1],
        [SKU.smallParcel, 2],
      ],
      { branchNumber: 101 },
    );
    await openCart(page);
    const sum = itemsTotal(items);
    await expect(page.getByRole('heading', { name: 'Cart for Catalog: Lifts & Equipment' })).toBeVisible();

    // The notice starts declined; liftgate 95 and residential 85 are charged.
    const notice = block(page, '24 Hour Delivery Notice');
    await expect(page.getByText('The carrier calls 24 hours before delivery')).toBeVisible();
    await expect(notice.getByRole('radio', { name: 'Not needed' })).toBeChecked();
    await expectTotals(page, sum, 180);
    await notice.getByRole('radio', { name: 'Add delivery charge ($25.00)' }).check();
    await expectTotals(page, sum, 205);
    await notice.getByRole('radio', { name: 'Not needed' }).check();
    await expectTotals(page, sum, 180);

    const residential = block(page, 'Residential Service Required');
    const disclaimer = page.getByText('You are responsible for the residential service charge');
    await expect(disclaimer).toHaveCount(0);
    await residential.getByRole('radio', { name: 'Destination is not residential' }).check();
    await expect(disclaimer).toBeVisible();
    await expectTotals(page, sum, 95);
    await residential.getByRole('radio', { name: 'Add residential service ($85.00)' }).check();
    await expect(disclaimer).toHaveCount(0);
    await expectTotals(page, sum, 180);

    const liftgate = block(page, 'Liftgate Service Required');
    await liftgate.getByRole('radio', { name: 'Destination has a forklift or loading dock' }).check();
    await expectTotals(page, sum, 85);
    await liftgate.getByRole('radio', { name: 'Add liftgate service ($95.00)' }).check();
    await expectTotals(page, sum, 180);

    await expect(block(page, 'Forklift Required')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Forklift Required for flatbed items' })).toHaveCount(0);

    // The choices are part of the stored cart.
    await page.reload();
    await expect(block(page, '24 Hour Delivery Notice').getByRole('radio', { name: 'Not needed' })).toBeChecked();
    await expectTotals(page, sum, 180);
    await expect(page.getByRole('button', { name: 'Checkout' }).or(page.getByRole('link', { name: 'Checkout' }))).toBeVisible();
  });

  test('forklift: accept shows the availability note, decline the disclaimer; liftgate is then not offered', async ({ page }) => {
    await login(page, USERS.buyer);
    const items = await seedCart(
      page,
      USERS.buyer,
      [
        [SKU.forklift, 1],
        [SKU.liftgate, 1],
      ],
      { branchNumber: 101 },
    );
    await openCart(page);
    const sum = itemsTotal(items);

    const forklift = block(page, 'Forklift Required');
    const note = page.getByText('Forklift service is not available in all areas.');
    const disclaimer = page.getByText('You are responsible for unloading the shipment at the destination.');
    await expect(forklift.getByRole('radio', { name: 'Add forklift service ($175.00)' })).toBeChecked();
    await expect(note).toBeVisible();
    await expect(disclaimer).toHaveCount(0);
    await expect(block(page, 'Liftgate Service Required')).toHaveCount(0);
    await expectTotals(page, sum, 175);

    await forklift.getByRole('radio', { name: 'Destination can offload' }).check();
    await expect(disclaimer).toBeVisible();
    await expect(note).toHaveCount(0);
    // Liftgate stays treated as declined while a forklift is required.
    await expectTotals(page, sum, 0);

    await forklift.getByRole('radio', { name: 'Add forklift service ($175.00)' }).check();
    await expect(note).toBeVisible();
    await expectTotals(page, sum, 175);

    // Without the forklift item, the liftgate block comes back.
    await page.getByRole('button', { name: `Remove ${SKU.forklift}` }).click();
    await expect(page.getByText(`Removed ${SKU.forklift} from the cart!`)).toBeVisible();
    await expect(block(page, 'Liftgate Service Required')).toBeVisible();
    await expect(block(page, 'Forklift Required')).toHaveCount(0);
  });

  test('flatbed: forklift for flatbed items at $0.00 without choice, notice required, no forklift or liftgate service', async ({
    page,
  }) => {
    await login(page, USERS.buyer);
    const items = await seedCart(
      page,
      USERS.buyer,
      [
        [SKU.flatbed, 1],
        [SKU.forklift, 1],
        [SKU.liftgate, 1],
      ],
      { branchNumber: 101 },
    );
    await openCart(page);
    const sum = itemsTotal(items);

    const flatbed = page.getByRole('region', { name: 'Forklift Required for flatbed items' });
    await expect(flatbed).toBeVisible();
    await expect(flatbed).toContainText('$0.00');
    // Spec 2: no choice of service, only the dealer's confirmation, which starts unticked.
    await expect(flatbed.getByRole('checkbox', { name: 'I confirm a forklift is available at the destination' })).not.toBeChecked();
    await expect(flatbed.getByRole('radio')).toHaveCount(0);

    const notice = block(page, '24 Hour Delivery Notice');
    await expect(notice.getByRole('radio', { name: 'Add delivery charge ($25.00)' })).toBeChecked();
    await expect(notice.getByRole('radio', { name: 'Not needed' })).toBeDisabled();
    await expect(page.getByText('Flatbed deliveries always include the 24 hour delivery notice.')).toBeVisible();

    await expect(block(page, 'Forklift Required')).toHaveCount(0);
    await expect(block(page, 'Liftgate Service Required')).toHaveCount(0);
    await expectTotals(page, sum, 25);

    // The per-item warnings name what each item needs.
    await expect(page.getByText('a customer-provided forklift is needed at the destination')).toBeVisible();
    await expect(page.getByText('Requires forklift service or a forklift at the destination.')).toBeVisible();
    await expect(page.getByText('Requires liftgate service or a forklift at the destination.')).toBeVisible();
  });
});

test.describe('price override', () => {
  test('Summit Lift Supply edits prices: $ and commas stripped, anything else reverts', async ({ page }) => {
    await login(page, USERS.buyer);
    const [item] = await seedCart(page, USERS.buyer, [[SKU.smallParcel, 2]], { branchNumber: 101 });
    await openCart(page);
    await expect(page.getByRole('columnheader', { name: 'Original Price' })).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(SKU.smallParcel) });
    const price = page.getByRole('textbox', { name: `Price for ${SKU.smallParcel}` });
    await expect(price).toHaveValue(money(item!.price));

    await price.fill('$1,234.50');
    await price.press('Enter');
    await expect(price).toHaveValue('$1,234.50');
    await expect(row).toContainText(money(2469));
    await expect(row).toContainText(money(item!.price));

    for (const bad of ['abc', '-5', '12a', '1.2.3']) {
      await price.fill(bad);
      await price.press('Enter');
      await expect(price).toHaveValue('$1,234.50');
    }

    await price.fill('0');
    await price.press('Enter');
    await expect(price).toHaveValue('$0.00');
    await expectTotals(page, 0, 0);

    // The override is kept across a reload.
    await page.reload();
    await expect(page.getByRole('textbox', { name: `Price for ${SKU.smallParcel}` })).toHaveValue('$0.00');
  });

  test('Valley Garage has no price override and no Original Price column', async ({ page }) => {
    await login(page, USERS.owner);
    const [item] = await seedCart(
      page,
      USERS.owner,
      [
        [SKU.smallParcel, 1],
        [SKU.liftgate, 1],
      ],
      { branchNumber: 201 },
    );
    await openCart(page);
    await expect(page.getByRole('columnheader', { name: 'Price', exact: true })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Original Price' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: /^Price for/ })).toHaveCount(0);
    await expect(page.getByRole('row', { name: new RegExp(SKU.smallParcel) })).toContainText(money(item!.price));
    // Valley Garage's own fees: liftgate 80, notice 20.
    await expect(block(page, 'Liftgate Service Required').getByRole('radio', { name: 'Add liftgate service ($80.00)' })).toBeChecked();
    await expect(block(page, '24 Hour Delivery Notice').getByRole('radio', { name: 'Add delivery charge ($20.00)' })).toBeVisible();
    // A single catalog: no 'Cart for Catalog' heading.
    await expect(page.getByRole('heading', { name: /Cart for Catalog/ })).toHaveCount(0);
  });
});

test.describe('cart items', () => {
  test('quantity: digits only, else reverts; 0 or empty removes; toasts', async ({ page }) => {
    await login(page, USERS.buyer);
    await seedCart(
      page,
      USERS.buyer,
      [
        [SKU.smallParcel, 2],
        [SKU.liftgate, 1],
      ],
      { branchNumber: 101 },
    );
    await openCart(page);
    const quantity = page.getByRole('textbox', { name: `Quantity for ${SKU.smallParcel}` });
    await expect(quantity).toHaveValue('2');

    for (const bad of ['abc', '-1', '1.5']) {
      await quantity.fill(bad);
      await quantity.press('Enter');
      await expect(quantity).toHaveValue('2');
    }
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect(page.getByText(`Updated quantity to 3 for ${SKU.smallParcel}!`)).toBeVisible();
    await expect(quantity).toHaveValue('3');
    await expect(page.getByTestId('menu-cart-summary')).toContainText('4 items');

    await quantity.fill('0');
    await quantity.press('Enter');
    await expect(page.getByText(`Removed ${SKU.smallParcel} from the cart!`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(SKU.smallParcel) })).toHaveCount(0);

    const other = page.getByRole('textbox', { name: `Quantity for ${SKU.liftgate}` });
    await other.fill('');
    await other.blur();
    await expect(page.getByText(`Removed ${SKU.liftgate} from the cart!`)).toBeVisible();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByText('Grand Total')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Checkout' })).toHaveCount(0);
    await expect(page.getByRole('radiogroup', { name: '24 Hour Delivery Notice' })).toHaveCount(0);
  });

  test('Clear Cart asks first', async ({ page }) => {
    await login(page, USERS.buyer);
    await seedCart(page, USERS.buyer, [[SKU.smallParcel, 2]], { branchNumber: 101 });
    await openCart(page);
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    let dialog = page.getByRole('dialog', { name: 'Clear Cart' });
    await expect(dialog).toContainText('Are you sure you want to clear your cart?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('row', { name: new RegExp(SKU.smallParcel) })).toBeVisible();

    await page.getByRole('button', { name: 'Clear Cart' }).click();
    dialog = page.getByRole('dialog', { name: 'Clear Cart' });
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
    await expect(page.getByTestId('menu-cart-summary')).toHaveText('0 items · $0.00');
    await page.reload();
    await expect(page.getByText('Your cart is empty.')).toBeVisible();
  });

  test('the refresh drops items the catalog no longer has; a failed refresh keeps the items', async ({ page }) => {
    await login(page, USERS.buyer);
    const items = await seedCart(page, USERS.buyer, [[SKU.smallParcel, 2]], { branchNumber: 101, extraSkus: ['NO-SUCH-SKU'] });
    await openCart(page);
    await expect(page.getByText('Removed NO-SUCH-SKU from the cart!')).toBeVisible();
    await expect(page.getByRole('row', { name: /NO-SUCH-SKU/ })).toHaveCount(0);
    await expectTotals(page, itemsTotal(items), 0);

    await page.route('**/api/catalog/products', (route) =>
      route.fulfill({ status: 500, body: '{"messages":[]}', contentType: 'application/json' }),
    );
    await page.reload();
    await expect(page.getByRole('row', { name: new RegExp(SKU.smallParcel) })).toBeVisible();
    await expectTotals(page, itemsTotal(items), 0);
  });
});

test.describe('the cart belongs to a user and a catalog', () => {
  test('persists across reload, is kept per user, is shown in the menu and header, and is cleared at logout', async ({ page }) => {
    await login(page, USERS.buyer);
    const items = await seedCart(page, USERS.buyer, [[SKU.smallParcel, 3]], { branchNumber: 101 });
    await openCart(page);
    const total = money(itemsTotal(items));
    await expect(page.getByTestId('menu-cart-summary')).toHaveText(`3 items · ${total}`);
    await expect(page.getByTestId('header-cart-summary')).toHaveText(`3 items · ${total}`);
    await page.reload();
    await expect(page.getByRole('textbox', { name: `Quantity for ${SKU.smallParcel}` })).toHaveValue('3');

    // Another person signs in on this browser without the first logging out: their own, empty cart.
    await page.evaluate(() => {
      localStorage.removeItem('portal.sessionToken');
      localStorage.removeItem('portal.branchNumber');
    });
    await login(page, USERS.admin, { branch: '101 Denver' });
    await expect(page.getByTestId('menu-cart-summary')).toHaveText('0 items · $0.00');
    await openCart(page);
    await expect(page.getByText('Your cart is empty.')).toBeVisible();

    // The first user is back: the cart is still theirs.
    await page.evaluate(() => localStorage.removeItem('portal.sessionToken'));
    await login(page, USERS.buyer);
    await expect(page.getByTestId('menu-cart-summary')).toHaveText(`3 items · ${total}`);

    // Logout clears it.
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate((email) => localStorage.getItem(`portal.cart.${email}`), USERS.buyer)).toBeNull();
    await login(page, USERS.buyer);
    await expect(page.getByTestId('menu-cart-summary')).toHaveText('0 items · $0.00');
  });

  test('a cart of another catalog is labelled with it; the viewer has no cart', async ({ page }) => {
    await login(page, USERS.buyer);
    await seedCart(page, USERS.buyer, [['PBYAX-0108SE', 1]], { branchNumber: 101, catalog: 'show' });
    await openCart(page);
    await expect(page.getByRole('heading', { name: 'Cart for Catalog: SEMA Show Specials' })).toBeVisible();

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Log Out' }).click();
    await login(page, USERS.viewer, { branch: '101 Denver' });
    await expect(page.getByTestId('header-cart-summary')).toHaveCount(0);
    await expect(page.getByTestId('menu-cart-summary')).toHaveCount(0);
  });
});

test.describe('catalog binding through the catalog and product pages', () => {
  test("the cart takes the catalog of its first item and refuses another catalog's products", async ({ page }) => {
    await login(page, USERS.buyer);
    await chooseDestinationState(page, 'Colorado');

    // The catalog tile adds one at a time and shows the quantity in the cart.
    await page.goto('/products/catalog/lifts');
    await searchCatalog(page, SKU.smallParcel);
    const tile = page.locator(`article[data-sku="${SKU.smallParcel}"]`);
    await tile.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByText(`Added ${SKU.smallParcel} to the cart!`)).toBeVisible();
    await expect(tile.getByRole('button', { name: 'Add (1)' })).toBeVisible();
    await expect(page.getByTestId('menu-cart-summary')).toContainText('1 item ·');

    // Another catalog: the tiles cannot add, and the product page is refused with the warning.
    const showSku = 'PBYAX-0108SE';
    await page.goto('/products/catalog/show');
    await page.getByLabel('Keywords').fill(showSku);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.locator(`article[data-sku="${showSku}"]`).getByRole('button', { name: 'Add To Cart' })).toBeDisabled();
    await page.goto(`/products/catalog/show/${showSku}`);
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByText('Cannot add or update items from different catalogs!')).toBeVisible();
    await expect(page.getByTestId('menu-cart-summary')).toContainText('1 item ·');

    // The product page of the cart's catalog updates the quantity.
    await page.goto(`/products/catalog/lifts/${SKU.smallParcel}`);
    await page.getByLabel('Quantity', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Update Cart' }).click();
    await expect(page.getByText(`Updated quantity to 3 for ${SKU.smallParcel}!`)).toBeVisible();

    await openCart(page);
    await expect(page.getByRole('heading', { name: 'Cart for Catalog: Lifts & Equipment' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: `Quantity for ${SKU.smallParcel}` })).toHaveValue('3');

    // Emptied, the cart is bound to no catalog: the other catalog's product goes in.
    await page.getByRole('button', { name: `Remove ${SKU.smallParcel}` }).click();
    await page.goto(`/products/catalog/show/${showSku}`);
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByText(`Added ${showSku} to the cart!`)).toBeVisible();
    await openCart(page);
    await expect(page.getByRole('heading', { name: 'Cart for Catalog: SEMA Show Specials' })).toBeVisible();
  });
});

test.describe('flatbed confirmation', () => {
  test('unticked at first, the checkout refused until it is ticked, then it proceeds; unticked again when the cart opens', async ({
    page,
  }) => {
    await login(page, USERS.buyer);
    await seedCart(page, USERS.buyer, [[SKU.flatbed, 1]], { branchNumber: 101 });
    await openCart(page);
    const flatbed = page.getByRole('region', { name: 'Forklift Required for flatbed items' });
    const confirm = flatbed.getByRole('checkbox', { name: 'I confirm a forklift is available at the destination' });
    const refusal = 'Please confirm that a forklift is available at the destination to unload the flatbed items.';
    await expect(confirm).not.toBeChecked();
    await expect(flatbed.getByText(refusal)).toHaveCount(0);

    // Not ticked: the checkout does not start, the box says why and has the focus.
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(flatbed.getByText(refusal)).toBeVisible();
    await expect(confirm).toBeFocused();
    await expect(page).toHaveURL(/\/shopping-cart$/);
    await expect(confirm).toHaveAccessibleDescription(refusal);

    await confirm.check();
    await expect(flatbed.getByText(refusal)).toHaveCount(0);
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('table', { name: 'Order review' })).toBeVisible();

    // Back on the cart, the dealer confirms again.
    await page.getByRole('button', { name: 'Back to Shopping Cart' }).click();
    await expect(page).toHaveURL(/\/shopping-cart$/);
    await expect(confirm).not.toBeChecked();
  });

  test('opening /checkout directly with an unconfirmed flatbed cart lands on the cart with the reason', async ({ page }) => {
    await login(page, USERS.buyer);
    await seedCart(page, USERS.buyer, [[SKU.flatbed, 1]], { branchNumber: 101 });
    await page.goto('/checkout');
    await expect(page).toHaveURL(/\/shopping-cart$/);
    const flatbed = page.getByRole('region', { name: 'Forklift Required for flatbed items' });
    await expect(
      flatbed.getByText('Please confirm that a forklift is available at the destination to unload the flatbed items.'),
    ).toBeVisible();
    await expect(flatbed.getByRole('checkbox', { name: 'I confirm a forklift is available at the destination' })).not.toBeChecked();
    await expect(page.getByText('The server encountered an error. Please try again later.')).toHaveCount(0);
  });
});

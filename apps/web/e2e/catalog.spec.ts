/**
 * Catalog, product details, CSV export and bulk pricing (issue 3; spec 2 "Catalog", "Product
 * details", "Bulk Pricing", spec 5, 9). Uses the featured SKUs of apps/server/src/seed/featured.ts.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { chooseDestinationState, expect, login, test, USERS } from './fixtures';

const SKU = {
  exact: 'APX2P-10000',
  severalImages: 'TTAAL-3D40',
  msrpDiffers: 'BPRWB-2800',
  smallParcel: 'PBYAX-0104',
  noImages: 'PBYAX-0201',
  outOfStockWithReceipt: 'TQLSL-8000',
  downloads: 'AFGAC-0080',
  showOnly: 'PBYAX-0108SE',
} as const;

const tile = (page: Page, sku: string) => page.locator(`article[data-sku="${sku}"]`);
const pager = (page: Page, position: 'top' | 'bottom') => page.getByRole('navigation', { name: `Catalog pages (${position})` });

async function searchFor(page: Page, keywords: string) {
  await page.getByLabel('Keywords').fill(keywords);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

async function signInWithState(page: Page, email: string, options: { branch?: string } = {}) {
  await login(page, email, options);
  await chooseDestinationState(page, 'Colorado');
}

test.describe('catalog', () => {
  test('asks for a destination state, then lists the catalog with paging at top and bottom', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.goto('/products/catalog/lifts');
    // No state chosen yet: the shell opens the chooser for the catalog (spec 5).
    const modal = page.getByRole('dialog', { name: 'Destination State' });
    await expect(modal).toBeVisible();
    await modal.getByLabel('State').selectOption({ label: 'Colorado' });
    await modal.getByRole('button', { name: 'OK' }).click();

    await expect(page.getByRole('heading', { name: 'Lifts & Equipment', level: 1 })).toBeVisible();
    await expect(page.locator('article[data-sku]')).toHaveCount(20);
    const top = pager(page, 'top');
    const bottom = pager(page, 'bottom');
    await expect(top.getByText(/^of \d+$/)).toBeVisible();
    await expect(bottom.getByText(/^of \d+$/)).toBeVisible();
    const pages = Number((await top.getByText(/^of \d+$/).textContent())!.replace('of ', ''));
    expect(pages).toBeGreaterThan(5);
    await expect(top.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    // A tile: image, price, SKU, availability, brand and label, short description, add button.
    const first = page.locator('article[data-sku]').first();
    await expect(first.locator('img')).toBeVisible();
    await expect(first.locator('img')).toHaveJSProperty('complete', true);
    await expect(first.getByTestId('tile-price')).toHaveText(/^\$[\d,]+\.\d{2}$/);
    await expect(first.getByRole('button', { name: 'Add To Cart' })).toBeVisible();

    await bottom.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(top.getByLabel('Page number')).toHaveValue('2');
    await expect(bottom.getByLabel('Page number')).toHaveValue('2');
  });

  test('validates a typed page jump', async ({ page }) => {
    await signInWithState(page, USERS.buyer);
    await page.goto('/products/catalog/lifts');
    const top = pager(page, 'top');
    const box = top.getByLabel('Page number');
    await expect(page.locator('article[data-sku]')).toHaveCount(20);
    const pages = Number((await top.getByText(/^of \d+$/).textContent())!.replace('of ', ''));

    for (const bad of ['0', '-1', 'abc', '2.5', String(pages + 1), '1']) {
      await box.fill(bad);
      await box.press('Enter');
      await expect(box).toHaveValue('1');
      await expect(page).not.toHaveURL(/page=[2-9]/);
    }
    await box.fill(String(pages));
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`page=${pages}`));
    await expect(top.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(page.locator('article[data-sku]').first()).toBeVisible();
  });

  test('searches by keywords with the exact SKU first, opens a tile and restores the search from the breadcrumb', async ({ page }) => {
    await signInWithState(page, USERS.buyer);
    await page.goto('/products/catalog/lifts');
    await searchFor(page, SKU.exact.toLowerCase());
    await expect(page.locator('article[data-sku]').first()).toHaveAttribute('data-sku', SKU.exact);

    await searchFor(page, 'scissor');
    await expect(page).toHaveURL(/keywords=scissor/);
    const firstTile = page.locator('article[data-sku]').first();
    await expect(firstTile).toContainText(/scissor/i);
    const sku = (await firstTile.getAttribute('data-sku'))!;
    // Clicking the tile (not only its title) opens the product.
    await firstTile.getByTestId('tile-sku').click();
    await expect(page).toHaveURL(new RegExp(`/products/catalog/lifts/${sku}$`));
    await expect(page.getByRole('table', { name: 'Product identification' })).toContainText(sku);

    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Catalog' }).click();
    await expect(page).toHaveURL(/\/products\/catalog\/lifts\?keywords=scissor/);
    await expect(page.getByLabel('Keywords')).toHaveValue('scissor');
    await expect(page.locator('article[data-sku]').first()).toHaveAttribute('data-sku', sku);
  });

  test('adds to the cart from a tile, shows Add (n), and disables products of another catalog', async ({ page }) => {
    await signInWithState(page, USERS.admin, { branch: '101 Denver' });
    await page.goto('/products/catalog/lifts');
    await searchFor(page, SKU.smallParcel);
    const card = tile(page, SKU.smallParcel);
    await card.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Added ${SKU.smallParcel} to the cart!` })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Add (1)' })).toBeVisible();
    await card.getByRole('button', { name: 'Add (1)' }).click();
    await expect(card.getByRole('button', { name: 'Add (2)' })).toBeVisible();
    await expect(page).toHaveURL(/\/products\/catalog\/lifts/);

    // The cart now belongs to `lifts`: the show catalog's products cannot be added.
    await page.goto('/products/catalog/show');
    await expect(page.getByRole('heading', { name: 'SEMA Show Specials', level: 1 })).toBeVisible();
    await searchFor(page, SKU.showOnly);
    await expect(tile(page, SKU.showOnly).getByRole('button', { name: 'Add To Cart' })).toBeDisabled();
  });

  test('uses the fallback catalog from the dashboard and sends an unknown product to the catalog', async ({ page }) => {
    await signInWithState(page, USERS.buyer);
    await page.getByRole('link', { name: 'Catalog' }).first().click();
    await expect(page).toHaveURL(/\/products\/catalog\/portal$/);
    await expect(page.getByRole('heading', { name: 'Catalog', level: 1 })).toBeVisible();
    await expect(page.locator('article[data-sku]')).toHaveCount(20);

    await page.goto('/products/catalog/lifts/NO-SUCH-SKU');
    await expect(page).toHaveURL(/\/products\/catalog\/portal$/);
  });

  test('exports the full catalog as catalog_export.csv', async ({ page }) => {
    await signInWithState(page, USERS.admin, { branch: '101 Denver' });
    await page.goto('/products/catalog/lifts');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Full Catalog CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('catalog_export.csv');
    const text = await readFile((await file.path())!, 'utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^sku,brand,model,label,shortDescription,price,msrp,netAvailable/);
    const total = Number((await page.getByTestId('catalog-total').textContent())!.replace(/\D/g, ''));
    expect(lines.length - 1).toBe(total);
  });

  test('the export button needs the catalogExport role', async ({ page }) => {
    await signInWithState(page, USERS.buyer);
    await page.goto('/products/catalog/lifts');
    await expect(page.locator('article[data-sku]').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export Full Catalog CSV' })).toHaveCount(0);
  });
});

test.describe('product details', () => {
  test('shows the product with a carousel, price and MSRP, availability, identification and sections', async ({ page }) => {
    await signInWithState(page, USERS.buyer);
    await page.goto(`/products/catalog/lifts/${SKU.severalImages}`);
    await expect(page.getByRole('img', { name: 'TrueTrack Alignment logo' })).toBeVisible();
    const position = page.getByTestId('carousel-position');
    await expect(position).toHaveText('1 of 4');
    await page.getByRole('button', { name: 'Next image' }).click();
    await expect(position).toHaveText('2 of 4');
    await expect(page.getByRole('img', { name: /image 2 of 4/ })).toBeVisible();
    await page.getByRole('button', { name: 'Previous image' }).click();
    await page.getByRole('button', { name: 'Previous image' }).click();
    await expect(position).toHaveText('4 of 4');

    for (const heading of ['Overview', 'Features', 'Specifications', 'In the Box']) {
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    }
    const ids = page.getByRole('table', { name: 'Product identification' });
    await expect(ids.getByRole('row', { name: /SKU/ })).toContainText(SKU.severalImages);
    await expect(ids.getByRole('row', { name: /Brand/ })).toContainText('TrueTrack Alignment');
    await expect(ids.getByRole('row', { name: /Model/ })).toBeVisible();

    await page.goto(`/products/catalog/lifts/${SKU.msrpDiffers}`);
    await expect(page.getByTestId('product-msrp')).toHaveText(/^MSRP \$[\d,]+\.\d{2}$/);

    await page.goto(`/products/catalog/lifts/${SKU.outOfStockWithReceipt}`);
    await expect(page.getByTestId('stock-status')).toHaveText('Backordered');
    await expect(page.getByTestId('availability-text')).toHaveText(/^Backordered\. Next receipt [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
    await expect(page.getByRole('table', { name: 'Scheduled availability' })).toBeVisible();

    await page.goto(`/products/catalog/lifts/${SKU.noImages}`);
    await expect(page.getByRole('img', { name: /no image available/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next image' })).toHaveCount(0);

    await page.goto(`/products/catalog/lifts/${SKU.downloads}`);
    const manual = page.getByRole('link', { name: 'Installation Manual' });
    await expect(manual).toHaveAttribute('target', '_blank');
    const response = await page.request.get((await manual.getAttribute('href'))!);
    expect(response.headers()['content-type']).toBe('application/pdf');
  });

  test('adds and updates the cart from the quantity box, which takes digits only', async ({ page }) => {
    await signInWithState(page, USERS.buyer);
    await page.goto(`/products/catalog/lifts/${SKU.exact}`);
    const quantity = page.getByLabel('Quantity');
    await expect(quantity).toHaveValue('1');
    await quantity.fill('abc');
    await quantity.blur();
    await expect(quantity).toHaveValue('1');
    await quantity.fill('3');
    await page.getByRole('button', { name: 'Add To Cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Added ${SKU.exact} to the cart!` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Cart' })).toBeVisible();
    await expect(quantity).toHaveValue('3');

    await quantity.fill('2x');
    await quantity.blur();
    await expect(quantity).toHaveValue('3');
    await quantity.fill('5');
    await page.getByRole('button', { name: 'Update Cart' }).click();
    await expect(page.getByRole('status').filter({ hasText: `Updated quantity to 5 for ${SKU.exact}!` })).toBeVisible();
    await page.goto('/shopping-cart');
    await expect(page.getByRole('row', { name: new RegExp(SKU.exact) })).toBeVisible();
  });

  test('a restricted-pricing user sees the MSRP as the price and cannot order', async ({ page }) => {
    await signInWithState(page, USERS.admin, { branch: '101 Denver' });
    await page.goto(`/products/catalog/lifts/${SKU.msrpDiffers}`);
    const msrp = (await page.getByTestId('product-msrp').textContent())!.replace('MSRP ', '');
    const dealer = await page.getByTestId('product-price').textContent();
    expect(dealer).not.toBe(msrp);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Log Out' }).click();

    await signInWithState(page, USERS.viewer, { branch: '101 Denver' });
    await page.goto(`/products/catalog/lifts/${SKU.msrpDiffers}`);
    // Issue 34: the MSRP shown as the price says so.
    await expect(page.getByTestId('product-price')).toHaveText(`${msrp} MSRP`);
    await expect(page.getByTestId('product-msrp')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add To Cart' })).toHaveCount(0);
    await page.goto('/products/catalog/lifts');
    await searchFor(page, SKU.msrpDiffers);
    await expect(tile(page, SKU.msrpDiffers).getByTestId('tile-price')).toHaveText(`${msrp} MSRP`);
    await expect(tile(page, SKU.msrpDiffers).getByRole('button')).toHaveCount(0);
  });
});

test.describe('bulk pricing', () => {
  const tiers = (page: Page) => page.getByRole('table', { name: 'Bulk pricing tiers' });

  test('focuses the net price and calculates five tiers, each 2% below the previous', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.goto('/bulk-pricing');
    const net = page.getByLabel('Net Price');
    await expect(net).toBeFocused();
    await net.fill('1000');
    await net.press('Enter');
    await expect(net).toHaveValue('1000.00');
    const expected = [
      ['5-10 units', '$980.00'],
      ['11-19 units', '$960.00'],
      ['20-50 units', '$941.00'],
      ['51-100 units', '$922.00'],
      ['100+ units', '$904.00'],
    ];
    for (const [label, price] of expected) await expect(tiers(page).getByRole('row', { name: label })).toContainText(price!);

    await net.fill('2499.5');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(net).toHaveValue('2499.50');
    await expect(tiers(page).getByRole('row', { name: '5-10 units' })).toContainText('$2,450.00');
  });

  test('treats an invalid or negative net price as 0', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.goto('/bulk-pricing');
    const net = page.getByLabel('Net Price');
    for (const bad of ['abc', '-25', '12x']) {
      await net.fill(bad);
      await page.getByRole('button', { name: 'Calculate' }).click();
      await expect(net).toHaveValue('0.00');
      await expect(tiers(page).getByRole('row', { name: '100+ units' })).toContainText('$0.00');
    }
  });
});

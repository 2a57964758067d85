import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, LIFTS_SKU, login, test, USERS } from './fixtures';

/**
 * Quick Order (issue 20): SKUs and quantities typed, pasted or read from a CSV file go into the cart
 * of the current catalog; every line left out is named by its number and reason.
 */

const SHOW_SMALL_PARCEL = 'PBYAX-0108SE';
const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const box = (page: Page) => page.getByRole('textbox', { name: 'SKUs and quantities' });
const rejected = (page: Page) => page.getByRole('region', { name: /could not be added to the cart/ });

async function openQuickOrder(page: Page) {
  await menu(page).getByRole('link', { name: 'Quick Order' }).click();
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByRole('heading', { name: 'Quick Order', level: 1 })).toBeVisible();
}

/** axe-core (WCAG 2.0/2.1 A and AA) finds nothing on the settled page. */
async function expectAccessible(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

/** No page scrolls sideways: the document is no wider than the window. */
async function expectNoSideScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

test('pasted lines with one bad line: the good ones go into the cart, merged with what is there, the bad one is named', async ({
  page,
}) => {
  await login(page, USERS.buyer);
  await openQuickOrder(page);
  await expect(page).toHaveTitle('Quick Order · Dealer Portal');

  // A spreadsheet's two columns (tab), 'SKU, quantity' and 'SKU quantity', one SKU no catalog has.
  await box(page).fill(`${LIFTS_SKU.smallParcel}\t2\n\n${LIFTS_SKU.liftgate}, 1\nNO-SUCH-SKU 4\n${LIFTS_SKU.smallParcel} 1`);
  await page.getByRole('button', { name: 'Add To Cart' }).click();

  await expect(page.getByRole('status').filter({ hasText: 'Added 3 lines (4 units) to the cart.' })).toBeVisible();
  await expect(rejected(page)).toHaveAccessibleName('1 line could not be added to the cart');
  await expect(rejected(page).getByRole('listitem')).toHaveText(['line 4 (NO-SUCH-SKU): unknown SKU']);
  const added = page.getByRole('table', { name: 'Added to the cart' });
  await expect(added.getByRole('row', { name: new RegExp(LIFTS_SKU.liftgate) })).toBeVisible();
  await expectAccessible(page);

  // Again: quantities add to the cart's.
  await box(page).fill(`${LIFTS_SKU.smallParcel},2`);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 1 line (2 units) to the cart.' })).toBeVisible();
  await expect(rejected(page)).toBeHidden();

  await page.getByRole('link', { name: 'View Cart' }).click();
  await expect(page.getByRole('textbox', { name: `Quantity for ${LIFTS_SKU.smallParcel}` })).toHaveValue('5');
  await expect(page.getByRole('textbox', { name: `Quantity for ${LIFTS_SKU.liftgate}` })).toHaveValue('1');
});

test('a CSV file with a header row: each rejected line by number and reason (not in this catalog, bad quantity)', async ({ page }) => {
  await login(page, USERS.buyer);
  await openQuickOrder(page);
  const csv = ['SKU,Quantity', `"${LIFTS_SKU.forklift}","2"`, `${SHOW_SMALL_PARCEL},1`, `${LIFTS_SKU.residential},two`, ''].join('\r\n');
  await page.getByLabel('CSV file').setInputFiles({ name: 'order.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(box(page)).toHaveValue(new RegExp(`^SKU,Quantity\\n"${LIFTS_SKU.forklift}"`));
  await expect(page.getByText('Read order.csv.')).toBeVisible();

  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Added 1 line (2 units) to the cart.' })).toBeVisible();
  await expect(rejected(page).getByRole('listitem')).toHaveText([
    `line 3 (${SHOW_SMALL_PARCEL}): not in this catalog`,
    `line 4 (${LIFTS_SKU.residential}): bad quantity (a whole number from 1 to 99,999)`,
  ]);

  await page.goto('/shopping-cart');
  await expect(page.getByRole('textbox', { name: `Quantity for ${LIFTS_SKU.forklift}` })).toHaveValue('2');
});

test('an empty box says what to enter, and the page fits a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, USERS.buyer);
  await page.goto('/quick-order');
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter at least one SKU and quantity.' })).toBeVisible();
  await box(page).fill(`${LIFTS_SKU.smallParcel} 1\nNOPE 1`);
  await page.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(rejected(page)).toBeVisible();
  await expectNoSideScroll(page);
});

test('no Quick Order for a user without the checkout role', async ({ page }) => {
  await login(page, USERS.viewer, { branch: '101 Denver' });
  await expect(menu(page).getByRole('link', { name: 'Quick Order' })).toHaveCount(0);
  await expect(menu(page).getByRole('link', { name: 'Saved Carts' })).toHaveCount(0);
  await page.goto('/quick-order');
  // Issue 34: the Not Allowed page rather than a silent bounce to the dashboard.
  await expect(page).toHaveURL(/\/quick-order$/);
  await expect(page.getByRole('heading', { name: 'Not Allowed' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Home', exact: true })).toBeVisible();
});

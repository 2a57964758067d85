import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, LIFTS_SKU, login, seedCart, test, USERS } from './fixtures';

/** Saved carts (issue 20, requisition lists): save the cart under a name, list, load, rename, delete. */

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const table = (page: Page) => page.getByRole('table', { name: 'Saved carts' });

/** axe-core (WCAG 2.0/2.1 A and AA) finds nothing on the settled page. */
async function expectAccessible(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

async function expectNoSideScroll(page: Page) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

async function saveCurrentCart(page: Page, name: string) {
  await page.getByRole('button', { name: 'Save Cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Cart' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Saved the cart as ${name}.` })).toBeVisible();
}

test('save a cart, empty the cart, then add the saved cart back', async ({ page }) => {
  const name = `Weekly pads ${Date.now()}`;
  await login(page, USERS.buyer);
  await seedCart(
    page,
    USERS.buyer,
    [
      [LIFTS_SKU.smallParcel, 4],
      [LIFTS_SKU.liftgate, 1],
    ],
    { branchNumber: 101 },
  );
  await page.goto('/shopping-cart');

  // A name is required.
  await page.getByRole('button', { name: 'Save Cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Cart' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The name is required.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await saveCurrentCart(page, name);

  await page.getByRole('button', { name: 'Clear Cart' }).click();
  await page.getByRole('dialog', { name: 'Clear Cart' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Your cart is empty.')).toBeVisible();

  await menu(page).getByRole('link', { name: 'Saved Carts' }).click();
  await expect(page).toHaveURL(/\/saved-carts$/);
  await expect(page).toHaveTitle('Saved Carts · Dealer Portal');
  const row = table(page).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Marcus Bell');
  await expect(row).toContainText('Lifts & Equipment');
  await expect(row).toContainText('2 (5 units)');
  await expect(row).toContainText(new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date()));

  await expectAccessible(page);
  await row.getByRole('button', { name: 'Add To Cart' }).click();
  await expect(page).toHaveURL(/\/shopping-cart$/);
  await expect(page.getByRole('status').filter({ hasText: `${name}: Added 2 lines (5 units) to the cart.` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: `Quantity for ${LIFTS_SKU.smallParcel}` })).toHaveValue('4');
  await expect(page.getByRole('textbox', { name: `Quantity for ${LIFTS_SKU.liftgate}` })).toHaveValue('1');
  await expectAccessible(page);
});

test('the owner renames and deletes a saved cart; the list fits a phone', async ({ page }) => {
  const name = `Bay 3 restock ${Date.now()}`;
  await login(page, USERS.buyer);
  await seedCart(page, USERS.buyer, [[LIFTS_SKU.forklift, 1]], { branchNumber: 101 });
  await page.goto('/shopping-cart');
  await saveCurrentCart(page, name);

  await page.goto('/saved-carts');
  await table(page)
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: 'Rename' })
    .click();
  const rename = page.getByRole('dialog', { name: 'Rename Saved Cart' });
  await rename.getByRole('textbox', { name: 'Name' }).fill(`${name} (renamed)`);
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toBeHidden();
  const row = table(page).getByRole('row', { name: new RegExp(`${name} \\(renamed\\)`) });
  await expect(row).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page);

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Saved Cart' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(table(page).getByText(`${name} (renamed)`)).toHaveCount(0);
});

test("another user sees the branch's saved cart but may only add it, not rename or delete it", async ({ page }) => {
  const name = `Admin list ${Date.now()}`;
  await login(page, USERS.admin, { branch: '101 Denver' });
  await seedCart(page, USERS.admin, [[LIFTS_SKU.smallParcel, 2]], { branchNumber: 101 });
  await page.goto('/shopping-cart');
  await saveCurrentCart(page, name);
  await menu(page).getByRole('button', { name: 'Log Out' }).click();

  await login(page, USERS.buyer);
  await page.goto('/saved-carts');
  const row = table(page).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Dana Whitfield');
  await expect(row.getByRole('button', { name: 'Add To Cart' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Rename' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: 'Delete' })).toHaveCount(0);
});

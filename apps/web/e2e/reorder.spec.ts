import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { FEATURED_ORDERS } from '../../server/src/seed/featured';
import { expect, login, test, USERS } from './fixtures';

/** axe-core (WCAG 2.0/2.1 A and AA) finds nothing on the settled page. */
async function expectAccessible(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
}

/** Reorder (issue 20): an order's lines go into the cart at today's prices; what could not be added is named. */

test("reorder from an order's details: lines into the cart, the labor line named with its reason", async ({ page }) => {
  const documentNumber = FEATURED_ORDERS.withLaborLine[0];
  await login(page, USERS.admin, { branch: '101 Denver' });
  await page.goto(`/orders/details/${documentNumber}`);
  await expect(page.getByRole('heading', { name: `Order ${documentNumber}`, level: 1 })).toBeVisible();
  const items = page.getByRole('table', { name: 'Order items' });
  const productSkus = await items
    .getByRole('row')
    .filter({ hasNotText: 'Labor' })
    .filter({ has: page.getByRole('cell') })
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent?.trim() ?? ''));
  expect(productSkus.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect(page).toHaveURL(/\/shopping-cart$/);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: new RegExp(`^Order ${documentNumber}: Added \\d+ lines? \\(\\d+ units?\\) to the cart\\.$`) }),
  ).toBeVisible();
  const rejected = page.getByRole('region', { name: /could not be added to the cart/ });
  await expect(rejected.getByRole('listitem').filter({ hasText: 'labor, not a product' })).toHaveCount(1);
  for (const sku of productSkus) await expect(page.getByRole('textbox', { name: `Quantity for ${sku}` })).toBeVisible();
  await expectAccessible(page);
});

test('no Reorder button without the checkout role', async ({ page }) => {
  await login(page, USERS.viewer, { branch: '101 Denver' });
  await page.goto(`/orders/details/${FEATURED_ORDERS.shippedUps}`);
  await expect(page.getByRole('heading', { name: `Order ${FEATURED_ORDERS.shippedUps}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reorder' })).toHaveCount(0);
});

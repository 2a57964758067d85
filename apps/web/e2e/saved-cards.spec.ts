import type { Page } from '@playwright/test';
import { apiFromPage, expect, LIFTS_SKU, login, seedCart, test, USERS } from './fixtures';

/**
 * Issue 36 saved cards (role storedPayments; interface-contract "Saved cards") with the simulated
 * gateway: 'Save this card' at a card checkout, the profile's 'Saved Cards', a second checkout paid
 * with 'Use a saved card' (nothing typed), then 'Remove'.
 */

const FRESNO = { name: 'Valley Auto Body', street: '2400 Tulare St', city: 'Fresno', state: 'California', zip: '93721' };

async function openCheckoutWithAddress(page: Page) {
  await seedCart(page, USERS.owner, [[LIFTS_SKU.smallParcel, 1]], { branchNumber: 201 });
  await page.goto('/shopping-cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('table', { name: 'Order review' })).toBeVisible();
  await page.getByLabel('Full Name').fill(FRESNO.name);
  await page.getByLabel('Address Line 1').fill(FRESNO.street);
  await page.getByLabel('City').fill(FRESNO.city);
  await page.getByLabel('State', { exact: true }).selectOption({ label: FRESNO.state });
  await page.getByLabel('ZIP Code').fill(FRESNO.zip);
  await page.getByLabel('Phone').fill('5595550142');
}

async function placedOrder(page: Page) {
  await expect(page).toHaveURL(/\/checkout\/confirmation\/[0-9A-Z]+$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
}

test('save a card at checkout, pay the next order with it, remove it from the profile', async ({ page }) => {
  await login(page, USERS.owner);
  await openCheckoutWithAddress(page);
  // No saved card yet: nothing to choose.
  await expect(page.getByLabel('Use a saved card')).toHaveCount(0);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('checkbox', { name: 'Save this card' }).check();
  await page.getByRole('button', { name: 'Pay & Place Order' }).click();
  await placedOrder(page);

  await page.goto('/account/profile');
  const cards = page.getByRole('region', { name: 'Saved Cards' });
  await expect(cards.getByText('Visa ending in 4242, expires 12/34')).toBeVisible();

  await openCheckoutWithAddress(page);
  const choice = page.getByLabel('Use a saved card');
  await choice.selectOption({ label: 'Visa ending in 4242, expires 12/34' });
  // Nothing to type: the card form is gone.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay & Place Order' }).click();
  await placedOrder(page);

  await page.goto('/account/profile');
  await cards.getByRole('button', { name: 'Remove Visa ending in 4242, expires 12/34' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The card was removed.' })).toBeVisible();
  await expect(cards.getByText('No saved cards.', { exact: false })).toBeVisible();
});

test('a user without the storedPayments role is offered no saved cards', async ({ page }) => {
  await login(page, USERS.buyer);
  await page.goto('/account/profile');
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Saved Cards' })).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the profile's 'Saved Cards' fit without scrolling sideways", async ({ page }) => {
    await login(page, USERS.owner);
    const made = await apiFromPage<{ paymentMethodId: string }>(page, 'POST', '/api/simulated-gateway/payment-methods', {
      cardNumber: '378282246310005',
      expiry: '11 / 33',
      cvc: '1234',
    });
    expect((await apiFromPage(page, 'POST', '/api/saved-cards', { paymentMethodId: made.body.paymentMethodId })).status).toBe(200);
    await page.goto('/account/profile');
    const cards = page.getByRole('region', { name: 'Saved Cards' });
    await expect(cards.getByText('American Express ending in 0005, expires 11/33')).toBeVisible();
    await expect(cards.getByRole('button', { name: 'Remove American Express ending in 0005, expires 11/33' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});

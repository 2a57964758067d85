import type { Page } from '@playwright/test';
import { expect, test, USERS } from './fixtures';

/** Asks for a password code through the API (as the password page does), so the outbox has mail to deliver. */
async function requestPasswordCode(page: Page, email: string) {
  await page.request.get('/api/health'); // sets the XSRF-TOKEN cookie
  const xsrf = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post('/api/secure-challenge', { data: { email }, headers: { 'X-XSRF-TOKEN': xsrf } });
  expect(response.status()).toBe(200);
}

test.describe('development mailbox', () => {
  test('is a public page with the message table, a Recipient filter and Refresh', async ({ page }) => {
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { name: 'Development Mailbox', level: 1 })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['To', 'Subject', 'Received']);
    await expect(page.getByLabel('Recipient')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Refresh' })).toBeVisible();
    await expect(page).toHaveURL(/\/dev\/mailbox$/); // no sign-in needed
  });

  test('shows a password code the worker delivered, filtered by recipient', async ({ page }) => {
    await requestPasswordCode(page, USERS.viewer);
    await page.goto('/dev/mailbox');
    await page.getByLabel('Recipient').fill(USERS.viewer.toUpperCase());
    await expect(page).toHaveURL(/to=VIEWER/);

    // The outbox worker sends within a couple of seconds; Refresh asks again.
    const subject = page.getByRole('button', { name: 'Your Dealer Portal password reset code' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(subject).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });

    const row = page.getByRole('row').filter({ has: subject });
    await expect(row.getByRole('cell').first()).toHaveText(USERS.viewer);
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    await expect(page.getByText(/Your code is/)).toHaveCount(0);
    await subject.click();
    await expect(subject).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText(/Your code is [A-Z0-9-]+/)).toBeVisible();
    await expect(page.getByText('From: Dealer Portal <no-reply@portal.example.com>')).toBeVisible();
    await subject.click();
    await expect(page.getByText(/Your code is/)).toHaveCount(0);

    await page.getByLabel('Recipient').fill('nobody@example.com');
    await expect(page.getByRole('cell', { name: 'No messages.' })).toBeVisible();
    await expect(subject).toHaveCount(0);
  });
});

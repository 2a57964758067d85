/**
 * The development mailbox page (docs/api.md "Development mailbox"). The mail it shows goes to a user
 * the test invites, so a retried test reads its own fresh invitation.
 */
import { expect, test } from './fixtures';
import { inviteUser, uniqueEmail } from './invited-users';

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

  test('shows an invitation the worker delivered, filtered by recipient', async ({ page, request }) => {
    const email = uniqueEmail('mailbox');
    await inviteUser(request, email);
    await page.goto('/dev/mailbox');
    await page.getByLabel('Recipient').fill(email.toUpperCase());
    await expect(page).toHaveURL(/to=E2E\.MAILBOX/);

    // The outbox worker sends within a couple of seconds; Refresh asks again.
    const subject = page.getByRole('button', { name: 'You are invited to the Summit Lift Supply Dealer Portal' });
    await expect(async () => {
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(subject).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 30_000 });

    const row = page.getByRole('row').filter({ has: subject });
    await expect(row.getByRole('cell').first()).toHaveText(email);
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}/);
    const activationLink = page.getByText(/\/password\/activate\?/);
    await expect(activationLink).toHaveCount(0);
    await subject.click();
    await expect(subject).toHaveAttribute('aria-expanded', 'true');
    await expect(activationLink).toBeVisible();
    await expect(page.getByText('From: Dealer Portal <no-reply@portal.example.com>')).toBeVisible();
    await subject.click();
    await expect(activationLink).toHaveCount(0);

    await page.getByLabel('Recipient').fill('nobody@example.com');
    await expect(page.getByRole('cell', { name: 'No messages.' })).toBeVisible();
    await expect(subject).toHaveCount(0);
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { apiFromPage, expect, login, test, USERS } from './fixtures';
import { inviteUser, uniqueEmail } from './invited-users';

/** axe (WCAG 2.0/2.1 A and AA, as accessibility.spec.ts) on the settled page. */
async function expectNoViolations(page: Page, label: string) {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    `axe violations on ${label}`,
  ).toEqual([]);
}

/** Issue 20 "Audit trail": deactivating a user is in /organization/audit with who, what and before/after. */
test.describe('audit trail', () => {
  test('an audit entry after deactivating a user, filtered by kind and user, at phone width too', async ({ page, request }) => {
    const email = uniqueEmail('audited');
    await inviteUser(request, email);

    await login(page, USERS.admin, { branch: '101 Denver' });
    await page.goto('/organization/users');
    await page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).click();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('The user has been deactivated.')).toBeVisible();

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit Trail' }).click();
    await expect(page).toHaveURL(/\/organization\/audit$/);
    await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Audit Trail · Dealer Portal');

    // Newest first: this user's deactivation comes before (above) their invitation. Other tests
    // write entries at the same time, so the rows are found by the user's email.
    const table = page.getByRole('table', { name: 'Audit Trail' });
    const rows = table.locator('tbody tr');
    const escaped = email.replace(/[.+]/g, '\\$&');
    const deactivated = table.getByRole('row', { name: new RegExp(`User deactivated.*${escaped}`) });
    await expect(deactivated).toHaveCount(1);
    await expect(deactivated).toContainText('Dana Whitfield');
    // Issue 34: the screen's label, not the field name isActive.
    await expect(deactivated).toContainText('Active: Yes → No');
    await expect(deactivated).not.toContainText('isActive');
    const invited = table.getByRole('row', { name: new RegExp(`User invited.*${escaped}`) });
    await expect(invited).toHaveCount(1);
    const texts = await rows.allInnerTexts();
    const at = (kind: string) => texts.findIndex((t) => t.includes(kind) && t.includes(email));
    expect(at('User deactivated')).toBeLessThan(at('User invited'));

    // Filter by kind: only deactivations.
    await page.getByLabel('Change').selectOption({ label: 'User deactivated' });
    await expect(page).toHaveURL(/kind=user\.deactivate/);
    await expect(deactivated).toHaveCount(1);
    await expect(table.getByText('User invited')).toHaveCount(0);

    // Filter by another user: none of Dana's entries.
    const { body: users } = await apiFromPage<{ id: number; email: string }[]>(page, 'GET', '/api/users');
    const buyerId = users.find((u) => u.email === USERS.buyer)!.id;
    await page.getByLabel('User').selectOption(String(buyerId));
    await expect(page).toHaveURL(new RegExp(`user=${buyerId}`));
    await expect(table.getByText(email)).toHaveCount(0);

    // Phone width: the entries stack, nothing scrolls sideways.
    await page.getByLabel('Change').selectOption({ label: 'All changes' });
    await page.getByLabel('User').selectOption({ label: 'All users' });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(rows.first()).toBeVisible();
    await expect(deactivated).toBeVisible();
    // Polled: the rows stack on the width's media-query change event, which comes after the resize.
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
      .toBeLessThanOrEqual(0);
  });

  test('is not offered without manageUsers', async ({ page }) => {
    await login(page, USERS.buyer);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit Trail' })).toHaveCount(0);
    await page.goto('/organization/audit');
    // Issue 34: the one Not Allowed page of every guarded screen, with its way home.
    await expect(page.getByRole('heading', { name: 'Not Allowed' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('href', '/dashboard');
  });

  test('the audit trail, the address book and its dialog have no axe violations', async ({ page }) => {
    await login(page, USERS.admin, { branch: '101 Denver' });
    const created = await apiFromPage(page, 'POST', '/api/organization/addresses', {
      name: `Axe Test ${Date.now()}`,
      street1: '1200 Blake St',
      city: 'Denver',
      state: 'CO',
      postalCode: '80202',
      country: 'US',
      phone: '(303) 555-0199',
      email: 'axe@summitlift.example.com',
    });
    expect(created.status).toBe(200);
    await page.goto('/organization/audit');
    await expect(page.getByRole('table', { name: 'Audit Trail' }).getByText('Address added').first()).toBeVisible();
    await expectNoViolations(page, '/organization/audit');
    await page.goto('/organization/addresses');
    await expect(page.getByRole('table', { name: 'Addresses' }).getByText('1200 Blake St').first()).toBeVisible();
    await expectNoViolations(page, '/organization/addresses');
    await page.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Address' })).toBeVisible();
    await expectNoViolations(page, 'the Add Address dialog');
  });
});

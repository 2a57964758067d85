/**
 * User administration and the own profile end to end (spec 2, 4 "User detail", 5, 6). Demo users
 * are only looked at; everything that changes a user works on users this file invites.
 */
import type { Page } from '@playwright/test';
import { expect, login, test, USERS } from './fixtures';
import { activeUser, uniqueEmail } from './invited-users';

async function loginWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

async function openUser(page: Page, email: string) {
  await page.goto('/organization/users');
  await page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).click();
  await expect(page.getByRole('heading', { name: 'User Details' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
}

const BRANCHES = ['101 Denver', '102 Boise', '103 Phoenix'];
const OFFERED_ROLES = ['Accounting Manager', 'Catalog', 'Catalog Export', 'Checkout', 'Manage Users', 'Order History'];

test.describe('user administration', () => {
  test('the users table with refresh and invite', async ({ page }) => {
    await login(page, USERS.admin, { branch: '101 Denver' });
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'User Administration' }).click();
    await expect(page).toHaveURL(/\/organization\/users$/);
    await expect(page.getByRole('heading', { name: 'User Administration', level: 1 })).toBeVisible();
    const table = page.getByRole('table');
    for (const name of ['Name', 'Email', 'Phone', 'Branches', 'Status', 'Last Login']) {
      await expect(table.getByRole('columnheader', { name })).toBeVisible();
    }
    await expect(table.getByRole('row', { name: /buyer@summitlift\.example\.com/ })).toContainText('101 Denver');
    await expect(table.getByRole('row', { name: /new\.hire@summitlift\.example\.com/ })).toContainText('Pending Activation');
    await expect(table.getByRole('row', { name: /inactive@summitlift\.example\.com/ })).toContainText('Inactive');
    await expect(table.getByRole('row', { name: /admin@summitlift\.example\.com/ })).toContainText('(303) 555-0142');
    await expect(table.getByRole('row', { name: /owner@valleygarage/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(table.getByRole('row', { name: /buyer@summitlift\.example\.com/ })).toBeVisible();

    await page.getByRole('link', { name: 'Invite User' }).click();
    await expect(page).toHaveURL(/\/organization\/users\/invite$/);
    await expect(page.getByRole('heading', { name: 'Invite User', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'User Administration' })).toBeVisible();
  });

  test('invite shows each validation message, then sends the invitation', async ({ page }) => {
    await login(page, USERS.admin, { branch: '101 Denver' });
    await page.goto('/organization/users/invite');
    const send = page.getByRole('button', { name: 'Send Invitation' });
    await send.click();
    for (const message of [
      'The email address is required.',
      'First Name is required.',
      'Last Name is required.',
      'Phone is required.',
      'Select at least one branch.',
    ]) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('The email address is invalid.')).toBeVisible();

    await page.getByLabel('Email').fill(USERS.buyer);
    await page.getByLabel('First Name').fill('Robin');
    await page.getByLabel('Last Name').fill('Invitee');
    await page.getByLabel('Phone').fill('(303) 555-0177');
    await page.getByRole('group', { name: 'Branches' }).getByLabel('102 Boise').check();
    await page.getByRole('group', { name: 'Roles' }).getByLabel('Catalog', { exact: true }).check();
    await send.click();
    await expect(page.getByText('A user with this email address already exists.')).toBeVisible();

    const email = uniqueEmail('invitee');
    await page.getByLabel('Email').fill(email);
    await send.click();
    await expect(page.getByText(`An invitation has been sent to ${email}.`)).toBeVisible();
    await expect(page).toHaveURL(/\/organization\/users$/);
    const row = page.getByRole('row', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) });
    await expect(row).toContainText('Pending Activation');
    await expect(row).toContainText('102 Boise');
  });

  test("the 'All' boxes check and lock the branches and roles; storedPayments is never offered", async ({ page }) => {
    await login(page, USERS.admin, { branch: '101 Denver' });
    await page.goto('/organization/users/invite');
    for (const [legend, labels] of [
      ['Branches', BRANCHES],
      ['Roles', OFFERED_ROLES],
    ] as const) {
      const group = page.getByRole('group', { name: legend });
      const all = group.getByLabel('All', { exact: true });
      await all.check();
      for (const label of labels) {
        await expect(group.getByLabel(label, { exact: true })).toBeChecked();
        await expect(group.getByLabel(label, { exact: true })).toBeDisabled();
      }
      await all.uncheck();
      for (const label of labels) await expect(group.getByLabel(label, { exact: true })).toBeEnabled();
      await group.getByLabel(labels[1]!, { exact: true }).uncheck();
      await expect(group.getByLabel(labels[1]!, { exact: true })).not.toBeChecked();
      await expect(group.getByLabel(labels[0]!, { exact: true })).toBeChecked();
    }
    await expect(page.getByRole('group', { name: 'Roles' }).getByLabel('Stored Payments')).toHaveCount(0);
    const options = page.getByRole('group', { name: 'Options' });
    await expect(options.getByLabel(/Show MSRP/)).toBeVisible();
    await expect(options.getByLabel(/Limit order history/)).toBeVisible();
    await expect(options.getByLabel('Allow cash sales')).toBeVisible();
  });

  test('cash sales are offered only where the organization allows them', async ({ page }) => {
    await login(page, USERS.owner);
    await page.goto('/organization/users/invite');
    await expect(page.getByRole('group', { name: 'Options' }).getByLabel(/Show MSRP/)).toBeVisible();
    await expect(page.getByLabel('Allow cash sales')).toHaveCount(0);
  });

  test("Deactivate ends the user's session; Activate lets them back; Save keeps permissions", async ({ page, browser, request }) => {
    const email = await activeUser(request, 'toggled', 'Toggled-Password-1');
    const userPage = await browser.newPage();
    await loginWithPassword(userPage, email, 'Toggled-Password-1');

    await login(page, USERS.admin, { branch: '101 Denver' });
    await openUser(page, email);
    await expect(page.getByText('Active', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByText('The user has been deactivated.')).toBeVisible();
    await expect(page.getByText('Inactive', { exact: true })).toBeVisible();

    await userPage.reload();
    await expect(userPage).toHaveURL(/\/login/);

    await page.getByRole('button', { name: 'Activate' }).click();
    await expect(page.getByText('The user has been activated.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deactivate' })).toBeVisible();
    await loginWithPassword(userPage, email, 'Toggled-Password-1');
    await userPage.close();

    await page.getByRole('group', { name: 'Roles' }).getByLabel('Order History').check();
    await page.getByRole('group', { name: 'Branches' }).getByLabel('103 Phoenix').check();
    await page
      .getByRole('group', { name: 'Options' })
      .getByLabel(/Limit order history/)
      .check();
    await page.getByLabel('First Name').fill('Toggle');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The user has been saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('First Name')).toHaveValue('Toggle');
    await expect(page.getByRole('group', { name: 'Roles' }).getByLabel('Order History')).toBeChecked();
    await expect(page.getByRole('group', { name: 'Branches' }).getByLabel('103 Phoenix')).toBeChecked();
    await expect(page.getByRole('group', { name: 'Options' }).getByLabel(/Limit order history/)).toBeChecked();
  });

  test('one’s own details: no Deactivate, permissions locked', async ({ page }) => {
    await login(page, USERS.admin, { branch: '101 Denver' });
    await openUser(page, USERS.admin);
    await expect(page.getByText('You cannot change your own permissions.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Activate' })).toHaveCount(0);
    const roles = page.getByRole('group', { name: 'Roles' });
    await expect(roles.getByLabel('All', { exact: true })).toBeChecked();
    await expect(roles.getByLabel('All', { exact: true })).toBeDisabled();
    await expect(roles.getByLabel('Manage Users')).toBeDisabled();
    await expect(page.getByRole('group', { name: 'Options' }).getByLabel(/Show MSRP/)).toBeDisabled();
  });

  test('an unknown user goes back', async ({ page }) => {
    await login(page, USERS.admin, { branch: '101 Denver' });
    await page.goto('/organization/users');
    await page.goto('/organization/users/999999');
    await expect(page.getByText('The user was not found.')).toBeVisible();
    await expect(page).toHaveURL(/\/organization\/users$/);
  });
});

test.describe('profile', () => {
  test('validation, reset, save and a failed save', async ({ page, request }) => {
    const email = await activeUser(request, 'profile', 'Profile-Password-1');
    await loginWithPassword(page, email, 'Profile-Password-1');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/account\/profile$/);
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue('Pat');
    await expect(page.getByLabel('Last Name')).toHaveValue('Tester');
    await expect(page.getByLabel('Phone')).toHaveValue('3035550123');
    const save = page.getByRole('button', { name: 'Save' });
    await expect(save).toBeEnabled();

    const confirmation = page.getByLabel('Order Confirmation');
    await expect(confirmation.locator('option')).toHaveText(['None', 'Orders placed by me', 'All orders for the organization']);
    await expect(confirmation).toHaveValue('');

    await page.getByLabel('Phone').fill('');
    await expect(page.getByText('Phone is required.')).toBeVisible();
    await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(save).toBeDisabled();
    await page.getByLabel('First Name').fill('');
    await expect(page.getByText('First Name is required.')).toBeVisible();

    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByLabel('Phone')).toHaveValue('3035550123');
    await expect(page.getByLabel('First Name')).toHaveValue('Pat');
    await expect(page.getByText('Phone is required.')).toHaveCount(0);
    await expect(save).toBeEnabled();

    await page.getByLabel('First Name').fill('Patricia');
    await page.getByLabel('Phone').fill('(720) 555-0100');
    await confirmation.selectOption({ label: 'All orders for the organization' });
    await page.getByLabel('Order Shipment').selectOption({ label: 'Orders placed by me' });
    await save.click();
    await expect(page.getByText('Your profile has been saved.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('First Name')).toHaveValue('Patricia');
    await expect(page.getByLabel('Phone')).toHaveValue('(720) 555-0100');
    await expect(confirmation).toHaveValue('company');
    await expect(page.getByLabel('Order Shipment')).toHaveValue('owned');
    await expect(page.getByLabel('Order Invoice')).toHaveValue('');

    // A failed save reloads the saved values (spec 8).
    await page.route('**/api/users/*?type=profile', (route) =>
      route.fulfill({
        status: 500,
        json: { messages: [{ field: '', message: 'The server encountered an error. Please try again later.' }] },
      }),
    );
    await page.getByLabel('First Name').fill('Unsaved');
    await save.click();
    await expect(page.getByRole('alert').filter({ hasText: 'could not be saved' })).toBeVisible();
    await expect(page.getByLabel('First Name')).toHaveValue('Patricia');
  });
});

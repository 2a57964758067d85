import type { Page } from '@playwright/test';
import { apiFromPage, expect, LIFTS_SKU, login, seedCart, test, USERS } from './fixtures';

/**
 * Issue 20 "Address book": /organization/addresses (manageUsers) adds, edits and deletes ship-to
 * addresses with the checkout's validation; the checkout's 'Choose Saved Address' fills the
 * shipping fields; 'Save this address' on the confirmation adds the order's address.
 */

const toast = (page: Page, text: string) => page.getByRole('alert').or(page.getByRole('status')).filter({ hasText: text });

type Saved = { id: number; name: string; street1: string; city: string };

test.describe('address book', () => {
  test('add (with the checkout form’s validation), edit and delete an address', async ({ page }) => {
    const name = `Book Test ${Date.now()}`;
    await login(page, USERS.admin, { branch: '101 Denver' });
    // The entry shows under User Administration once in the organization's pages.
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Addresses' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'User Administration' }).click();
    await menu.getByRole('link', { name: 'Addresses' }).click();
    await expect(page).toHaveURL(/\/organization\/addresses$/);
    await expect(page.getByRole('heading', { name: 'Addresses', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Add Address' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Address' });
    await dialog.getByLabel('Full Name').fill(name);
    await dialog.getByLabel('ZIP Code').fill('80x');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('This field is incomplete.').first()).toBeVisible();
    await expect(dialog.getByText('The ZIP code is invalid.')).toBeVisible();
    await expect(dialog.getByText('The email address is required.')).toBeVisible();

    await dialog.getByLabel('Address Line 1').fill('1200 Blake St');
    await dialog.getByLabel('City').fill('Denver');
    await dialog.getByLabel('State').selectOption({ label: 'Colorado' });
    await dialog.getByLabel('ZIP Code').fill('80202');
    await dialog.getByLabel('Email').fill('receiving@frontrange.example.com');
    await dialog.getByLabel('Phone').fill('(303) 555-0199');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'The address has been saved.')).toBeVisible();
    const table = page.getByRole('table', { name: 'Addresses' });
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('1200 Blake St');
    await expect(row).toContainText('Denver, CO 80202');
    await expect(row).toContainText('(303) 555-0199');

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Address' });
    await expect(edit.getByLabel('Full Name')).toHaveValue(name);
    await edit.getByLabel('Address Line 1').fill('1400 Wynkoop St');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('1400 Wynkoop St');

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Address' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'The address has been deleted.')).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

    // The audit trail has all three changes.
    await page.goto('/organization/audit');
    const audit = page.getByRole('table', { name: 'Audit Trail' });
    for (const kind of ['Address added', 'Address changed', 'Address deleted']) {
      await expect(audit.getByRole('row', { name: new RegExp(`${kind}.*${name}`) }).first()).toBeVisible();
    }
  });

  test('choose a saved address at checkout, then save the order’s address from the confirmation', async ({ page }) => {
    const name = `Chooser Test ${Date.now()}`;
    const street = `${Math.floor(Math.random() * 9000) + 1000} Larimer St`;
    await login(page, USERS.buyer);
    const created = await apiFromPage<Saved>(page, 'POST', '/api/organization/addresses', {
      name,
      street1: '1600 Market St',
      street2: '',
      city: 'Denver',
      state: 'CO',
      postalCode: '80202',
      country: 'US',
      phone: '(303) 555-0142',
      email: 'chooser@summitlift.example.com',
    });
    expect(created.status).toBe(200);

    await seedCart(page, USERS.buyer, [[LIFTS_SKU.smallParcel, 1]], { branchNumber: 101 });
    await page.goto('/shopping-cart');
    await page.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Choose Saved Address' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose Saved Address' });
    await chooser.getByRole('button', { name: new RegExp(name) }).click();
    await expect(chooser).toBeHidden();
    await expect(page.getByLabel('Full Name')).toHaveValue(name);
    await expect(page.getByLabel('Address Line 1')).toHaveValue('1600 Market St');
    await expect(page.getByLabel('City')).toHaveValue('Denver');
    await expect(page.getByLabel('State', { exact: true })).toHaveValue('CO');
    await expect(page.getByLabel('ZIP Code')).toHaveValue('80202');
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue('chooser@summitlift.example.com');
    await expect(page.getByLabel('Phone')).toHaveValue('(303) 555-0142');

    // A new street for this order, saved from the confirmation.
    await page.getByLabel('Address Line 1').fill(street);
    // Colorado instead of the California estimate: the checkout shows the new totals first.
    await expect(toast(page, 'The taxes and total have changed. Please review the new totals.')).toBeVisible();
    const takenBy = page.getByLabel('Taken By');
    if (await takenBy.count()) await takenBy.selectOption({ label: 'Casey Lin' });
    await page.getByRole('button', { name: 'Place Order On Terms' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you for your order!' })).toBeVisible();
    await page.getByRole('button', { name: 'Save this address' }).click();
    await expect(toast(page, 'The address has been saved.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Address Saved' })).toBeDisabled();

    const { body } = await apiFromPage<{ addresses: Saved[] }>(page, 'GET', '/api/organization/addresses');
    expect(body.addresses.filter((a) => a.name === name).map((a) => a.street1)).toEqual(expect.arrayContaining(['1600 Market St', street]));
  });
});

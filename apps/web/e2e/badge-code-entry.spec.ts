import { chooseDestinationState, expect, LIFTS_SKU, login, seedCart, test, USERS } from './fixtures';

/**
 * Badge scanning without a camera: this browser has none, so the scanner says so, and the code
 * printed on the badge is typed instead (docs/demo-badges.html prints it under each QR code).
 */

test('on /sema, a missing camera is explained and the typed badge code is saved as a lead', async ({ page }) => {
  await login(page, USERS.admin, { branch: '101 Denver' });
  await page.goto('/sema');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Scan QR Code' });
  await expect(modal.getByRole('alert')).toHaveText('The camera could not be started. Allow camera access and try again.');

  await modal.getByLabel('Badge Code').fill('SEMA-1003');
  await modal.getByRole('button', { name: 'Use Code' }).click();
  await expect(modal).toBeHidden();
  const question = page.getByRole('dialog', { name: 'Do you want to subscribe to the marketing email list?' });
  await question.getByRole('button', { name: 'No' }).click();
  const row = page.getByRole('table', { name: 'Scanned badges' }).getByRole('row').nth(1);
  await expect(row.getByRole('cell').nth(2)).toHaveText('Marc-André');
  await expect(row.getByRole('cell').nth(11)).toHaveText('CA');

  // A code that is no badge is refused with the server's message, and nothing is added.
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  await modal.getByLabel('Badge Code').fill('SEMA-9999');
  await modal.getByRole('button', { name: 'Use Code' }).click();
  await question.getByRole('button', { name: 'Yes' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The badge was not found.' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Scanned badges' }).getByRole('row')).toHaveCount(2);
});

test('at checkout, a typed badge code fills the address without submitting the checkout form', async ({ page }) => {
  await login(page, USERS.admin, { branch: '101 Denver' });
  await chooseDestinationState(page, 'Colorado');
  await seedCart(page, USERS.admin, [[LIFTS_SKU.smallParcel, 1]], { branchNumber: 101 });
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Scan QR Code' }).click();
  const modal = page.getByRole('dialog', { name: 'Scan QR Code' });
  await modal.getByLabel('Badge Code').fill('SEMA-1002');
  await modal.getByLabel('Badge Code').press('Enter');
  await expect(modal).toBeHidden();
  await expect(page.getByLabel('Full Name')).toHaveValue('Alicia Fuentes');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('alicia.fuentes@fuentestire.example.com');
  await expect(page).toHaveURL(/\/checkout$/);
  // Submitting the checkout would have marked the empty fields.
  await expect(page.getByText('This field is incomplete.')).toHaveCount(0);
});

test('organizations without badge scanning get no Scan QR Code at checkout', async ({ page }) => {
  await login(page, USERS.owner);
  await chooseDestinationState(page, 'Colorado');
  await seedCart(page, USERS.owner, [[LIFTS_SKU.smallParcel, 1]], { branchNumber: 201 });
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Checkout', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Scan QR Code' })).toHaveCount(0);
});

import { expect, login, test, USERS } from './fixtures';
import { withFakeCameraShowing } from './fake-camera';

/**
 * The event badge scan at /sema (spec 2 "Scan QR Code", spec 6 allowBadgeScan): Chromium's fake
 * camera shows a seeded badge's QR code (apps/server/src/seed/badges.ts); each scan asks the
 * marketing question, saves the answer with the lead and adds the badge to the table.
 */

withFakeCameraShowing('SEMA-1005');

const COLUMNS = [
  'Company',
  'Job Title',
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Address 1',
  'Address 2',
  'City',
  'State',
  'Postal Code',
  'Country',
];
const SALINAS = [
  'Autoservicio Salinas',
  'Gerente General',
  'Ricardo',
  'Salinas',
  'ricardo@autoserviciosalinas.example.com',
  '(818) 555-0144',
  'Av. Constitución 1450',
  'Col. Centro',
  'Monterrey',
  'NL',
  '64000',
  'MX',
];

test('a scanned badge asks the marketing question, is saved with the answer and listed', async ({ page }) => {
  // The viewer has no checkout role: the badge scan needs only the organization's allowBadgeScan.
  await login(page, USERS.viewer, { branch: '101 Denver' });
  await page.getByRole('navigation').getByRole('link', { name: 'SEMA Badge Scan' }).click();
  await expect(page).toHaveURL(/\/sema$/);
  await expect(page.getByRole('heading', { name: 'Scan QR Code', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'Scanned badges' });
  await expect(table.getByRole('columnheader')).toHaveText(COLUMNS);
  await expect(table.getByRole('cell', { name: 'No badges scanned yet.' })).toBeVisible();

  const question = page.getByRole('dialog', { name: 'Do you want to subscribe to the marketing email list?' });
  const scanAndAnswer = async (answer: 'Yes' | 'No') => {
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Scan QR Code' })).toBeVisible();
    // The camera modal closes by itself once the code is read; then the question is asked.
    await expect(question).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('dialog', { name: 'Scan QR Code' })).toBeHidden();
    const saved = page.waitForRequest((request) => request.url().endsWith('/api/event/badgescan'));
    await question.getByRole('button', { name: answer }).click();
    expect((await saved).postDataJSON()).toEqual({ badge: 'SEMA-1005', allowMarketing: answer === 'Yes' });
    await expect(question).toBeHidden();
  };

  await scanAndAnswer('Yes');
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('cell')).toHaveText(SALINAS);

  await scanAndAnswer('No');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2).getByRole('cell')).toHaveText(SALINAS);
});

test('closing the question without an answer saves nothing', async ({ page }) => {
  let saves = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/event/badgescan')) saves += 1;
  });
  await login(page, USERS.admin, { branch: '101 Denver' });
  await page.goto('/sema');
  await page.getByRole('button', { name: 'Scan', exact: true }).click();
  const question = page.getByRole('dialog', { name: 'Do you want to subscribe to the marketing email list?' });
  await expect(question).toBeVisible({ timeout: 20_000 });
  await page.keyboard.press('Escape');
  await expect(question).toBeHidden();
  await expect(page.getByRole('cell', { name: 'No badges scanned yet.' })).toBeVisible();
  expect(saves).toBe(0);
});

test('an organization without badge scanning has no entry and no page', async ({ page }) => {
  await login(page, USERS.owner);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'SEMA Badge Scan' })).toHaveCount(0);
  await page.goto('/sema');
  // Issue 34: the Not Allowed page rather than a silent bounce to the dashboard.
  await expect(page).toHaveURL(/\/sema$/);
  await expect(page.getByRole('heading', { name: 'Not Allowed' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Home', exact: true })).toBeVisible();
});

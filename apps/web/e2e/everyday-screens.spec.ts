/**
 * Issue 34 "A portal that feels finished", the everyday screens (interface-contract.md "Everyday
 * screens"), each at a laptop's 1280x800 and a phone's 390x844: the cart's standing no-payment
 * message, bulk pricing's reading of "$1,000", long emails that wrap, the side menu, the audit
 * trail's words, the Not Allowed page, the invite button, the out-of-stock contact and the badge
 * leads table with its CSV export.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoSideScroll, login, money, seedCart, shot, test, USERS } from './fixtures';
import { inviteUser, uniqueEmail } from './invited-users';

const SALES_EMAIL = 'sales@manufacturer.example.com';
const NO_PAYMENT = `Your organization has no allowed payment methods. Email the sales address at ${SALES_EMAIL} to update your account.`;
/** A product of `lifts` with no stock anywhere and no receipt date (apps/server/src/seed/featured.ts). */
const OUT_OF_STOCK_SKU = 'IRP4P-30000';
const SMALL_PARCEL_SKU = 'PBYAX-0104';

/**
 * Visible and whole inside the window (not cut off at an edge, not below the fold). Whole within a
 * pixel: an entry scrolled to the edge of the menu's scrolling part can end a fraction of a pixel
 * past it (ratio 0.9995 seen at 1280x800).
 */
async function expectOnScreen(locator: Locator) {
  await expect(locator).toBeVisible();
  await expect(locator).toBeInViewport({ ratio: 0.99 });
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const main = (page: Page) => page.getByRole('main');

for (const size of [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const) {
  const phone = size.width < 825;

  test.describe(`everyday screens at ${size.width}x${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    /** On a phone the menu is behind the menu button. */
    async function openMenu(page: Page) {
      if (phone) await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(menu(page)).toBeVisible();
    }

    test('the cart says before Checkout that the organization has no payment methods, with a mailto link', async ({ page }) => {
      await login(page, USERS.manager);
      await seedCart(page, USERS.manager, [[SMALL_PARCEL_SKU, 1]], { branchNumber: 301 });
      await page.goto('/shopping-cart');
      const alert = page.getByTestId('no-payment-methods');
      await expect(alert).toHaveText(new RegExp(NO_PAYMENT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(alert.getByRole('link', { name: SALES_EMAIL })).toHaveAttribute('href', `mailto:${SALES_EMAIL}`);
      // It stays: still there after the toasts' five seconds would have passed, and after a reload.
      await page.reload();
      await expect(alert).toBeVisible();
      await expectNoSideScroll(page);
      await shot(page, 'cart-no-payment-methods');
    });

    test('an organization with payment methods sees no such message', async ({ page }) => {
      await login(page, USERS.owner);
      await seedCart(page, USERS.owner, [[SMALL_PARCEL_SKU, 1]], { branchNumber: 201 });
      await page.goto('/shopping-cart');
      await expect(page.getByRole('button', { name: 'Checkout' })).toBeVisible();
      await expect(page.getByTestId('no-payment-methods')).toHaveCount(0);
    });

    test('bulk pricing reads "$1,000", "1,000" and "$1000" as 1000 and names an entry it cannot read', async ({ page }) => {
      await login(page, USERS.buyer);
      await page.goto('/bulk-pricing');
      const box = page.getByLabel('Net Price');
      for (const entry of ['$1,000', '1,000', '$1000']) {
        await box.fill(entry);
        await page.getByRole('button', { name: 'Calculate' }).click();
        await expect(box).toHaveValue('1000.00');
        await expect(page.getByTestId('tier-5-10')).toHaveText(money(980));
        await expect(page.getByTestId('tier-100+')).toHaveText(money(904));
        await expect(box).not.toHaveAttribute('aria-invalid', 'true');
      }
      await box.fill('ten bucks');
      await page.getByRole('button', { name: 'Calculate' }).click();
      await expect(page.getByText('"ten bucks" is not a price, so 0.00 is used. Enter a number such as 1000 or $1,000.00.')).toBeVisible();
      await expect(box).toHaveAttribute('aria-invalid', 'true');
      await expect(box).toHaveValue('0.00');
      await expect(page.getByTestId('tier-5-10')).toHaveText(money(0));
      await expectNoSideScroll(page);
      await shot(page, 'bulk-pricing-parsed');
    });

    test('a long email wraps on the password page step 2, keeping Resend Code in the card', async ({ page }) => {
      const email = `${'x'.repeat(52)}.${size.width}.${Date.now() % 100000}@long-dealer-domain-name-for-wrapping.example.com`;
      await page.goto('/password/reset');
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Code' }).click();
      await expect(page.getByText(email, { exact: true })).toBeVisible();
      await expectOnScreen(page.getByRole('button', { name: /^Resend Code/ }));
      await expectOnScreen(page.getByRole('button', { name: 'Verify Code' }));
      await expectNoSideScroll(page);
      await shot(page, 'password-long-email');
    });

    test('every menu entry is reachable, Log Out above the fold, and the menu closes after a choice', async ({ page }) => {
      await login(page, USERS.admin, { branch: '101 Denver' });
      await page.goto('/organization/users');
      await expect(page.getByRole('heading', { name: 'User Administration', level: 1 })).toBeVisible();
      await openMenu(page);
      // Profile and Log Out stand at the foot of the menu, on screen whatever the menu's length.
      await expectOnScreen(menu(page).getByRole('button', { name: 'Log Out' }));
      await expectOnScreen(menu(page).getByRole('link', { name: 'Profile' }));
      const entries = [
        ...['Shopping Cart', 'Quick Order', 'Saved Carts', 'Home', 'SEMA Badge Scan', 'Lifts & Equipment', 'SEMA Show Specials'],
        ...['Open Orders', 'Recent Orders', 'Order Search', 'Statement', 'User Administration', 'Addresses', 'Audit Trail', 'Profile'],
      ];
      for (const name of entries) {
        const entry = menu(page)
          .getByRole('link', { name, exact: name !== 'Shopping Cart' })
          .first();
        await entry.scrollIntoViewIfNeeded();
        await expectOnScreen(entry);
      }
      for (const name of [/Destination State/, /^Branch/]) {
        const entry = menu(page).getByRole('button', { name });
        await entry.scrollIntoViewIfNeeded();
        await expectOnScreen(entry);
      }
      await expectNoSideScroll(page);
      await shot(page, 'menu-open');

      // 'Ship to' is in the header at both sizes, and opens the chooser.
      const shipTo = page.getByRole('banner').getByRole('button', { name: /^(Ship to [A-Z]{2}|Choose State)$/ });
      if (phone) await page.getByRole('button', { name: 'Close menu' }).click();
      await expectOnScreen(shipTo);

      // Choosing the state from the menu: on a phone the menu closes, the chooser is on top.
      await openMenu(page);
      await menu(page)
        .getByRole('button', { name: /Destination State/ })
        .click();
      const modal = page.getByRole('dialog', { name: 'Destination State' });
      await expect(modal).toBeVisible();
      if (phone) {
        await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
        // The collapsed menu slides out of the window rather than leaving the page.
        await expect(menu(page)).not.toBeInViewport();
      }
      await modal.getByLabel('State').selectOption({ label: 'Colorado' });
      await modal.getByRole('button', { name: 'OK' }).click();
      await expect(modal).toBeHidden();
      await expectOnScreen(page.getByRole('banner').getByRole('button', { name: 'Ship to CO' }));

      // A link closes the menu on a phone.
      await openMenu(page);
      await menu(page).getByRole('link', { name: 'Profile' }).click();
      await expect(page).toHaveURL(/\/account\/profile$/);
      if (phone) await expect(menu(page)).not.toBeInViewport();
      await expectNoSideScroll(page);
      await shot(page, 'menu-closed-after-choice');
    });

    test('the audit trail shows the screens’ labels, not field names', async ({ page, request }) => {
      const email = uniqueEmail(`audit-words-${size.width}`);
      await inviteUser(request, email);
      await login(page, USERS.admin, { branch: '101 Denver' });
      await page.goto('/organization/audit');
      const row = page.getByRole('table', { name: 'Audit Trail' }).getByRole('row').filter({ hasText: email });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Show MSRP only in catalog and order history (hide dealer cost): No');
      await expect(row).toContainText('First Name: Pat');
      for (const raw of ['restrictedPricing', 'allowCashSales', 'limitOrderHistory', 'firstName']) await expect(row).not.toContainText(raw);
      await expectNoSideScroll(page);
      await shot(page, 'audit-labels');
    });

    test('a screen the user may not open says Not Allowed with a link Home', async ({ page }) => {
      await login(page, USERS.buyer);
      for (const path of ['/organization/users', '/organization/audit', '/organization/addresses']) {
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await expect(main(page).getByRole('heading', { name: 'Not Allowed', level: 1 })).toBeVisible();
        await expect(main(page).getByRole('link', { name: 'Home', exact: true })).toBeVisible();
        await expectNoSideScroll(page);
        await shot(page, `not-allowed-${path.split('/').pop()}`);
      }
    });

    test('the shopping screens say Not Allowed to a user without the checkout role', async ({ page }) => {
      await login(page, USERS.viewer, { branch: '101 Denver' });
      for (const path of ['/shopping-cart', '/quick-order', '/saved-carts']) {
        await page.goto(path);
        await expect(main(page).getByRole('heading', { name: 'Not Allowed', level: 1 })).toBeVisible();
      }
      await main(page).getByRole('link', { name: 'Home', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });

    test('the invite button shows its words beside the +', async ({ page }) => {
      await login(page, USERS.admin, { branch: '101 Denver' });
      await page.goto('/organization/users');
      const invite = main(page).getByRole('link', { name: 'Invite User' });
      await expectOnScreen(invite);
      await expect(invite).toHaveText('Invite User');
      await expectNoSideScroll(page);
      await shot(page, 'invite-button');
      await invite.click();
      await expect(page.getByRole('heading', { name: 'Invite User', level: 1 })).toBeVisible();
    });

    test('an out-of-stock product says Call For Availability once and names the sales contact', async ({ page }) => {
      await login(page, USERS.buyer);
      await page.goto(`/products/catalog/lifts/${OUT_OF_STOCK_SKU}`);
      const state = page.getByRole('dialog', { name: 'Destination State' });
      // No state chosen yet: the product page asks for one first.
      await state.getByLabel('State').selectOption({ label: 'Colorado' });
      await state.getByRole('button', { name: 'OK' }).click();
      await expect(state).toBeHidden();
      await expect(page.getByTestId('stock-status')).toHaveText('Call For Availability');
      await expect(main(page).getByText(/call for availability/i)).toHaveCount(1);
      await expect(page.getByTestId('availability-text').getByRole('link', { name: SALES_EMAIL })).toHaveAttribute(
        'href',
        `mailto:${SALES_EMAIL}`,
      );
      await expectNoSideScroll(page);
      await shot(page, 'out-of-stock');
    });

    test('badge leads are listed in a table and exported with Export Leads CSV', async ({ page }) => {
      await login(page, USERS.admin, { branch: '101 Denver' });
      await page.goto('/sema');
      await page.getByRole('button', { name: 'Scan', exact: true }).click();
      const scan = page.getByRole('dialog', { name: 'Scan QR Code' });
      await scan.getByLabel('Badge Code').fill('SEMA-1003');
      await scan.getByRole('button', { name: 'Use Code' }).click();
      await page
        .getByRole('dialog', { name: 'Do you want to subscribe to the marketing email list?' })
        .getByRole('button', { name: 'Yes' })
        .click();

      const leads = main(page).getByRole('table', { name: 'Leads' });
      await expect(leads.getByRole('row').filter({ hasText: 'Marc-André' })).toHaveCount(1);
      for (const header of ['Company', 'Job Title', 'First Name', 'Last Name', 'Email', 'Phone', 'Postal Code', 'Country', 'Marketing']) {
        await expect(leads.getByRole('columnheader', { name: header, exact: true })).toHaveCount(1);
      }
      // On a laptop the leads are a table beside the menu; a phone stacks each into a card with every field on screen.
      if (phone) await expect(leads).toHaveAttribute('data-stacked', '');
      else await expect(leads).not.toHaveAttribute('data-stacked', '');
      await expectNoSideScroll(page);
      await shot(page, 'badge-leads');

      const button = main(page).getByRole('button', { name: 'Export Leads CSV' });
      await expectOnScreen(button);
      const downloading = page.waitForEvent('download');
      await button.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('leads.csv');
      const csv = await download.createReadStream().then(
        (stream) =>
          new Promise<string>((resolve, reject) => {
            let text = '';
            stream.setEncoding('utf8');
            stream.on('data', (chunk: string) => (text += chunk));
            stream.on('end', () => resolve(text));
            stream.on('error', reject);
          }),
      );
      const [header, ...rows] = csv.split('\r\n').filter(Boolean);
      expect(header).toBe(
        'Company,Job Title,First Name,Last Name,Email,Phone,Address 1,Address 2,City,State,Postal Code,Country,Marketing Emails,Scanned At,Scanned By',
      );
      expect(rows.filter((row) => row.includes('Marc-André') && row.includes(',Yes,'))).toHaveLength(1);
    });
  });
}

import type { Page } from '@playwright/test';
import { chooseDestinationState, DEMO_PASSWORD, expect, login, test, USERS } from './fixtures';

test.describe('login page', () => {
  test('shows validation errors only after a submit attempt', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByText('The email address is required.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('The email address is required.')).toBeVisible();
    await expect(page.getByText('The password is required.')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await expect(page.getByText('The email address is invalid.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Reset Password' })).toHaveAttribute('href', '/password/reset');
  });

  test('puts a server message under the password field and focuses it', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(USERS.viewer);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('The email address or password is incorrect.')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  });

  test('refuses inactive users, and answers a pending invitee like an unknown email', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(USERS.inactive);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('This account has been deactivated. Please contact your administrator.')).toBeVisible();
    await page.getByLabel('Email').fill(USERS.newHire);
    await page.getByRole('button', { name: 'Login' }).click();
    // A pending invitee has no password yet: the answer must not tell it apart from an unknown email (issue 17).
    await expect(page.getByText('The email address or password is incorrect.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('guards signed-in routes and sends the empty path to the dashboard', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await login(page, USERS.buyer);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('menu per role', () => {
  const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

  test('the administrator sees every entry and chooses among three branches', async ({ page }) => {
    await login(page, USERS.admin, { branch: '102 Boise' });
    const nav = menu(page);
    await expect(nav.getByText('Branch 102 Boise')).toBeVisible();
    for (const name of [
      'Shopping Cart',
      'Home',
      'SEMA Badge Scan',
      'Lifts & Equipment',
      'SEMA Show Specials',
      'Open Orders',
      'Recent Orders',
      'Order Search',
      'User Administration',
      'Profile',
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('heading', { name: 'Catalogs' })).toBeVisible();
    await expect(nav.getByRole('button', { name: /^Branch/ })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Log Out' })).toBeVisible();
  });

  test('the viewer has no cart and no user administration', async ({ page }) => {
    await login(page, USERS.viewer, { branch: '101 Denver' });
    const nav = menu(page);
    await expect(nav.getByRole('link', { name: 'Open Orders' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Shopping Cart' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'User Administration' })).toHaveCount(0);
  });

  test('Valley Garage has one catalog under Products and no badge scan', async ({ page }) => {
    await login(page, USERS.owner);
    const nav = menu(page);
    await expect(nav.getByRole('heading', { name: 'Products' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Lifts & Equipment' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'SEMA Badge Scan' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'User Administration' })).toBeVisible();
  });
});

test.describe('choosers', () => {
  test('the branch modal cannot be dismissed until a branch is chosen', async ({ page }) => {
    await login(page, USERS.admin);
    const modal = page.getByRole('dialog', { name: 'Select Branch' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect(modal.getByText('Please select a branch.')).toBeVisible();
    await modal.getByLabel('103 Phoenix').check();
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByText('Branch 103 Phoenix')).toBeVisible();

    // Once chosen, the chooser can be reopened and cancelled.
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('button', { name: /^Branch/ })
      .click();
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
  });

  test('a single branch is selected without asking', async ({ page }) => {
    await login(page, USERS.buyer);
    await expect(page.getByText('Branch 101 Denver')).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Select Branch' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: /^Branch/ })).toHaveCount(0);
  });

  test('the Destination State modal offers the 50 states, OK, Cancel and Learn More', async ({ page }) => {
    await login(page, USERS.buyer);
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await nav.getByRole('button', { name: /Destination State/ }).click();
    const modal = page.getByRole('dialog', { name: 'Destination State' });
    await expect(modal.getByLabel('State').locator('option')).toHaveCount(51);
    const learnMore = modal.getByRole('link', { name: 'Learn More' });
    await expect(learnMore).toHaveAttribute('target', '_blank');
    await modal.getByLabel('State').selectOption({ label: 'Texas' });
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await expect(modal).toBeHidden();
    await expect(nav.getByRole('button', { name: /Destination State/ })).toContainText('Not selected');

    await chooseDestinationState(page, 'Colorado');
    await expect(nav.getByRole('button', { name: /Destination State/ })).toContainText('CO Colorado');
    await page.reload();
    await expect(nav.getByRole('button', { name: /Destination State/ })).toContainText('CO Colorado');
  });
});

test.describe('session end', () => {
  test('logout clears the session and remembers the email', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Email')).toHaveValue(USERS.buyer);
    expect(await page.evaluate(() => localStorage.getItem('portal.sessionToken'))).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a 401 sends the user back to the login page', async ({ page }) => {
    await login(page, USERS.buyer);
    await page.evaluate(() => localStorage.setItem('portal.sessionToken', 'revoked-or-unknown-token'));
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('portal.sessionToken'))).toBeNull();
  });
});

test.describe('small screens', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu collapses behind a menu button below 825 px', async ({ page }) => {
    await login(page, USERS.buyer);
    const home = page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' });
    // The collapsed menu slides off screen.
    await expect(home).not.toBeInViewport();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(home).toBeInViewport();
    await home.click();
    await expect(home).not.toBeInViewport();
  });

  test('the menu stays open at 1280 px without a menu button', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page, USERS.buyer);
    await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Home' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });
});

test.describe('welcome page', () => {
  test('has the tiles and opens external links in a new window', async ({ page }) => {
    await login(page, USERS.buyer);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(/^Welcome, /);
    for (const name of ['Catalog', 'Bulk Pricing', 'Open Orders', 'Recent Orders']) {
      await expect(main.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(main.getByRole('link', { name: 'Recent Orders', exact: true })).toHaveAttribute(
      'href',
      '/orders/recent?timeFrame=3&updateType=shipped&page=1',
    );
    for (const name of ['Newsroom', 'Service Locator', 'Product Information Downloads', 'Training', 'Support']) {
      await expect(main.getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
  });
});

test.describe('live chat', () => {
  test('loads the configured widget pre-filled with the user, and only logs a load failure', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await login(page, USERS.admin, { branch: '101 Denver' });
    const script = page.locator('script#portal-live-chat');
    await expect(script).toHaveAttribute('data-first-name', 'Dana');
    await expect(script).toHaveAttribute('data-last-name', 'Whitfield');
    await expect(script).toHaveAttribute('data-email', USERS.admin);
    await expect(script).toHaveAttribute('data-phone', '3035550142');
    await expect.poll(() => warnings.some((w) => w.includes('Live chat widget failed to load'))).toBe(true);
    await expect(page.getByRole('heading', { name: 'Welcome, Dana' })).toBeVisible();
  });
});

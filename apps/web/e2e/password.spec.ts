/**
 * Password reset and account activation end to end (spec 2 "Password page", 4, 5, 8), reading the
 * codes from the development mailbox. Demo users keep their passwords: every test works on users
 * it invites itself.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { inviteUser, linkIn, mailTo, uniqueEmail, type Mail } from './invited-users';

const codeIn = (mail: Mail) => /code is ([A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mail.text)![1]!;

async function loginWith(page: Page, email: string, password: string) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('account activation', () => {
  test('the invitation link submits its code; a new password activates the account', async ({ page, request }) => {
    const email = uniqueEmail('invited');
    await inviteUser(request, email);
    const link = linkIn(await mailTo(request, email, 'invited'));
    expect(link.pathname).toBe('/password/activate');

    await page.goto(link.pathname + link.search);
    await expect(page.getByRole('heading', { name: 'Activate your Account' })).toBeVisible();
    // The code was submitted by itself: stage 3, with the token (and no code) in the address.
    await expect(page.getByLabel('New Password')).toBeVisible();
    await expect(page).toHaveURL(/token=/);
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    expect(new URL(page.url()).searchParams.get('code')).toBeNull();

    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText('The new password is required.')).toBeVisible();
    await page.getByLabel('New Password').fill('Activated-2026!');
    await page.getByLabel('Confirm Password').fill('Activated-2026?');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText('The passwords do not match.')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('Activated-2026!');
    await page.getByRole('button', { name: 'Set Password' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Your account has been activated and you may now login.' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?email=/);
    await loginWith(page, email, 'Activated-2026!');
  });

  test('requesting a code on the page, with the spec messages and the resend lock', async ({ page, request }) => {
    const email = uniqueEmail('requested');
    await inviteUser(request, email);

    await page.goto('/password/activate');
    await expect(page.getByRole('heading', { name: 'Activate your Account' })).toBeVisible();
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByText('The email address is invalid.')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();

    await expect(
      page.getByText(`If the email address ${email} is a valid account you will receive a code in your email inbox.`),
    ).toBeVisible();
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
    await expect(page.getByRole('button', { name: /Resend Code \(\d+\)/ })).toBeDisabled();

    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page.getByText('The code is required.')).toBeVisible();
    await page.getByLabel('Code').fill('zzzz-zzzz');
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await expect(page.getByText('The code is invalid or has expired.')).toBeVisible();
    await expect(page.getByLabel('Code')).toBeFocused();

    // Typed in lower case with spaces: non-alphanumerics are stripped, case is ignored.
    const code = codeIn(await mailTo(request, email, 'activation code'));
    await page.getByLabel('Code').fill(` ${code.toLowerCase().replace('-', ' ')} `);
    await page.getByRole('button', { name: 'Verify Code' }).click();
    await page.getByLabel('New Password').fill('Requested-2026!');
    await page.getByLabel('Confirm Password').fill('Requested-2026!');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText('Your account has been activated and you may now login.')).toBeVisible();
    await loginWith(page, email, 'Requested-2026!');
  });

  test('resend is locked for 30 seconds, then sends another code', async ({ page, request }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('resend');
    await inviteUser(request, email);
    await page.goto('/password/activate');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    const resend = page.getByRole('button', { name: /^Resend Code/ });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveText(/Resend Code \((30|29|28)\)/);
    await expect(resend).toBeEnabled({ timeout: 35_000 });
    await expect(resend).toHaveText('Resend Code');
    await resend.click();
    await expect(resend).toBeDisabled();
    await mailTo(request, email, 'activation code', 2);
  });
});

test.describe('password reset', () => {
  test('from the login page: code, new password, and the old session ends', async ({ page, browser, request }) => {
    const email = uniqueEmail('reset');
    await inviteUser(request, email);
    const link = linkIn(await mailTo(request, email, 'invited'));
    await page.goto(link.pathname + link.search);
    await page.getByLabel('New Password').fill('First-Password-1');
    await page.getByLabel('Confirm Password').fill('First-Password-1');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await loginWith(page, email, 'First-Password-1');

    // Somewhere else, the user resets the password.
    const other = await browser.newPage();
    await other.goto('/login');
    await other.getByRole('link', { name: 'Reset Password' }).click();
    await expect(other).toHaveURL(/\/password\/reset$/);
    await expect(other.getByRole('heading', { name: 'Reset your Password' })).toBeVisible();
    await other.getByLabel('Email').fill(email);
    await other.getByRole('button', { name: 'Send Code' }).click();
    await expect(
      other.getByText(`If the email address ${email} is a valid account you will receive a code in your email inbox.`),
    ).toBeVisible();
    const mail = await mailTo(request, email, 'password reset code');
    await other.getByLabel('Code').fill(codeIn(mail));
    await other.getByRole('button', { name: 'Verify Code' }).click();
    await other.getByLabel('New Password').fill('Second-Password-2');
    await other.getByLabel('Confirm Password').fill('Second-Password-2');
    await other.getByRole('button', { name: 'Set Password' }).click();
    await expect(other.getByText('Your password has been reset. You may now login with the new password.')).toBeVisible();
    await expect(other).toHaveURL(/\/login\?email=/);
    await loginWith(other, email, 'Second-Password-2');
    await other.close();

    // The session from before the reset is over.
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
  });

  test('answers an unknown email exactly like a real one', async ({ page }) => {
    const email = uniqueEmail('nobody');
    await page.goto('/password/reset');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(
      page.getByText(`If the email address ${email} is a valid account you will receive a code in your email inbox.`),
    ).toBeVisible();
  });

  test('a wrong code in the link is tried once, then leaves the address', async ({ page }) => {
    const email = uniqueEmail('wrong-link');
    await page.goto(`/password/reset?email=${encodeURIComponent(email)}&code=WRONG-CODE`);
    await expect(page.getByText('The code is invalid or has expired.')).toBeVisible();
    await expect(page).not.toHaveURL(/code=/);
    expect(new URL(page.url()).searchParams.get('email')).toBe(email);
  });
});

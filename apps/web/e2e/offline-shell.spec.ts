import type { Page } from '@playwright/test';
import { expect, login, test, USERS } from './fixtures';

/**
 * The offline shell (spec 9, docs/decisions/010-offline-shell.md): the service worker registers once
 * the app is stable, controls the page after a reload, opens the shell without a network, never
 * answers an API call from a cache, and the web manifest lets the portal install on a tablet.
 * Registration waits for the app to be stable (30 s at the latest), so the tests wait for
 * `navigator.serviceWorker.ready`, never for a fixed time.
 */

// Playwright's default, spelled out: these tests need the worker.
test.use({ serviceWorkers: 'allow' });

/** Waits until the page's service worker is installed (precache filled) and activated; answers its script URL. */
async function serviceWorkerActivated(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active!;
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) => worker.addEventListener('statechange', () => worker.state === 'activated' && resolve()));
    }
    return worker.scriptURL;
  });
}

const controllerScript = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

test('the service worker registers after load and controls the page after a reload', async ({ page, baseURL }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  // The first visit is not controlled: the worker is registered only once the page is stable.
  expect(await controllerScript(page)).toBeNull();

  expect(await serviceWorkerActivated(page)).toBe(`${baseURL}/sw.js`);
  const registration = await page.evaluate(async () => {
    const found = await navigator.serviceWorker.getRegistration();
    return { scope: found?.scope, waiting: !!found?.waiting };
  });
  expect(registration).toEqual({ scope: `${baseURL}/`, waiting: false });

  // The app shell and the static assets are precached; nothing of the API is.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.some((url) => /^\/assets\/.+\.js$/.test(url))).toBe(true);
  expect(cached.some((url) => /^\/assets\/.+\.css$/.test(url))).toBe(true);
  expect(cached).toContain('/icons/icon-192.png');
  expect(cached.filter((url) => url.startsWith('/api/'))).toEqual([]);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await controllerScript(page)).toBe(`${baseURL}/sw.js`);
});

test('the shell opens offline, on a reload and on a deep link', async ({ page, context }) => {
  await page.goto('/login');
  await serviceWorkerActivated(page);
  await page.reload();
  await expect.poll(() => controllerScript(page)).not.toBeNull();

  await context.setOffline(true);
  try {
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    // A client route never visited: the precached index.html opens the app, whose guard sends the
    // signed-out visitor to the login page.
    const deepLink = await page.goto('/orders/open');
    expect(deepLink?.fromServiceWorker()).toBe(true);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});

test('an API call made offline fails instead of answering stale data, and the session survives it', async ({ page, context }) => {
  await login(page, USERS.buyer);
  await serviceWorkerActivated(page);
  // Controlled by the worker, on a screen that has just read the API.
  const loaded = page.waitForResponse((response) => response.url().endsWith('/api/orders/open') && response.ok());
  await page.goto('/orders/open');
  await loaded;
  await expect.poll(() => controllerScript(page)).not.toBeNull();
  const heading = page.getByRole('heading', { name: 'Open Orders', level: 1 });
  await expect(heading).toBeVisible();

  const callApi = () =>
    page.evaluate(async () => {
      try {
        const response = await fetch('/api/orders/open', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('portal.sessionToken')}` },
          body: JSON.stringify({ branchNumber: 1 }),
        });
        return { status: response.status };
      } catch (error) {
        return { failed: String(error) };
      }
    });
  const refresh = () =>
    page.evaluate(async () => {
      try {
        const response = await fetch('/api/users/session/refresh', {
          headers: { authorization: `Bearer ${localStorage.getItem('portal.sessionToken')}` },
        });
        return { status: response.status };
      } catch (error) {
        return { failed: String(error) };
      }
    });
  expect(await refresh()).toEqual({ status: 200 });

  await context.setOffline(true);
  try {
    // Offline, the worker has nothing to answer with: the call fails, even one the page made moments ago.
    expect(await callApi()).toEqual({ failed: expect.stringMatching(/Failed to fetch/) });
    expect(await refresh()).toEqual({ failed: expect.stringMatching(/Failed to fetch/) });

    // The screens' own calls too: on a reload the shell opens from the worker, its session check
    // goes to the network, fails, and the page says so (the stored session is kept).
    const failed = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/api/users/session/refresh'));
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await failed;
    await expect(page.getByRole('alert').filter({ hasText: 'The portal cannot reach the server.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(heading).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('portal.sessionToken'))).toBeTruthy();
  } finally {
    await context.setOffline(false);
  }
  // Back online, the page checks again by itself and the signed-in screen returns.
  await expect(heading).toBeVisible();
  await expect(page).toHaveURL(/\/orders\/open$/);
});

test('the web manifest names the app, runs standalone and has 192 and 512 px icons', async ({ page, request }) => {
  await page.goto('/login');
  await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  await expect(page.locator('head meta[name="theme-color"]')).toHaveAttribute('content', '#1c4e80');

  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(response.headers()['cache-control']).toBe('no-cache');
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    display: string;
    start_url: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Dealer Portal',
    short_name: 'Dealer Portal',
    display: 'standalone',
    start_url: '/dashboard',
    theme_color: '#1c4e80',
  });

  for (const size of [192, 512]) {
    const icon = manifest.icons.find((entry) => entry.sizes === `${size}x${size}` && (entry.purpose ?? 'any').includes('any'));
    expect(icon, `${size} px icon`).toMatchObject({ type: 'image/png' });
    const png = await request.get(icon!.src);
    expect(png.status()).toBe(200);
    expect(png.headers()['content-type']).toBe('image/png');
    // The PNG's own header (IHDR) gives its width and height.
    const bytes = await png.body();
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([size, size]);
  }

  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['cache-control']).toBe('no-cache');
});

test('a new version deployed while the page is open is offered with a Reload button', async ({ page, baseURL }) => {
  await page.goto('/login');
  await serviceWorkerActivated(page);
  await page.reload();
  await expect.poll(() => controllerScript(page)).toBe(`${baseURL}/sw.js`);
  // The reloaded page has registered again and listens for new versions.
  await expect(page.locator('html')).toHaveAttribute('data-service-worker', 'registered');

  // The next deploy, as far as a test can make one: a worker script the browser has not seen installs
  // beside the running one. (The browser's own update check of sw.js is not routable from a test,
  // and dist/ is shared by every test run, so the test cannot change sw.js itself.)
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next-deploy'));

  const prompt = page.getByRole('status').filter({ hasText: 'A new version of the portal is available' });
  await expect(prompt).toBeVisible();
  // Nothing changes until the user says so: the new worker waits, the old one still controls the page.
  const before = await page.evaluate(async () => ({
    waiting: (await navigator.serviceWorker.getRegistration())?.waiting?.scriptURL,
    controller: navigator.serviceWorker.controller?.scriptURL,
  }));
  expect(before).toEqual({ waiting: `${baseURL}/sw.js?next-deploy`, controller: `${baseURL}/sw.js` });

  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  const after = await page.evaluate(async () => ({
    waiting: (await navigator.serviceWorker.getRegistration())?.waiting?.scriptURL,
    controller: navigator.serviceWorker.controller?.scriptURL,
  }));
  // The version the user accepted controls the page and waits no longer. (The reloaded app registers
  // '/sw.js' again, another script URL than this test's stand-in deploy, so that one may already be
  // installed and waiting beside it; in a real deploy both are the same sw.js.)
  expect(after.controller).toBe(`${baseURL}/sw.js?next-deploy`);
  expect(after.waiting).not.toBe(`${baseURL}/sw.js?next-deploy`);
});

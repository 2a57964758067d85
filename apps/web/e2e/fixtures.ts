import { expect, test as base, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-Portal-2026!';

export const USERS = {
  admin: 'admin@summitlift.example.com',
  buyer: 'buyer@summitlift.example.com',
  viewer: 'viewer@summitlift.example.com',
  owner: 'owner@valleygarage.example.com',
  manager: 'manager@coastalauto.example.com',
  inactive: 'inactive@summitlift.example.com',
  newHire: 'new.hire@summitlift.example.com',
} as const;

/** Signs in through the login page. With several branches, picks `branch` in the Select Branch modal. */
export async function login(page: Page, email: string, options: { branch?: string } = {}) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  if (options.branch) {
    const modal = page.getByRole('dialog', { name: 'Select Branch' });
    await modal.getByLabel(options.branch).check();
    await modal.getByRole('button', { name: 'OK' }).click();
    await expect(modal).toBeHidden();
  }
}

/** Chooses a destination state in the Destination State modal, opened from the side menu. */
export async function chooseDestinationState(page: Page, stateName: string) {
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('button', { name: /Destination State/ })
    .click();
  const modal = page.getByRole('dialog', { name: 'Destination State' });
  await modal.getByLabel('State').selectOption({ label: stateName });
  await modal.getByRole('button', { name: 'OK' }).click();
  await expect(modal).toBeHidden();
}

/** Featured SKUs of the `lifts` catalog (apps/server/src/seed/featured.ts). */
export const LIFTS_SKU = {
  flatbed: 'IRP4P-14000',
  forklift: 'APX2P-10000',
  liftgate: 'RMSTC-2400',
  residential: 'APXSL-6000',
  smallParcel: 'PBYAX-0104',
} as const;

/** Dollars as the screens show them: `$1,234.50`. */
export const money = (dollars: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars);

/** Calls the API from the page with the signed-in session, as the app does (bearer and XSRF header). */
export async function apiFromPage<T>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      await fetch('/api/health');
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '',
      );
      const response = await fetch(url, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${localStorage.getItem('portal.sessionToken')}`,
          'x-xsrf-token': xsrf,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, url, body },
  ) as Promise<{ status: number; body: T }>;
}

export type ChargeChoices = { notice: boolean; residential: boolean; forklift: boolean; liftgate: boolean };
export type SeededCartItem = { sku: string; price: number; quantity: number };

/**
 * Puts items in the signed-in user's cart in the cart store's own stored format
 * (`portal.cart.<email>`), built from the catalog's batch answer; `extraSkus` adds items the
 * catalog does not know (a refresh must drop them). Answers the known items with their prices.
 */
export async function seedCart(
  page: Page,
  email: string,
  lines: [string, number][],
  options: { branchNumber: number; catalog?: string; choices?: ChargeChoices; extraSkus?: string[] },
): Promise<SeededCartItem[]> {
  const catalog = options.catalog ?? 'lifts';
  const extraSkus = options.extraSkus ?? [];
  type Product = {
    sku: string;
    brand: string;
    price: number;
    eCommerceInformation: { label: string; shortDescription: string; images: string[] };
    shippingInformation: Record<string, boolean>;
  };
  const { body: products } = await apiFromPage<Product[]>(page, 'POST', '/api/catalog/products', {
    skuList: lines.map(([sku]) => sku),
    shipToState: 'CA',
    branchNumber: options.branchNumber,
    catalog,
  });
  const items = lines.map(([sku, quantity]) => {
    const p = products.find((x) => x.sku === sku)!;
    const s = p.shippingInformation;
    return {
      sku,
      label: p.eCommerceInformation.label,
      brand: p.brand,
      description: p.eCommerceInformation.shortDescription,
      thumbnail: p.eCommerceInformation.images[0] ?? '',
      price: p.price,
      originalPrice: p.price,
      priceOverride: null,
      quantity,
      requiresLiftGate: s.requiresLiftGate,
      requiresForkLift: s.requiresForkLift,
      requiresResidential: s.requiresResidential,
      requiresGeoWarehouse: s.requiresGeoWarehouse,
      requiresFlatbed: s.requiresFlatbed,
      isSmallParcel: s.isSmallParcel,
    };
  });
  const stored = [...items, ...extraSkus.map((sku) => ({ ...items[0]!, sku, label: sku, quantity: 1 }))];
  const choices = options.choices ?? { notice: false, residential: false, forklift: false, liftgate: false };
  await page.evaluate(({ key, cart }) => localStorage.setItem(key, JSON.stringify(cart)), {
    key: `portal.cart.${email}`,
    cart: { branchNumber: options.branchNumber, catalog, items: stored, choices },
  });
  return items.map(({ sku, price, quantity }) => ({ sku, price, quantity }));
}

/** Nothing on the page scrolls sideways (tables included), waiting out late layout. */
export async function expectNoSideScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), {
      message: `${page.url()} scrolls sideways`,
    })
    .toBeLessThanOrEqual(0);
}

/**
 * A full-page screenshot for a person to look at, when E2E_SHOTS_DIR names a folder (the guide's
 * "look at what you build"): `<name>-<width>.png`. Does nothing otherwise.
 */
export async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS_DIR;
  if (folder) await page.screenshot({ path: `${folder}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
}

/**
 * Searches the open catalog page for `keywords` and waits until its answer is drawn: the address
 * holds the keywords and the products are no longer busy. A tile clicked before that may be moved
 * by the answer's drawing between the press and the release, and such a click reaches no button.
 */
export async function searchCatalog(page: Page, keywords: string) {
  await page.getByLabel('Keywords').fill(keywords);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('keywords')).toBe(keywords);
  await expect(page.getByTestId('catalog-products')).toHaveAttribute('aria-busy', 'false');
}

export const test = base;
export { expect };

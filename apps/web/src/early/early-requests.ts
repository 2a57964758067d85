/**
 * The API calls a signed-in page opened directly will make first, worked out from the address and
 * the browser's storage alone, so that they can start before the app's code has downloaded (issue
 * 21: on a phone network the session check and the screen's first data otherwise wait for ~270 KB
 * of JavaScript and its run). Loaded by the first script of index.html (./start.ts), which must stay
 * tiny: this file imports nothing, so the names below repeat the app's (checked by
 * early-requests.test.ts against src/lib/storage.ts, the domain's constants and the real calls).
 *
 * Each request is exactly the one the app would send (same method, address, body and headers); the
 * app's API client adopts an answer once, when its own call matches (src/lib/early-responses.ts),
 * and asks the server itself otherwise. Nothing here decides anything: a 401 or a failure reaches
 * the app's own handling as if it had asked.
 */

/** src/lib/storage.ts STORAGE_KEYS. */
export const EARLY_STORAGE_KEYS = {
  sessionToken: 'portal.sessionToken',
  sessionEmail: 'portal.sessionEmail',
  branchNumber: 'portal.branchNumber',
  destinationState: 'portal.destinationState',
} as const;

/** src/features/cart/store/cart-persistence.ts CART_STORAGE_PREFIX. */
export const EARLY_CART_PREFIX = 'portal.cart.';

/** @portal/domain/rules CATALOG_SCREEN_PAGE_SIZE and DEFAULT_SHIP_TO_STATE. */
export const EARLY_CATALOG_PAGE_SIZE = 20;
export const EARLY_DEFAULT_SHIP_TO_STATE = 'CA';

/** @portal/domain/rules CATALOG_SORTS, CATALOG_AVAILABILITIES and CATALOG_MAX_FILTER_VALUES. */
export const EARLY_CATALOG_SORTS = ['relevance', 'featured', 'price-asc', 'price-desc', 'name', 'sku'];
export const EARLY_CATALOG_AVAILABILITIES = ['inRegion', 'any'];
export const EARLY_CATALOG_MAX_FILTER_VALUES = 50;

/** @portal/domain/rules PLACEHOLDER_IMAGE_URL, a tile's image when its product has none. */
export const EARLY_PLACEHOLDER_IMAGE_URL = '/api/media/placeholder.svg';

/**
 * features/catalog/components/tile-columns.ts tilesInFirstRow: the products whose images load first,
 * the catalog's first screenful at this window width (a row of tiles, five rows of the phone list).
 */
export function earlyFirstRow(windowWidth: number): number {
  if (windowWidth < 825) return 5;
  if (windowWidth >= 1440) return 4;
  return windowWidth >= 1000 ? 3 : 2;
}

/** src/lib/client-config.ts: the shell's public settings, asked by every signed-in page. */
export const EARLY_CLIENT_CONFIG_URL = '/api/client-config';

/** Paths that are not signed-in pages (vite.config.ts signedInPreloads.publicPaths). */
const PUBLIC_PATHS = ['/login', '/password/', '/dev/'];

const CATALOG_PATH = /^\/products\/catalog\/([^/]+)\/?$/;
const CART_PATH = /^\/shopping-cart\/?$/;

export type PlannedRequest = { method: 'GET' | 'POST'; url: string; body?: string };

export type EarlyRequest = PlannedRequest & {
  /** The bearer token it was sent with: an answer is only for the same session. */
  token: string;
  /** performance.now() when it was sent. */
  sentAt: number;
  response: Promise<Response>;
};

/** Where the app's API client finds them (src/lib/early-responses.ts). */
export const EARLY_REQUESTS_GLOBAL = '__portalEarlyRequests';

type Read = (key: string) => string | null;

function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** features/catalog/components/catalog-query.ts filterValuesOf. */
function filterValuesOf(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))].slice(0, EARLY_CATALOG_MAX_FILTER_VALUES);
}

/**
 * The sort and filters of the address as the catalog sends them (features/catalog/components/
 * catalog-query.ts catalogQueryOf, then narrowingCriteriaOf): only what is set, in that order.
 */
function narrowingOf(params: URLSearchParams): Record<string, unknown> {
  const sort = params.get('sort');
  const brand = filterValuesOf(params.getAll('brand'));
  const category = filterValuesOf(params.getAll('category'));
  const availability = params.get('availability');
  return {
    ...(sort !== null && EARLY_CATALOG_SORTS.includes(sort) ? { sort } : {}),
    ...(brand.length > 0 ? { brand } : {}),
    ...(category.length > 0 ? { category } : {}),
    ...(availability !== null && EARLY_CATALOG_AVAILABILITIES.includes(availability) ? { availability } : {}),
  };
}

function branchOf(read: Read): number | null {
  const branch = Number(read(EARLY_STORAGE_KEYS.branchNumber));
  return Number.isInteger(branch) && branch > 0 ? branch : null;
}

function stateOf(read: Read): string | null {
  const state = read(EARLY_STORAGE_KEYS.destinationState);
  return state && /^[A-Z]{2}$/.test(state) ? state : null;
}

function parse(raw: string | null): unknown {
  if (raw === null) return null;
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}

/** The catalog page's first search (features/catalog/api/search-catalog.ts), when it can ask. */
function catalogSearch(pathname: string, search: string, read: Read): PlannedRequest | null {
  const match = CATALOG_PATH.exec(pathname);
  if (!match) return null;
  let catalog: string;
  try {
    catalog = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  const branchNumber = branchOf(read);
  const shipToState = stateOf(read);
  if (branchNumber === null || shipToState === null) return null;
  const params = new URLSearchParams(search);
  const body = {
    catalog,
    keywords: params.get('keywords') ?? '',
    page: pageOf(params.get('page')),
    pageSize: EARLY_CATALOG_PAGE_SIZE,
    branchNumber,
    shipToState,
    ...narrowingOf(params),
  };
  return { method: 'POST', url: '/api/catalog/search', body: JSON.stringify(body) };
}

/** The cart page's price refresh (features/cart/store/cart-refresh.ts) of the signed-in user's stored cart. */
function cartRefresh(pathname: string, read: Read): PlannedRequest | null {
  if (!CART_PATH.test(pathname)) return null;
  const email = read(EARLY_STORAGE_KEYS.sessionEmail);
  const branchNumber = branchOf(read);
  if (!email || branchNumber === null) return null;
  const cart = parse(read(EARLY_CART_PREFIX + email.toLowerCase())) as { catalog?: unknown; items?: unknown } | null;
  if (!cart || typeof cart.catalog !== 'string' || !cart.catalog || !Array.isArray(cart.items) || cart.items.length === 0) return null;
  const skuList = cart.items.map((item: { sku?: unknown } | null) => item?.sku);
  if (!skuList.every((sku) => typeof sku === 'string')) return null;
  const body = { skuList, shipToState: stateOf(read) ?? EARLY_DEFAULT_SHIP_TO_STATE, branchNumber, catalog: cart.catalog };
  return { method: 'POST', url: '/api/catalog/products', body: JSON.stringify(body) };
}

/**
 * What a page opened at `pathname` + `search` asks first, given the stored session: nothing on a
 * public page or without a stored token; else the session check, and for the catalog and the cart
 * their screen's first data.
 */
export function planEarlyRequests(pathname: string, search: string, read: Read): { token: string; requests: PlannedRequest[] } | null {
  if (PUBLIC_PATHS.some((prefix) => pathname.startsWith(prefix))) return null;
  const token = read(EARLY_STORAGE_KEYS.sessionToken);
  if (!token) return null;
  const requests: PlannedRequest[] = [{ method: 'GET', url: '/api/users/session/refresh' }];
  const screen = catalogSearch(pathname, search, read) ?? cartRefresh(pathname, read);
  if (screen) requests.push(screen);
  // The shell asks for its settings as it mounts, and the cart's Checkout button waits for them:
  // asked later, their answer drew the shell and its screen once more before the largest paint.
  requests.push({ method: 'GET', url: EARLY_CLIENT_CONFIG_URL });
  return { token, requests };
}

function readCookie(name: string): string | undefined {
  const match = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : undefined;
}

/** src/lib/api-client.ts xsrfToken(): the cookie, asked for first when there is none. */
let xsrf: Promise<string> | null = null;
function xsrfToken(): Promise<string> {
  const token = readCookie('XSRF-TOKEN');
  if (token) return Promise.resolve(token);
  xsrf ??= fetch('/api/health', { credentials: 'same-origin' }).then(
    () => readCookie('XSRF-TOKEN') ?? '',
    () => '',
  );
  return xsrf;
}

/**
 * The images of the first row of tiles in a catalog search answer (features/catalog/components/
 * product-tile.tsx tileImageOf), or none when the answer is not one.
 */
export function firstTileImages(answer: unknown, windowWidth: number): string[] {
  const results = (answer as { results?: unknown } | null)?.results;
  if (!Array.isArray(results)) return [];
  return results.slice(0, earlyFirstRow(windowWidth)).map((product: { eCommerceInformation?: { images?: unknown } } | null) => {
    const images = product?.eCommerceInformation?.images;
    const first: unknown = Array.isArray(images) ? images[0] : undefined;
    return typeof first === 'string' && first.startsWith('/') ? first : EARLY_PLACEHOLDER_IMAGE_URL;
  });
}

/**
 * Starts loading the first row's images once the catalog's early search answers, as the catalog
 * page does when it adopts that answer (preloadTileImages): the first image is the page's largest
 * paint, and its request no longer waits for the app's code to run and draw the tiles. The answer
 * is read from a copy; the app reads the original.
 */
export function preloadFirstTileImages(request: EarlyRequest, windowWidth: number, load: (url: string) => void): void {
  if (request.url !== '/api/catalog/search') return;
  request.response
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((answer: unknown) => firstTileImages(answer, windowWidth).forEach(load))
    .catch(() => undefined);
}

/** Sends one planned request with the app's headers (src/lib/api-client.ts api()). */
export function sendEarlyRequest(request: PlannedRequest, token: string): EarlyRequest {
  const send = async () => {
    const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token}` };
    if (request.method !== 'GET') headers['x-xsrf-token'] = await xsrfToken();
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    return fetch(request.url, { method: request.method, headers, body: request.body, credentials: 'same-origin' });
  };
  const response = send();
  // Never adopted (another page, another session): nobody is waiting for it.
  response.catch(() => undefined);
  return { ...request, token, sentAt: performance.now(), response };
}

/**
 * The early requests of index.html's first script (issue 21): what it plans from the address and
 * the stored session, that its names are the app's, and that the app's own calls (the session
 * check, the catalog's first search, the cart's price refresh) adopt its answers once, only when
 * they are the same call, and ask the server themselves otherwise.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CATALOG_AVAILABILITIES,
  CATALOG_MAX_FILTER_VALUES,
  CATALOG_SCREEN_PAGE_SIZE,
  CATALOG_SORTS,
  DEFAULT_SHIP_TO_STATE,
  PLACEHOLDER_IMAGE_URL,
} from '@portal/domain/rules';
import { installMemoryStorage, item, product, sessionOf } from '@/features/cart/store/store-test-fixtures';

vi.mock('@/lib/notify', () => ({ notify: { success: () => {}, warning: () => {}, error: () => {} } }));

const memory = installMemoryStorage();
const early = await import('./early-requests');
const { EARLY_REQUESTS_GLOBAL_NAME, EARLY_ANSWER_MAX_AGE_MS, takeEarlyResponse } = await import('@/lib/early-responses');
const { STORAGE_KEYS } = await import('@/lib/storage');
const { CART_STORAGE_PREFIX } = await import('@/features/cart/store/cart-persistence');
const cart = await import('@/features/cart/store');
const cartState = await import('@/features/cart/store/cart-state');
const session = await import('@/lib/session-store');
const { api, setUnauthorizedHandler } = await import('@/lib/api-client');
const { startEarlySearch } = await import('@/features/catalog/api/search-catalog');
const { searchBodyOf } = await import('@/features/catalog/api/search-body');
const { catalogQueryOf } = await import('@/features/catalog/components/catalog-query');
const { tilesInFirstRow } = await import('@/features/catalog/components/tile-columns');

const EMAIL = 'Dealer@Example.com';
const read = (key: string) => memory.get(key) ?? null;

type Sent = { url: string; method: string; headers: Record<string, string>; body?: string };
const sent: Sent[] = [];
const json = (value: unknown) => new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  sent.length = 0;
  (globalThis as { document?: unknown }).document = { cookie: 'XSRF-TOKEN=xsrf-1' };
  vi.stubGlobal('fetch', (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => {
    sent.push({ url, method: init.method, headers: init.headers, body: init.body });
    if (url === '/api/catalog/products') return Promise.resolve(json([product('A-1', 12)]));
    if (url === '/api/catalog/search') return Promise.resolve(json({ page: 1, pageSize: 20, totalResults: 0, results: [] }));
    return Promise.resolve(json(sessionOf(EMAIL)));
  });
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL_NAME];
  session.clearSession();
  vi.unstubAllGlobals();
});

/** Lets the calls that wait for the XSRF cookie go out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** What index.html's first script does (./start.ts), with the stubbed fetch. */
function runFirstScript(pathname: string, search = '') {
  const plan = early.planEarlyRequests(pathname, search, read);
  const requests = plan ? plan.requests.map((request) => early.sendEarlyRequest(request, plan.token)) : [];
  (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL_NAME] = requests;
  return requests;
}

function signIn() {
  session.setSession(sessionOf(EMAIL));
  session.chooseBranch(101);
  session.chooseDestinationState('CO');
}

describe('the first script repeats the app names', () => {
  it('storage keys, cart prefix, page size, default state and the global', () => {
    expect(early.EARLY_STORAGE_KEYS.sessionToken).toBe(STORAGE_KEYS.sessionToken);
    expect(early.EARLY_STORAGE_KEYS.sessionEmail).toBe(STORAGE_KEYS.sessionEmail);
    expect(early.EARLY_STORAGE_KEYS.branchNumber).toBe(STORAGE_KEYS.branchNumber);
    expect(early.EARLY_STORAGE_KEYS.destinationState).toBe(STORAGE_KEYS.destinationState);
    expect(early.EARLY_CART_PREFIX).toBe(CART_STORAGE_PREFIX);
    expect(early.EARLY_CATALOG_PAGE_SIZE).toBe(CATALOG_SCREEN_PAGE_SIZE);
    expect(early.EARLY_DEFAULT_SHIP_TO_STATE).toBe(DEFAULT_SHIP_TO_STATE);
    expect(early.EARLY_REQUESTS_GLOBAL).toBe(EARLY_REQUESTS_GLOBAL_NAME);
    expect(early.EARLY_PLACEHOLDER_IMAGE_URL).toBe(PLACEHOLDER_IMAGE_URL);
    expect(early.EARLY_CATALOG_SORTS).toEqual(CATALOG_SORTS);
    expect(early.EARLY_CATALOG_AVAILABILITIES).toEqual(CATALOG_AVAILABILITIES);
    expect(early.EARLY_CATALOG_MAX_FILTER_VALUES).toBe(CATALOG_MAX_FILTER_VALUES);
  });

  it('the signed-in email is kept beside the token and forgotten with it', () => {
    signIn();
    expect(read(STORAGE_KEYS.sessionEmail)).toBe(EMAIL);
    session.clearSession();
    expect(read(STORAGE_KEYS.sessionEmail)).toBeNull();
  });
});

describe('planEarlyRequests', () => {
  it('asks nothing on a public page or without a stored session', () => {
    signIn();
    expect(early.planEarlyRequests('/login', '', read)).toBeNull();
    expect(early.planEarlyRequests('/password/reset', '', read)).toBeNull();
    expect(early.planEarlyRequests('/dev/mailbox', '', read)).toBeNull();
    session.clearSession();
    expect(early.planEarlyRequests('/dashboard', '', read)).toBeNull();
  });

  it("asks for the session check and the shell's settings on another signed-in page", () => {
    signIn();
    expect(early.planEarlyRequests('/dashboard', '', read)).toEqual({
      token: `token-${EMAIL}`,
      requests: [
        { method: 'GET', url: '/api/users/session/refresh' },
        { method: 'GET', url: '/api/client-config' },
      ],
    });
  });

  it('adds the catalog search of the address, once a branch and a state are stored', () => {
    signIn();
    const plan = early.planEarlyRequests('/products/catalog/lifts', '?keywords=jack&page=2', read);
    expect(plan?.requests[1]).toEqual({
      method: 'POST',
      url: '/api/catalog/search',
      body: JSON.stringify({ catalog: 'lifts', keywords: 'jack', page: 2, pageSize: 20, branchNumber: 101, shipToState: 'CO' }),
    });
    session.chooseDestinationState(null);
    expect(early.planEarlyRequests('/products/catalog/lifts', '', read)?.requests).toHaveLength(2);
  });

  it("sends the catalog's sort and filters as the screen does, for any address", () => {
    signIn();
    const many = Array.from({ length: 60 }, (_, i) => `brand=B${i}`).join('&');
    for (const search of [
      '',
      '?keywords=jack&page=2',
      '?keywords=lift&sort=price-asc',
      '?sort=featured&brand=Apex+Lifting&brand=IronPeak&brand=+IronPeak+&brand=',
      '?category=Two-post+lifts&category=Tire+changers&availability=inRegion&page=3',
      '?sort=cheapest&availability=somewhere&brand=%20',
      '?availability=any&sort=sku&keywords=%20air%20',
      `?${many}`,
    ]) {
      const query = catalogQueryOf(new URLSearchParams(search));
      const screen = searchBodyOf({ catalog: 'lifts', ...query, branchNumber: 101, shipToState: 'CO' });
      expect([search, early.planEarlyRequests('/products/catalog/lifts', search, read)?.requests[1]?.body]).toEqual([
        search,
        JSON.stringify(screen),
      ]);
    }
  });

  it('adds the refresh of the stored cart of the signed-in user, none for an empty cart', () => {
    signIn();
    expect(early.planEarlyRequests('/shopping-cart', '', read)?.requests).toHaveLength(2);
    cartState.addToCart('lifts', item('A-1', 10), 2);
    expect(early.planEarlyRequests('/shopping-cart', '', read)?.requests[1]).toEqual({
      method: 'POST',
      url: '/api/catalog/products',
      body: JSON.stringify({ skuList: ['A-1'], shipToState: 'CO', branchNumber: 101, catalog: 'lifts' }),
    });
  });
});

describe('the app adopts the early answers', () => {
  it('the session check: one request, sent with the bearer token, taken once', async () => {
    signIn();
    runFirstScript('/dashboard');
    const headers = { accept: 'application/json', authorization: `Bearer token-${EMAIL}` };
    expect(sent).toEqual([
      { url: '/api/users/session/refresh', method: 'GET', headers },
      { url: '/api/client-config', method: 'GET', headers },
    ]);
    await expect(api('/api/users/session/refresh')).resolves.toMatchObject({ user: { email: EMAIL } });
    expect(sent).toHaveLength(2);
    // Used once: the next check asks the server.
    await api('/api/users/session/refresh');
    expect(sent).toHaveLength(3);
  });

  it("the catalog's first search and the cart's refresh send what the app would, and the app asks nothing more", async () => {
    signIn();
    runFirstScript('/products/catalog/lifts', '?keywords=jack');
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.find((request) => request.url === '/api/catalog/search')).toMatchObject({
      url: '/api/catalog/search',
      method: 'POST',
      headers: { 'x-xsrf-token': 'xsrf-1', 'content-type': 'application/json', authorization: `Bearer token-${EMAIL}` },
    });
    startEarlySearch({ catalog: 'lifts', keywords: 'jack', page: 1, branchNumber: 101, shipToState: 'CO' });
    await api('/api/client-config', { silent: true });
    await settle();
    expect(sent).toHaveLength(3);

    cartState.addToCart('lifts', item('A-1', 10), 2);
    sent.length = 0;
    runFirstScript('/shopping-cart');
    await settle();
    expect(sent.map((request) => request.url).sort()).toEqual([
      '/api/catalog/products',
      '/api/client-config',
      '/api/users/session/refresh',
    ]);
    await cart.refreshCart();
    expect(sent).toHaveLength(3);
    expect(cartState.getCart().items[0]).toMatchObject({ sku: 'A-1', price: 12 });
  });

  it('another call, another session or an old answer is not adopted', async () => {
    signIn();
    runFirstScript('/products/catalog/lifts');
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    // Another search (page 2): asked anew; the early one stays for its own call.
    await api('/api/catalog/search', { method: 'POST', body: { catalog: 'lifts', keywords: '', page: 2 } });
    expect(sent).toHaveLength(4);
    expect(takeEarlyResponse('GET', '/api/users/session/refresh', undefined, 'another-token')).toBeNull();
    const now = performance.now();
    vi.spyOn(performance, 'now').mockReturnValue(now + EARLY_ANSWER_MAX_AGE_MS + 1);
    expect(takeEarlyResponse('GET', '/api/users/session/refresh', undefined, `token-${EMAIL}`)).toBeNull();
    vi.restoreAllMocks();
  });

  it('a 401 of the early session check ends the session as the app own call would', async () => {
    signIn();
    const unauthorized = vi.fn();
    setUnauthorizedHandler(unauthorized);
    vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify({ messages: [] }), { status: 401 })));
    runFirstScript('/dashboard');
    await expect(api('/api/users/session/refresh')).rejects.toMatchObject({ status: 401 });
    expect(session.sessionStore.get().token).toBeNull();
    expect(read(STORAGE_KEYS.sessionToken)).toBeNull();
    expect(unauthorized).toHaveBeenCalledOnce();
  });
});

describe("the catalog's first row of images", () => {
  const tile = (sku: string, images: unknown[]) => ({ sku, eCommerceInformation: { images } });

  it('follow the grid: as many as its first row holds at each window width', () => {
    for (let width = 0; width <= 2000; width += 1) expect([width, early.earlyFirstRow(width)]).toEqual([width, tilesInFirstRow(width)]);
  });

  it('are the first screenful of the answer (three or four tiles on a wide window, five rows on a phone), the placeholder for a product without one', () => {
    const answer = {
      results: [
        tile('A', ['/api/media/products/A/image-1.svg', '/api/media/products/A/image-2.svg']),
        tile('B', []),
        tile('C', ['/api/media/products/C/image-1.svg']),
        tile('D', ['/api/media/products/D/image-1.svg']),
        tile('E', ['/api/media/products/E/image-1.svg']),
      ],
    };
    const firstFour = [
      '/api/media/products/A/image-1.svg',
      PLACEHOLDER_IMAGE_URL,
      '/api/media/products/C/image-1.svg',
      '/api/media/products/D/image-1.svg',
    ];
    expect(early.firstTileImages(answer, 1280)).toEqual(firstFour.slice(0, 3));
    expect(early.firstTileImages(answer, 1440)).toEqual(firstFour);
    expect(early.firstTileImages(answer, 390)).toEqual([...firstFour, '/api/media/products/E/image-1.svg']);
    expect(early.firstTileImages(null, 1280)).toEqual([]);
    expect(early.firstTileImages({ messages: [] }, 1280)).toEqual([]);
  });

  it('start loading when the early search answers, and the app still reads that answer', async () => {
    signIn();
    vi.stubGlobal('fetch', (url: string) =>
      Promise.resolve(
        url === '/api/catalog/search'
          ? json({ page: 1, pageSize: 20, totalResults: 1, results: [tile('A', ['/api/media/products/A/image-1.svg'])] })
          : json(sessionOf(EMAIL)),
      ),
    );
    const loaded: string[] = [];
    for (const request of runFirstScript('/products/catalog/lifts')) early.preloadFirstTileImages(request, 1280, (url) => loaded.push(url));
    await vi.waitFor(() => expect(loaded).toEqual(['/api/media/products/A/image-1.svg']));
    await expect(
      api('/api/catalog/search', {
        method: 'POST',
        body: { catalog: 'lifts', keywords: '', page: 1, pageSize: 20, branchNumber: 101, shipToState: 'CO' },
      }),
    ).resolves.toMatchObject({ totalResults: 1 });
  });

  it('are none for a failed search', async () => {
    signIn();
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('{}', { status: 500 })));
    const loaded: string[] = [];
    for (const request of runFirstScript('/products/catalog/lifts')) early.preloadFirstTileImages(request, 1280, (url) => loaded.push(url));
    await settle();
    expect(loaded).toEqual([]);
  });
});

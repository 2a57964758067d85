/**
 * What every /api route must answer to every kind of caller (issue 17's access matrix,
 * access-matrix.api.test.ts). A route registered in the app without an entry here fails that test:
 * add one when you add a route.
 *
 * An entry gives
 * - `access`: the access the route declares (decision 003; `readOnly`: a cached caller confirmed beside
 *   the work, decision 014); the test checks the app declares the same;
 * - `sample`: a request an allowed caller of Summit Lift Supply (organization 1) would send, built
 *   from the fixtures in `ctx` (ids, a fresh checkout, the branch to use);
 * - `allowed`: the statuses a caller the access lets through may get (default [200]);
 * - `branch`: the sample names `ctx.branchNumber`; the matrix then also sends it with organization
 *   2's branch 201 as organization 1's admin ("forged branch"), expecting `forgedBranch` (default [403]);
 * - `otherOrganization`: what Valley Garage's owner (organization 2, all roles) gets for organization
 *   1's sample (default: [403] when the route takes a branch, else `allowed`); the body must never
 *   hold organization 1's data;
 * - `callers`: exact statuses for particular callers where the default rule does not fit (a route
 *   whose service, not its declaration, decides, e.g. editing another user without manageUsers);
 * - `endsSession`: the call ends the caller's session (the matrix signs that caller in again).
 *
 * Default rule, from `access`: no session and a deactivated user's session get 401 unless the route
 * is public; a session without the declared roles or flag gets 403; an integration route answers 401
 * to any session token; a public route answers `allowed` to everyone.
 */
import type { Access } from '../http/access.js';
import { FEATURED_SHIP_TO } from '../seed/featured.js';

/** The callers of the matrix. `role:<key>` is a user of organization 1 with that single role and every branch. */
export type CallerKind =
  | 'anonymous'
  | 'orgAdmin'
  | 'otherOrganization'
  | 'deactivated'
  | 'forgedBranch'
  | 'integration'
  | 'role:accounting'
  | 'role:catalog'
  | 'role:catalogExport'
  | 'role:checkout'
  | 'role:manageUsers'
  | 'role:orderHistory'
  | 'role:storedPayments';

export type SampleRequest = {
  /** Defaults to the route's own url (only for routes without path parameters). */
  url?: string;
  query?: Record<string, string | number>;
  body?: unknown;
};

export type MatrixContext = {
  /** 101 for organization 1's callers; 201 in the forged-branch case. */
  branchNumber: number;
  /** The caller's own user id (profile routes). */
  selfId: number;
  /** Organization 1's users. */
  adminId: number;
  buyerId: number;
  /** A document number of branch 101 (organization 1). */
  orderNumber: number;
  /**
   * A new checkout of branch 101 made for this one call, by the caller when the caller is an
   * organization 1 user with the checkout role (checkouts belong to their user), else by organization 1's admin;
   * with its shipping details when asked.
   */
  freshCheckout(options?: {
    withShipping?: boolean;
  }): Promise<{ confirmationNumber: string; paymentIntentId: string; paymentIntentSecret: string }>;
  /** An email address unique to this call, of no organization's domain (invitations, password codes). */
  uniqueEmail(): string;
};

export type RouteExpectation = {
  access: Access;
  sample?: (ctx: MatrixContext) => SampleRequest | Promise<SampleRequest>;
  allowed?: number[];
  branch?: boolean;
  forgedBranch?: number[];
  otherOrganization?: number[];
  callers?: Partial<Record<CallerKind, number[]>>;
  endsSession?: boolean;
};

const STATE = 'CO';
const ACCEPT_ALL = { notice: false, residential: false, forklift: false, liftgate: false };
const SMALL_PARCEL = 'PBYAX-0104';

/** Roles that may change another user (users/permissions.ts): only manageUsers. */
const EDIT_OTHER_USER: Partial<Record<CallerKind, number[]>> = {
  'role:accounting': [403],
  'role:catalog': [403],
  'role:catalogExport': [403],
  'role:checkout': [403],
  'role:orderHistory': [403],
  'role:storedPayments': [403],
};

/** Roles with neither manageUsers nor checkout: the address book refuses them (addresses/service.ts). */
const ADDRESS_BOOK_OUTSIDERS: Partial<Record<CallerKind, number[]>> = {
  'role:accounting': [403],
  'role:catalog': [403],
  'role:catalogExport': [403],
  'role:orderHistory': [403],
  'role:storedPayments': [403],
};

export const ROUTE_EXPECTATIONS: Record<string, RouteExpectation> = {
  // system
  'GET /api/health': { access: 'public' },
  'GET /api/health/live': { access: 'public' },
  'GET /api/health/ready': { access: 'public' },
  'GET /api/client-config': { access: 'public' },
  'GET /api/openapi.json': { access: 'public' },

  // session
  'POST /api/users/session/login': {
    access: 'public',
    // A wrong password for a real user: every caller gets the same 401 (no session is made).
    sample: () => ({ body: { email: 'buyer@summitlift.example.com', password: 'not-the-password', deviceId: 'matrix' } }),
    allowed: [401],
  },
  'GET /api/users/session/refresh': { access: {} },
  'GET /api/users/session/logout': { access: {}, endsSession: true },

  // cart and catalog
  'POST /api/cart/price': {
    access: { roles: ['checkout'] },
    branch: true,
    sample: (ctx) => ({
      body: {
        catalog: 'lifts',
        branchNumber: ctx.branchNumber,
        shipToState: STATE,
        items: [{ sku: SMALL_PARCEL, quantity: 1 }],
        choices: ACCEPT_ALL,
      },
    }),
  },
  // quick order, reorder and saved carts (issue 20)
  'POST /api/cart/quick-order/validate': {
    access: { roles: ['checkout', 'catalog'] },
    branch: true,
    sample: (ctx) => ({
      body: { catalog: 'lifts', branchNumber: ctx.branchNumber, shipToState: STATE, lines: [{ line: 1, sku: SMALL_PARCEL, quantity: 2 }] },
    }),
  },
  'POST /api/cart/reorder': {
    access: { roles: ['checkout', 'orderHistory'] },
    branch: true,
    sample: (ctx) => ({ body: { documentNumber: ctx.orderNumber, branchNumber: ctx.branchNumber, shipToState: STATE } }),
  },
  'GET /api/saved-carts': {
    access: { roles: ['checkout'] },
    branch: true,
    sample: (ctx) => ({ query: { branchNumber: ctx.branchNumber } }),
  },
  'POST /api/saved-carts': {
    access: { roles: ['checkout'] },
    branch: true,
    sample: (ctx) => ({
      body: { name: 'Matrix list', branchNumber: ctx.branchNumber, catalog: 'lifts', items: [{ sku: SMALL_PARCEL, quantity: 1 }] },
    }),
  },
  // No saved cart has this id: an allowed caller reaches the service and gets its 404.
  'GET /api/saved-carts/:id': {
    access: { roles: ['checkout'] },
    branch: true,
    sample: (ctx) => ({ url: '/api/saved-carts/999999', query: { branchNumber: ctx.branchNumber } }),
    allowed: [404],
  },
  'PUT /api/saved-carts/:id': {
    access: { roles: ['checkout'] },
    branch: true,
    sample: (ctx) => ({ url: '/api/saved-carts/999999', query: { branchNumber: ctx.branchNumber }, body: { name: 'Renamed' } }),
    allowed: [404],
  },
  'DELETE /api/saved-carts/:id': {
    access: { roles: ['checkout'] },
    branch: true,
    sample: (ctx) => ({ url: '/api/saved-carts/999999', query: { branchNumber: ctx.branchNumber } }),
    allowed: [404],
  },
  'POST /api/saved-carts/:id/load': {
    access: { roles: ['checkout'] },
    branch: true,
    sample: (ctx) => ({ url: '/api/saved-carts/999999/load', query: { branchNumber: ctx.branchNumber }, body: { shipToState: STATE } }),
    allowed: [404],
  },
  'POST /api/catalog/search': {
    access: { roles: ['catalog'], readOnly: true },
    branch: true,
    sample: (ctx) => ({
      body: { keywords: 'lift', catalog: 'lifts', shipToState: STATE, branchNumber: ctx.branchNumber, page: 1, pageSize: 10 },
    }),
  },
  'GET /api/catalog/suggest': {
    access: { roles: ['catalog'], readOnly: true },
    branch: true,
    sample: (ctx) => ({ query: { q: 'lift', catalog: 'lifts', shipToState: STATE, branchNumber: ctx.branchNumber } }),
  },
  'GET /api/catalog/product/:sku': {
    access: { roles: ['catalog'], readOnly: true },
    branch: true,
    sample: (ctx) => ({
      url: `/api/catalog/product/${SMALL_PARCEL}`,
      query: { shipToState: STATE, branchNumber: ctx.branchNumber, catalog: 'lifts' },
    }),
  },
  'POST /api/catalog/products': {
    access: { roles: ['catalog'], readOnly: true },
    branch: true,
    sample: (ctx) => ({ body: { skuList: [SMALL_PARCEL], shipToState: STATE, branchNumber: ctx.branchNumber, catalog: 'lifts' } }),
  },
  'GET /api/catalog/export': {
    access: { roles: ['catalog', 'catalogExport'] },
    branch: true,
    sample: (ctx) => ({ query: { branchNumber: ctx.branchNumber, catalog: 'show' } }),
  },

  // orders
  'POST /api/orders/open': {
    access: { roles: ['orderHistory'] },
    branch: true,
    sample: (ctx) => ({ body: { branchNumber: ctx.branchNumber } }),
  },
  'POST /api/orders/recent': {
    access: { roles: ['orderHistory'] },
    branch: true,
    sample: (ctx) => ({ body: { branchNumber: ctx.branchNumber, timeFrame: 7, updateType: 'any' } }),
  },
  'GET /api/orders/detail/:id': {
    access: { roles: ['orderHistory'] },
    branch: true,
    sample: (ctx) => ({ url: `/api/orders/detail/${ctx.orderNumber}`, query: { branchNumber: ctx.branchNumber } }),
  },
  // Issue 20: the order document, the details call's scoping.
  'GET /api/orders/detail/:id/pdf': {
    access: { roles: ['orderHistory'] },
    sample: (ctx) => ({ url: `/api/orders/detail/${ctx.orderNumber}/pdf` }),
    otherOrganization: [404],
  },
  'POST /api/orders/search': {
    access: { roles: ['orderHistory'] },
    branch: true,
    sample: (ctx) => ({ body: { branchNumber: ctx.branchNumber, name: 'a' } }),
  },

  // account (issue 36): the caller's own organization only, so organization 2 gets its own figures
  'GET /api/account/statement': { access: { roles: ['accounting'] } },
  'GET /api/account/credit': { access: { roles: ['checkout'] } },

  // equipment and warranty claims (issue 37): the demo's SUM-2P-0001 (branch 101) has claim 1 with photo 1
  'GET /api/equipment': { access: { roles: ['orderHistory'] } },
  'GET /api/equipment.csv': { access: { roles: ['orderHistory'] } },
  'GET /api/equipment/inspections-due': { access: { roles: ['orderHistory'] } },
  'POST /api/equipment/register': {
    access: { roles: ['orderHistory'] },
    branch: true,
    sample: (ctx) => ({ body: { serialNumber: 'NOT-IN-REGISTER-1', branchNumber: ctx.branchNumber } }),
    allowed: [400],
  },
  'GET /api/equipment/:serialNumber': {
    access: { roles: ['orderHistory'] },
    sample: () => ({ url: '/api/equipment/SUM-2P-0001' }),
    otherOrganization: [404],
  },
  'PUT /api/equipment/:serialNumber': {
    access: { roles: ['orderHistory'] },
    sample: () => ({ url: '/api/equipment/SUM-4P-0002', body: { installedOn: null, locationName: '', locationAddress: '' } }),
    otherOrganization: [404],
  },
  'POST /api/equipment/:serialNumber/inspections': {
    access: { roles: ['orderHistory'] },
    sample: () => ({
      url: '/api/equipment/SUM-SC-0003/inspections',
      body: { inspectedOn: '2026-01-05', inspector: 'Pat Inspector', passed: true, notes: '' },
    }),
    otherOrganization: [404],
  },
  'GET /api/warranty-claims': { access: { roles: ['orderHistory'] } },
  'GET /api/warranty-claims/parts': { access: { roles: ['orderHistory'] }, sample: () => ({ url: '/api/warranty-claims/parts?q=lift' }) },
  'POST /api/warranty-claims': {
    access: { roles: ['orderHistory'] },
    sample: () => ({ body: { serialNumber: 'SUM-4P-0002', problemDescription: 'The lift drifts down.', photos: [], parts: [] } }),
    otherOrganization: [404],
  },
  'GET /api/warranty-claims/:id': {
    access: { roles: ['orderHistory'] },
    sample: () => ({ url: '/api/warranty-claims/1' }),
    otherOrganization: [404],
  },
  'GET /api/warranty-claims/:id/photos/:photoId': {
    access: { roles: ['orderHistory'] },
    sample: () => ({ url: '/api/warranty-claims/1/photos/1' }),
    otherOrganization: [404],
  },

  // integration API (API key)
  'POST /api/integration/orders/:documentNumber/status': {
    access: 'integration',
    sample: (ctx) => ({ url: `/api/integration/orders/${ctx.orderNumber}/status`, body: { statusCode: 20 } }),
    allowed: [200, 409],
  },
  'PUT /api/integration/orders/:documentNumber/expected-ship-date': {
    access: 'integration',
    sample: (ctx) => ({ url: `/api/integration/orders/${ctx.orderNumber}/expected-ship-date`, body: { expectedShipDate: '2030-01-15' } }),
    allowed: [200, 409],
  },
  'POST /api/integration/orders/:documentNumber/shipments': {
    access: 'integration',
    sample: (ctx) => ({
      url: `/api/integration/orders/${ctx.orderNumber}/shipments`,
      body: { shipmentNumber: 7, lines: [{ lineNumber: 1, quantityShipped: 0 }] },
    }),
    allowed: [200, 400, 409],
  },
  'POST /api/integration/orders/:documentNumber/invoice': {
    access: 'integration',
    sample: (ctx) => ({ url: `/api/integration/orders/${ctx.orderNumber}/invoice`, body: { invoiceNumber: 'INV-MATRIX', statusCode: 70 } }),
    allowed: [200, 409],
  },
  'GET /api/integration/orders': { access: 'integration', sample: () => ({ query: { since: '2020-01-01T00:00:00Z', limit: 1 } }) },
  // imports (modules/imports): an empty JSON array imports nothing and answers the counts
  'PUT /api/integration/catalogs/:id/products': {
    access: 'integration',
    sample: () => ({ url: '/api/integration/catalogs/lifts/products', body: [] }),
  },
  'PUT /api/integration/stock': { access: 'integration', sample: () => ({ body: [] }) },
  // synonym sets: an empty list leaves a catalog without any (the seed has none)
  'PUT /api/integration/catalogs/:id/synonyms': {
    access: 'integration',
    sample: () => ({ url: '/api/integration/catalogs/lifts/synonyms', body: [] }),
  },
  'GET /api/integration/catalogs/:id/synonyms': {
    access: 'integration',
    sample: () => ({ url: '/api/integration/catalogs/lifts/synonyms' }),
  },
  // branch ship-to addresses: the sample writes the demo address branch 101 already has
  'GET /api/integration/organizations/:organizationId/branches': {
    access: 'integration',
    sample: () => ({ url: '/api/integration/organizations/1/branches' }),
  },
  'PUT /api/integration/organizations/:organizationId/branches/:branchNumber/ship-to': {
    access: 'integration',
    sample: () => ({
      url: '/api/integration/organizations/1/branches/101/ship-to',
      body: { shipTo: { street1: '1600 Broadway', street2: '', city: 'Denver', state: 'CO', postalCode: '80202' } },
    }),
  },
  'PUT /api/integration/price-lists/:id': { access: 'integration', sample: () => ({ url: '/api/integration/price-lists/1', body: [] }) },
  // webhooks (issue 35): the test config is demo mode, where a loopback URL may be subscribed;
  // unknown ids answer 404
  'POST /api/integration/webhooks': {
    access: 'integration',
    sample: () => ({ body: { url: 'http://127.0.0.1:9/matrix-hook', events: ['order.created'] } }),
  },
  'GET /api/integration/webhooks': { access: 'integration' },
  'DELETE /api/integration/webhooks/:id': {
    access: 'integration',
    sample: () => ({ url: '/api/integration/webhooks/999999' }),
    allowed: [404],
  },
  'GET /api/integration/webhooks/:id/deliveries': {
    access: 'integration',
    sample: () => ({ url: '/api/integration/webhooks/999999/deliveries' }),
    allowed: [404],
  },
  'POST /api/integration/webhook-deliveries/:id/retry': {
    access: 'integration',
    sample: () => ({ url: '/api/integration/webhook-deliveries/999999/retry' }),
    allowed: [404],
  },
  // issue 36: credit limits and invoices. Organization 3 has no limit in the demo; an empty list imports nothing.
  'PUT /api/integration/organizations/:organizationId/credit': {
    access: 'integration',
    sample: () => ({ url: '/api/integration/organizations/3/credit', body: { creditLimit: null } }),
  },
  'PUT /api/integration/invoices': { access: 'integration', sample: () => ({ body: [] }) },
  'GET /api/integration/invoice-payments': {
    access: 'integration',
    sample: () => ({ query: { since: '2020-01-01T00:00:00Z', limit: 1 } }),
  },
  // issue 36: 'Pay Selected' and saved cards. Samples name nothing that exists (404), so the matrix pays nothing.
  'POST /api/account/invoice-payments': {
    access: { roles: ['accounting'] },
    sample: () => ({ body: { invoiceNumbers: ['INV-MATRIX-NONE'] } }),
    allowed: [404],
  },
  'POST /api/account/invoice-payments/:paymentNumber/complete': {
    access: { roles: ['accounting'] },
    sample: () => ({ url: '/api/account/invoice-payments/PAY-MATRIX0000/complete' }),
    allowed: [404],
  },
  'GET /api/account/invoices/:invoiceNumber/pdf': {
    access: { roles: ['accounting'] },
    sample: () => ({ url: '/api/account/invoices/INV-MATRIX-NONE/pdf' }),
    allowed: [404],
  },
  'POST /api/simulated-gateway/invoice-payments/:paymentNumber/confirm': {
    access: { roles: ['accounting'] },
    sample: () => ({
      url: '/api/simulated-gateway/invoice-payments/PAY-MATRIX0000/confirm',
      body: { clientSecret: 'pi_x_secret_y', cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' },
    }),
    allowed: [404],
  },
  'GET /api/saved-cards': { access: { roles: ['storedPayments'] } },
  'POST /api/saved-cards': {
    access: { roles: ['storedPayments'] },
    sample: () => ({ body: { paymentMethodId: 'pm_sim_matrix_none' } }),
    allowed: [404],
  },
  'DELETE /api/saved-cards/:id': {
    access: { roles: ['storedPayments'] },
    sample: () => ({ url: '/api/saved-cards/999999' }),
    allowed: [404],
  },
  'POST /api/simulated-gateway/payment-methods': {
    access: { roles: ['storedPayments'] },
    sample: () => ({ body: { cardNumber: '4242424242424242', expiry: '12 / 34', cvc: '123' } }),
  },
  'POST /api/checkout/:confirmationNumber/saved-card': {
    access: { roles: ['checkout', 'storedPayments'] },
    sample: async (ctx) => ({
      url: `/api/checkout/${(await ctx.freshCheckout()).confirmationNumber}/saved-card`,
      body: { savedCardId: 999999 },
    }),
    allowed: [404],
    otherOrganization: [404],
  },
  // issue 37: the serial register, claim status and an approved claim's no-charge order (demo claim 1 is In Review: 409)
  'PUT /api/integration/serials': { access: 'integration', sample: () => ({ body: [] }) },
  'PUT /api/integration/warranty-claims/:id': {
    access: 'integration',
    sample: () => ({ url: '/api/integration/warranty-claims/1', body: { status: 'In Review' } }),
  },
  'POST /api/integration/warranty-claims/:id/order': {
    access: 'integration',
    sample: () => ({ url: '/api/integration/warranty-claims/1/order' }),
    allowed: [409],
  },

  // password codes (public; the answer never tells whether the email exists)
  'POST /api/secure-challenge': { access: 'public', sample: (ctx) => ({ body: { email: ctx.uniqueEmail() } }) },
  'POST /api/secure-challenge/verify': {
    access: 'public',
    sample: (ctx) => ({ body: { email: ctx.uniqueEmail(), challenge: 'ABCD-1234' } }),
    allowed: [400, 401, 404],
  },
  'POST /api/secure-challenge/complete': {
    access: 'public',
    sample: (ctx) => ({ body: { email: ctx.uniqueEmail(), password: 'Another-Password-2026!', challenge: 'ABCD-1234' } }),
    allowed: [400, 401, 404],
  },

  // users
  'GET /api/users': { access: { roles: ['manageUsers'] } },
  'GET /api/users/:id': {
    access: {},
    // Another organization's user id: 404 (never 403, which would confirm the id exists).
    sample: (ctx) => ({ url: `/api/users/${ctx.buyerId}` }),
    otherOrganization: [404],
    callers: EDIT_OTHER_USER,
  },
  'PUT /api/users/:id': {
    access: {},
    sample: (ctx) => ({
      url: `/api/users/${ctx.buyerId}`,
      body: { id: ctx.buyerId, firstName: 'Matrix', lastName: 'Buyer', phone: '3035550100' },
    }),
    otherOrganization: [404],
    callers: EDIT_OTHER_USER,
  },
  'PUT /api/users': {
    access: { roles: ['manageUsers'] },
    sample: (ctx) => ({
      body: {
        email: ctx.uniqueEmail(),
        firstName: 'Matrix',
        lastName: 'Invitee',
        phone: '3035550101',
        useOrganizationBranches: true,
        roles: { catalog: true },
      },
    }),
  },

  // organization: audit trail and address book (issue 20)
  'GET /api/organization/audit': { access: { roles: ['manageUsers'] } },
  // The service lets manageUsers or checkout read and add (the checkout's chooser and 'Save this address').
  'GET /api/organization/addresses': { access: {}, callers: ADDRESS_BOOK_OUTSIDERS },
  'POST /api/organization/addresses': { access: {}, sample: () => ({ body: FEATURED_SHIP_TO }), callers: ADDRESS_BOOK_OUTSIDERS },
  // No such address in the sample (a real one would be gone after the first DELETE): 404 to every allowed caller.
  'PUT /api/organization/addresses/:id': {
    access: { roles: ['manageUsers'] },
    sample: () => ({ url: '/api/organization/addresses/2147483000', body: FEATURED_SHIP_TO }),
    allowed: [404],
  },
  'DELETE /api/organization/addresses/:id': {
    access: { roles: ['manageUsers'] },
    sample: () => ({ url: '/api/organization/addresses/2147483000' }),
    allowed: [404],
  },

  // checkout
  'POST /api/checkout': {
    access: { roles: ['checkout'] },
    branch: true,
    // 409: the sample sends no prices, so the server answers 8000 (prices changed) after the branch check.
    sample: (ctx) => ({
      body: {
        catalog: 'lifts',
        branchNumber: ctx.branchNumber,
        shipToState: STATE,
        email: 'receiving@frontrange.example.com',
        items: [{ sku: SMALL_PARCEL, quantity: 1, price: 0.01 }],
        choices: ACCEPT_ALL,
        grandTotal: 0.01,
      },
    }),
    allowed: [409],
  },
  'PUT /api/checkout': {
    access: { roles: ['checkout'] },
    sample: async (ctx) => ({
      body: { confirmationNumber: (await ctx.freshCheckout()).confirmationNumber, shipToAddress: FEATURED_SHIP_TO },
    }),
    otherOrganization: [404],
  },
  'POST /api/checkout/calculate-taxes': {
    access: { roles: ['checkout'] },
    sample: async (ctx) => ({
      body: { confirmationNumber: (await ctx.freshCheckout()).confirmationNumber, shipToAddress: FEATURED_SHIP_TO },
    }),
    otherOrganization: [404],
  },
  'GET /api/checkout/:confirmationNumber': {
    access: { roles: ['checkout'] },
    sample: async (ctx) => ({ url: `/api/checkout/${(await ctx.freshCheckout()).confirmationNumber}` }),
    otherOrganization: [404],
  },
  'GET /api/checkout/:confirmationNumber/complete': {
    access: { roles: ['checkout'] },
    // Not paid yet: 409 for its owner's organization, 404 for anyone else.
    sample: async (ctx) => ({ url: `/api/checkout/${(await ctx.freshCheckout()).confirmationNumber}/complete` }),
    allowed: [409],
    otherOrganization: [404],
  },
  'DELETE /api/checkout/:confirmationNumber': {
    access: { roles: ['checkout'] },
    sample: async (ctx) => ({ url: `/api/checkout/${(await ctx.freshCheckout()).confirmationNumber}` }),
    allowed: [200, 204],
    otherOrganization: [404],
  },
  'POST /api/checkout/terminal/process': {
    access: { roles: ['checkout'], flag: 'allowTerminals' },
    sample: async (ctx) => ({
      body: { readerId: 'tmr_front_counter', paymentIntentId: (await ctx.freshCheckout({ withShipping: true })).paymentIntentId },
    }),
  },
  'POST /api/checkout/terminal/status': {
    access: { roles: ['checkout'], flag: 'allowTerminals' },
    sample: async (ctx) => ({ body: { readerId: 'tmr_front_counter', paymentIntentId: (await ctx.freshCheckout()).paymentIntentId } }),
  },
  'POST /api/checkout/terminal/cancel': {
    access: { roles: ['checkout'], flag: 'allowTerminals' },
    sample: async (ctx) => ({ body: { readerId: 'tmr_front_counter', paymentIntentId: (await ctx.freshCheckout()).paymentIntentId } }),
  },
  // Stripe mode only (the matrix builds a second app for it): without a valid signature, 400 for everyone.
  'POST /api/webhooks/stripe': {
    access: 'public',
    sample: () => ({ body: { id: 'evt_matrix', type: 'payment_intent.succeeded', data: { object: { id: 'pi_matrix' } } } }),
    allowed: [400],
  },
  'POST /api/simulated-gateway/payment-intents/:paymentIntentId/confirm': {
    access: { roles: ['checkout'] },
    sample: async (ctx) => {
      const checkout = await ctx.freshCheckout();
      return {
        url: `/api/simulated-gateway/payment-intents/${checkout.paymentIntentId}/confirm`,
        body: {
          clientSecret: checkout.paymentIntentSecret,
          cardNumber: '4242424242424242',
          expiry: '12 / 34',
          cvc: '123',
          postalCode: '80202',
        },
      };
    },
    otherOrganization: [404],
  },
  'POST /api/dev/terminals/:readerId/next': {
    access: { roles: ['checkout'], flag: 'allowTerminals' },
    sample: () => ({ url: '/api/dev/terminals/tmr_show_floor/next', body: { status: 'busy' } }),
  },

  // event badges
  'POST /api/event/badge-lookup': {
    access: { roles: ['checkout'], flag: 'allowBadgeScan' },
    sample: () => ({ body: { payload: 'SEMA-1001' } }),
  },
  'POST /api/event/badgescan': {
    access: { flag: 'allowBadgeScan' },
    sample: () => ({ body: { badge: 'SEMA-1002', allowMarketing: false } }),
  },
  'GET /api/event/leads': { access: { flag: 'allowBadgeScan' } },
  'GET /api/event/leads/export': { access: { flag: 'allowBadgeScan' } },

  // media (public files of the shared catalog)
  'GET /api/media/products/:sku/:file': { access: 'public', sample: () => ({ url: '/api/media/products/TTAAL-3D40/image-1.svg' }) },
  'GET /api/media/brands/:file': { access: 'public', sample: () => ({ url: '/api/media/brands/apex.svg' }), allowed: [200, 404] },
  'GET /api/media/placeholder.svg': { access: 'public' },

  // development mailbox: demo mode, loopback clients only; the matrix calls from another address.
  'GET /api/dev/mailbox': { access: 'public', allowed: [404] },
};

/**
 * The spec's own contract (spec 7 "Calls", with the entities of spec 3): every call of the spec's
 * table, sent with the spec's field names exactly as a client built from the spec would send them,
 * succeeds, and its answer carries the spec's fields. Our own clients' extra fields and shapes are
 * tested in each module's tests; the differences are listed in docs/api.md ("Differences from the
 * spec's shapes").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TERMINAL_STATUSES } from '@portal/domain/rules';
import type { CheckoutRecord, ManagedUser, Product, Session } from '@portal/domain';
import { testConfig } from '../config.js';
import { organizations } from './organizations/index.js';
import { FEATURED_ORDERS, FEATURED_SKUS } from '../seed/featured.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../test-support/test-app.js';
import { DENVER } from './checkout/checkout-test-support.js';
import { createMailTransport } from './mail/index.js';
import { deliverDueMail } from './mail/worker.js';

const ADMIN = 'admin@summitlift.example.com';
const BUYER = 'buyer@summitlift.example.com';
const NEW_HIRE = 'new.hire@summitlift.example.com';
const L = FEATURED_SKUS.lifts;

let t: TestApp;
let adminToken: string;
let adminSession: Session;

beforeAll(async () => {
  t = await createTestApp();
  const login = await t.request({
    method: 'POST',
    url: '/api/users/session/login',
    payload: { deviceId: 'spec-client-device', email: ADMIN, password: DEMO_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  adminSession = login.json() as Session;
  adminToken = adminSession.id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, payload?: unknown, token = adminToken) =>
  t.request({ method, url, token, ...(payload === undefined ? {} : { payload: payload as object }) });

/** Calls and expects 200. */
async function ok(method: Method, url: string, payload?: unknown, token = adminToken) {
  const response = await call(method, url, payload, token);
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
  return response;
}

/** The answer carries each of the spec's fields. */
function expectFields(value: unknown, fields: readonly string[]) {
  expect(value).toBeTypeOf('object');
  for (const field of fields) expect(value, `field ${field}`).toHaveProperty(field);
}

// Spec 3 entities, field by field.
const SESSION_FIELDS = ['id', 'deviceId', 'user', 'organization'] as const;
const SESSION_USER_FIELDS = [
  'id',
  'firstName',
  'lastName',
  'email',
  'phone',
  'roles',
  'branches',
  'subscriptions.confirmation',
  'subscriptions.shipping',
  'subscriptions.invoice',
  'allowCashSales',
  'useOrganizationCatalogs',
  'catalogs',
] as const;
const ORGANIZATION_FIELDS = [
  'allowBadgeScan',
  'allowCashSales',
  'allowPriceOverride',
  'allowOnAccount',
  'allowTerminals',
  'allowTakenBy',
  'isTaxable',
  'branches',
  'roles',
  'catalogs',
  'fees.forklift',
  'fees.liftgate',
  'fees.residential',
  'fees.notice',
  'terminals',
  'takenBys',
] as const;
const PRODUCT_FIELDS = [
  'sku',
  'brand',
  'price',
  'msrp',
  'availability.netAvailable',
  'availability.nextReceiptDate',
  'availability.inRegion',
  'availability.outsideRegion',
  'scheduledAvailability',
  'eCommerceInformation.label',
  'eCommerceInformation.shortDescription',
  'eCommerceInformation.mediumDescription',
  'eCommerceInformation.longDescription',
  'eCommerceInformation.features',
  'eCommerceInformation.specifications',
  'eCommerceInformation.inTheBox',
  'eCommerceInformation.images',
  'eCommerceInformation.downloads',
  'shippingInformation.weight',
  'shippingInformation.length',
  'shippingInformation.width',
  'shippingInformation.height',
  'shippingInformation.requiresGeoWarehouse',
  'shippingInformation.requiresFlatbed',
  'shippingInformation.requiresForkLift',
  'shippingInformation.requiresLiftGate',
  'shippingInformation.requiresResidential',
] as const;
const ORDER_SUMMARY_FIELDS = [
  'documentNumber',
  'purchaseOrderNumber',
  'statusCode',
  'statusDates.entered',
  'statusDates.shipped',
  'expectedShipDate',
  'shipToAddress',
] as const;
const ADDRESS_FIELDS = ['name', 'address1', 'address2', 'address3', 'city', 'state', 'postalCode', 'email', 'phone'] as const;
const MANAGED_USER_FIELDS = [
  'id',
  'organizationId',
  'email',
  'firstName',
  'lastName',
  'phone',
  'isActive',
  'isVerified',
  'restrictedPricing',
  'limitOrderHistory',
  'allowCashSales',
  'subscriptions',
  'useOrganizationBranches',
  'useOrganizationRoles',
  'branches',
  'roles',
  'lastLoginTime',
] as const;
const CART_FIELDS = [
  'branchNumber',
  'email',
  'catalog',
  'items',
  'charges',
  'shipToAddress',
  'purchaseOrderNumber',
  'reference',
  'taxCertificateNumber',
  'notes',
  'shippingInstructions',
  'shipvia',
  'checkoutId',
  'itemsSubTotal',
  'chargesSubTotal',
  'taxes',
  'taxesVerified',
  'discount',
  'grandTotal',
] as const;
const CART_ITEM_FIELDS = [
  'sku',
  'label',
  'brand',
  'description',
  'thumbnail',
  'quantity',
  'price',
  'priceOverride',
  'originalPrice',
  'requiresLiftGate',
  'requiresForkLift',
  'requiresResidential',
  'requiresGeoWarehouse',
  'requiresFlatbed',
  'isSmallParcel',
] as const;
const CHARGE_KINDS = ['notice', 'residential', 'forklift', 'liftgate', 'flatbed'] as const;

describe('session calls', () => {
  it('POST /api/users/session/login { deviceId, email, password } answers the session', () => {
    expectFields(adminSession, SESSION_FIELDS);
    expectFields(adminSession.user, SESSION_USER_FIELDS);
    expectFields(adminSession.organization, ORGANIZATION_FIELDS);
    expect(adminSession.deviceId).toBe('spec-client-device');
    for (const terminal of adminSession.organization.terminals) expectFields(terminal, ['id', 'name']);
    for (const rep of adminSession.organization.takenBys) expectFields(rep, ['id', 'name']);
    expect(adminSession.organization.takenBys.map((r) => r.name)).toEqual(['Alex Moreno', 'Casey Lin', 'Jordan Price']);
  });

  it('GET /api/users/session/refresh answers the session; GET /api/users/session/logout ends it', async () => {
    const refreshed = (await ok('GET', '/api/users/session/refresh')).json();
    expectFields(refreshed, SESSION_FIELDS);
    expect(refreshed.id).toBe(adminToken);

    const other = await t.login(BUYER);
    await ok('GET', '/api/users/session/logout', undefined, other);
    expect((await call('GET', '/api/users/session/refresh', undefined, other)).statusCode).toBe(401);
  });
});

describe('catalog calls', () => {
  it('POST /api/catalog/search { keywords, brand, shipToState, branchNumber, catalog, page, pageSize }', async () => {
    const answer = (
      await ok('POST', '/api/catalog/search', {
        keywords: 'lift',
        brand: '',
        shipToState: 'CO',
        branchNumber: 101,
        catalog: 'lifts',
        page: 1,
        pageSize: 25,
      })
    ).json();
    expectFields(answer, ['page', 'pageSize', 'totalResults', 'results']);
    expect(answer).toMatchObject({ page: 1, pageSize: 25 });
    expect(answer.results.length).toBeGreaterThan(0);
    expectFields(answer.results[0], PRODUCT_FIELDS);
    // Spec 7: page defaults to 1, pageSize to 25.
    const defaults = (await ok('POST', '/api/catalog/search', { shipToState: 'CO', branchNumber: 101, catalog: 'lifts' })).json();
    expect(defaults).toMatchObject({ page: 1, pageSize: 25 });
  });

  it('GET /api/catalog/product/{sku}?shipToState&branchNumber&catalog answers the product', async () => {
    const product = (
      await ok('GET', `/api/catalog/product/${L.scheduledAvailability}?shipToState=CO&branchNumber=101&catalog=lifts`)
    ).json();
    expectFields(product, PRODUCT_FIELDS);
    expect(product.sku).toBe(L.scheduledAvailability);
    expectFields(product.scheduledAvailability[0], ['availableQuantity', 'date']);
  });

  it('POST /api/catalog/products { skuList, shipToState, branchNumber, catalog } answers the list of products', async () => {
    const list = (
      await ok('POST', '/api/catalog/products', {
        skuList: [L.smallParcel, L.residential],
        shipToState: 'CO',
        branchNumber: 101,
        catalog: 'lifts',
      })
    ).json() as Product[];
    expect(list.map((p) => p.sku)).toEqual([L.smallParcel, L.residential]);
    for (const product of list) expectFields(product, PRODUCT_FIELDS);
  });

  it('GET /api/catalog/export?companyNumber=1&branchNumber&catalog answers CSV text', async () => {
    const response = await ok('GET', '/api/catalog/export?companyNumber=1&branchNumber=101&catalog=lifts');
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.body.split('\r\n')[0]).toContain('sku,brand');
  });
});

describe('order calls', () => {
  it('POST /api/orders/open { branchNumber } answers the list of orders', async () => {
    const list = (await ok('POST', '/api/orders/open', { branchNumber: 101 })).json();
    expect(list.length).toBeGreaterThan(0);
    expectFields(list[0], ORDER_SUMMARY_FIELDS);
    expectFields(list[0].shipToAddress, ADDRESS_FIELDS);
  });

  it('POST /api/orders/recent { timeFrame, updateType, page, timeZone, branchNumber } answers orders, startTime, endTime', async () => {
    const answer = (
      await ok('POST', '/api/orders/recent', {
        timeFrame: 7,
        updateType: 'shipped',
        page: 1,
        timeZone: 'America/Denver',
        branchNumber: 101,
      })
    ).json();
    expectFields(answer, ['orders', 'startTime', 'endTime']);
    expect(answer.orders.length).toBeGreaterThan(0);
    expectFields(answer.orders[0], ORDER_SUMMARY_FIELDS);
  });

  it('GET /api/orders/detail/{id} answers the order detail', async () => {
    const detail = (await ok('GET', `/api/orders/detail/${FEATURED_ORDERS.shippedTwoShipments}`)).json();
    expectFields(detail, [
      'documentNumber',
      'purchaseOrderNumber',
      'statusCode',
      'statusDates.entered',
      'billToAddress',
      'shipToAddress',
      'lines',
      'charges.notice',
      'charges.forklift',
      'charges.liftgate',
      'charges.residential',
      'charges.deliveryAccessSurcharge',
      'charges.limitedAccess',
      'charges.dockHold',
      'charges.other',
      'totals.taxAmount',
      'totals.orderAmount',
      'shipments',
    ]);
    expectFields(detail.billToAddress, ADDRESS_FIELDS);
    expectFields(detail.lines[0], ['lineNumber', 'vendorProduct', 'description', 'quantityOrdered', 'quantityShipped', 'price', 'isLabor']);
    const [shipment] = detail.shipments;
    expectFields(shipment, ['shipmentNumber', 'statusCode', 'expectedShipDate', 'shippedDate', 'scac', 'scacLabel', 'packages', 'lines']);
    expect(shipment.shipmentNumber).toBe(0);
    expectFields(shipment.packages[0], ['trackingNumber', 'trackingUrl']);
    expectFields(shipment.lines[0], ['lineNumber', 'vendorProduct', 'description', 'quantityShipped']);
  });

  it('POST /api/orders/search with the order search request answers page, pageSize, totalResults, results', async () => {
    const request = {
      page: 1,
      pageSize: 10,
      branchNumber: 101,
      timeFrame: '2years',
      orderReference: '',
      email: '',
      phone: '',
      status: 'shipped',
      name: '',
      address: '',
      city: '',
      state: '',
      postalCode: '',
    };
    const answer = (await ok('POST', '/api/orders/search', request)).json();
    expectFields(answer, ['page', 'pageSize', 'totalResults', 'results']);
    expect(answer).toMatchObject({ page: 1, pageSize: 10 });
    expect(answer.results.length).toBeGreaterThan(0);
    expectFields(answer.results[0], ORDER_SUMMARY_FIELDS);
    // Spec 3: the rows' ship-to address carries email and phone.
    expectFields(answer.results[0].shipToAddress, ['email', 'phone']);

    // A client that sends null for the criteria it leaves empty is answered the same.
    const withNulls = {
      ...request,
      orderReference: null,
      email: null,
      phone: null,
      name: null,
      address: null,
      city: null,
      state: null,
      postalCode: null,
    };
    expect((await ok('POST', '/api/orders/search', withNulls)).json()).toEqual(answer);
  });
});

describe('badge scan', () => {
  it("POST /api/event/badgescan { badge, allowMarketing } takes the spec's badge details (snake_case) as well as the QR text", async () => {
    const badge = {
      first_name: 'Pat',
      last_name: 'Nguyen',
      company: 'Nguyen Auto Works',
      job_title: 'Owner',
      email: 'pat@nguyenauto.example.com',
      phone: '5125550100',
      address1: '12 Main St',
      address2: '',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'United States',
    };
    const answer = (await ok('POST', '/api/event/badgescan', { badge, allowMarketing: true })).json();
    expect(answer).toMatchObject({ firstName: 'Pat', lastName: 'Nguyen', jobTitle: 'Owner', zip: '78701', country: 'US' });
    expect((await ok('POST', '/api/event/badgescan', { badge: 'SEMA-1001', allowMarketing: false })).json()).toHaveProperty('lastName');

    // Bad input still answers the contract's error body.
    const bad = await call('POST', '/api/event/badgescan', { badge: { note: 'no name here' }, allowMarketing: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ messages: [{ field: 'badge', message: 'The QR code is not a badge.' }] });
  });
});

describe('password reset and activation (secure challenge)', () => {
  it('POST /api/secure-challenge { email }, /verify { email, challenge } answers the token, /complete { email, password, challenge }', async () => {
    await ok('POST', '/api/secure-challenge', { email: NEW_HIRE }, '');
    await deliverDueMail(t.db, createMailTransport(t.db, testConfig()));
    const mails = (await ok('GET', `/api/dev/mailbox?to=${encodeURIComponent(NEW_HIRE)}`, undefined, '')).json() as { text: string }[];
    const code = /code is ([A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mails[0]?.text ?? '')?.[1];
    expect(code).toBeTruthy();

    const verified = (await ok('POST', '/api/secure-challenge/verify', { email: NEW_HIRE, challenge: code }, '')).json();
    expect(verified.challenge).toBeTruthy();
    await ok(
      'POST',
      '/api/secure-challenge/complete',
      { email: NEW_HIRE, password: 'Spec-Client-2026!', challenge: verified.challenge },
      '',
    );
    expect((await t.login(NEW_HIRE, 'Spec-Client-2026!')).length).toBeGreaterThan(0);
  });
});

describe('user calls', () => {
  it('GET /api/users answers the list of users; GET /api/users/{id} the user', async () => {
    const list = (await ok('GET', '/api/users')).json() as ManagedUser[];
    expect(list.length).toBeGreaterThan(3);
    for (const user of list) expectFields(user, MANAGED_USER_FIELDS);
    const buyer = list.find((u) => u.email === BUYER)!;
    const one = (await ok('GET', `/api/users/${buyer.id}`)).json();
    expectFields(one, MANAGED_USER_FIELDS);
    expect(one.email).toBe(BUYER);
  });

  it('PUT /api/users/{id} takes the managed user body as GET answered it, changed', async () => {
    const buyer = ((await ok('GET', '/api/users')).json() as ManagedUser[]).find((u) => u.email === BUYER)!;
    const body = { ...buyer, firstName: 'Robin', phone: '(303) 555-0111', limitOrderHistory: false };
    const answer = await ok('PUT', `/api/users/${buyer.id}`, body);
    expect(answer.body).not.toBe('');
    expect((await ok('GET', `/api/users/${buyer.id}`)).json()).toMatchObject({ firstName: 'Robin', limitOrderHistory: false });
  });

  it('PUT /api/users/{id}?type=profile takes the session user with firstName, lastName, phone and subscriptions changed', async () => {
    const session = (await ok('GET', '/api/users/session/refresh')).json() as Session;
    const body = {
      ...session.user,
      firstName: 'Dana',
      lastName: 'Whitfield-Ross',
      phone: '(303) 555-0142',
      subscriptions: { confirmation: 'owned', shipping: 'company', invoice: '' },
    };
    const answer = await ok('PUT', `/api/users/${session.user.id}?type=profile`, body);
    expect(answer.body).not.toBe('');
    // Spec 7 notes: afterwards the session is refreshed.
    const refreshed = (await ok('GET', '/api/users/session/refresh')).json() as Session;
    expect(refreshed.user).toMatchObject({
      lastName: 'Whitfield-Ross',
      subscriptions: { confirmation: 'owned', shipping: 'company', invoice: '' },
    });
  });

  it('PUT /api/users (invite) takes a managed user body without id', async () => {
    const body = {
      id: null,
      organizationId: adminSession.organization.id,
      email: 'spec.invite@summitlift.example.com',
      firstName: 'Sam',
      lastName: 'Spec',
      phone: '(303) 555-0177',
      isActive: true,
      isVerified: false,
      restrictedPricing: false,
      limitOrderHistory: true,
      allowCashSales: false,
      subscriptions: { confirmation: 'owned', shipping: '', invoice: '' },
      useOrganizationBranches: false,
      useOrganizationRoles: false,
      branches: [{ branchNumber: 101, name: 'Denver' }],
      roles: {
        accounting: false,
        catalog: true,
        catalogExport: false,
        checkout: true,
        manageUsers: false,
        orderHistory: true,
        storedPayments: false,
      },
      lastLoginTime: null,
    };
    const created = (await ok('PUT', '/api/users', body)).json();
    expectFields(created, MANAGED_USER_FIELDS);
    expect(created).toMatchObject({
      email: 'spec.invite@summitlift.example.com',
      isVerified: false,
      limitOrderHistory: true,
      subscriptions: { confirmation: 'owned', shipping: '', invoice: '' },
      branches: [{ branchNumber: 101, name: expect.any(String) }],
      roles: expect.objectContaining({ catalog: true, checkout: true, orderHistory: true, manageUsers: false }),
    });
  });
});

describe('checkout calls', () => {
  /** The spec's cart (spec 3 "Cart"), as a spec client holds it after its cart refresh (POST /api/catalog/products). */
  async function specCart(lines: { sku: string; quantity: number }[]) {
    const products = (
      await ok('POST', '/api/catalog/products', {
        skuList: lines.map((l) => l.sku),
        shipToState: 'CO',
        branchNumber: 101,
        catalog: 'lifts',
      })
    ).json() as Product[];
    const items = lines.map((line) => {
      const p = products.find((product) => product.sku === line.sku)!;
      const ship = p.shippingInformation;
      return {
        sku: p.sku,
        label: p.eCommerceInformation.label,
        brand: p.brand,
        description: p.eCommerceInformation.shortDescription,
        thumbnail: p.eCommerceInformation.images[0] ?? '',
        quantity: line.quantity,
        price: p.price,
        priceOverride: null,
        originalPrice: p.price,
        requiresLiftGate: ship.requiresLiftGate,
        requiresForkLift: ship.requiresForkLift,
        requiresResidential: ship.requiresResidential,
        requiresGeoWarehouse: ship.requiresGeoWarehouse,
        requiresFlatbed: ship.requiresFlatbed,
        isSmallParcel: ship.isSmallParcel,
      };
    });
    const itemsSubTotal = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
    return {
      branchNumber: 101,
      email: ADMIN,
      catalog: 'lifts',
      items,
      // The client's own view of the charges; the server reads only `declined`. The amounts are
      // deliberately off: the server uses the organization's fees.
      charges: {
        notice: { required: true, declined: true, amount: 1 },
        residential: { required: true, declined: true, amount: 1 },
        forklift: { required: true, declined: false, amount: 1 },
        liftgate: { required: false, declined: false, amount: 0 },
        flatbed: { required: false, declined: false, amount: 0 },
      },
      purchaseOrderNumber: 'PO-SPEC-1',
      reference: 'Spec client',
      taxCertificateNumber: '',
      notes: '',
      shippingInstructions: 'Dock door 4',
      shipvia: null,
      checkoutId: null,
      itemsSubTotal,
      chargesSubTotal: 3,
      taxes: 0,
      taxesVerified: false,
      discount: 0,
      grandTotal: itemsSubTotal + 3,
    };
  }

  // The checkout tests' Denver address, with the spec's nullable street2 sent as null.
  const shipToAddress = { ...DENVER, street2: null };

  /** POST /api/checkout/calculate-taxes with the spec's fields, for the checkout just created from `cart`. */
  const specTaxes = async (cart: object, created: { paymentIntentId: string; confirmationNumber: string }) =>
    (
      await ok('POST', '/api/checkout/calculate-taxes', {
        paymentIntentId: created.paymentIntentId,
        isPickup: false,
        warehouseId: null,
        shipToAddress,
        cart: { ...cart, checkoutId: created.confirmationNumber },
        taxCertificateNumber: '',
      })
    ).json();

  const LINES = [
    { sku: L.forkLiftNoFlatbed, quantity: 1 },
    { sku: L.residential, quantity: 2 },
  ];

  it("POST /api/checkout takes the spec's cart without ship-to address; the server re-prices it and applies the charge rules", async () => {
    const cart = await specCart(LINES);
    const created = (await ok('POST', '/api/checkout', cart)).json();
    expectFields(created, ['confirmationNumber', 'paymentIntentId', 'paymentIntentSecret']);

    const record = (await ok('GET', `/api/checkout/${created.confirmationNumber}`)).json() as CheckoutRecord;
    const fees = adminSession.organization.fees;
    // The dealer's declines came from `charges`; the amounts are the organization's fees.
    expect(record.cart.charges).toMatchObject({
      notice: { required: true, declined: true, amount: fees.notice },
      residential: { required: true, declined: true, amount: fees.residential },
      forklift: { required: true, declined: false, amount: fees.forklift },
      flatbed: { required: false, declined: false, amount: 0 },
    });
    expect(record.cart.chargesSubTotal).toBe(fees.forklift);
    expect(record.cart.itemsSubTotal).toBeCloseTo(cart.itemsSubTotal, 2);
    expect(record.cart).toMatchObject({ purchaseOrderNumber: 'PO-SPEC-1', reference: 'Spec client', shippingInstructions: 'Dock door 4' });
  });

  it("POST /api/checkout answers code 8000 for the spec cart when a price differs, and 400 in the contract's body without charges", async () => {
    const cart = await specCart(LINES);
    const changed = { ...cart, items: cart.items.map((item, i) => (i === 0 ? { ...item, price: item.price + 1 } : item)) };
    const conflict = await call('POST', '/api/checkout', changed);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().code).toBe(8000);

    const { charges: _charges, ...withoutCharges } = cart;
    const bad = await call('POST', '/api/checkout', withoutCharges);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ messages: [{ field: 'charges', message: "The cart's charges are required." }] });
  });

  it("GET /api/checkout/{confirmationNumber} answers the checkout record with the spec's cart", async () => {
    const created = (await ok('POST', '/api/checkout', await specCart(LINES))).json();
    const record = (await ok('GET', `/api/checkout/${created.confirmationNumber}`)).json();
    expectFields(record, ['confirmationNumber', 'paymentIntentId', 'paymentIntentSecret', 'cart', 'onAccount']);
    expectFields(record.cart, CART_FIELDS);
    for (const kind of CHARGE_KINDS) expectFields(record.cart.charges[kind], ['required', 'declined', 'amount']);
    for (const item of record.cart.items) expectFields(item, CART_ITEM_FIELDS);
  });

  it("PUT /api/checkout, POST /api/checkout/calculate-taxes, GET /api/checkout/{n}/complete with the spec's fields", async () => {
    const cart = await specCart(LINES);
    const created = (await ok('POST', '/api/checkout', cart)).json();

    const taxes = await specTaxes(cart, created);
    expectFields(taxes, ['taxes', 'grandTotal']);
    expect(taxes.taxes).toBeGreaterThan(0);

    const updated = await ok('PUT', '/api/checkout', {
      confirmationNumber: created.confirmationNumber,
      shipToAddress,
      purchaseOrderNumber: 'PO-SPEC-2',
      reference: 'Spec client',
      notes: 'Call before delivery',
      shippingInstructions: 'Dock door 4',
      onAccount: true,
      cashOrder: false,
      takenBy: adminSession.organization.takenBys[0]!.id,
      taxCertificateNumber: '',
      subscribedMarketing: true,
    });
    // Spec 7: any non-empty answer means success.
    expect(updated.body).not.toBe('');

    const completed = await ok('GET', `/api/checkout/${created.confirmationNumber}/complete`);
    expect(completed.json()).toBeTruthy();
    const record = (await ok('GET', `/api/checkout/${created.confirmationNumber}`)).json() as CheckoutRecord;
    expect(record).toMatchObject({ onAccount: true, status: 'completed' });
    expect(record.cart).toMatchObject({ purchaseOrderNumber: 'PO-SPEC-2', shipToAddress: { ...shipToAddress, street2: '' } });
  });

  it('DELETE /api/checkout/{confirmationNumber} cancels the checkout', async () => {
    const created = (await ok('POST', '/api/checkout', await specCart([{ sku: L.smallParcel, quantity: 1 }]))).json();
    const answer = await ok('DELETE', `/api/checkout/${created.confirmationNumber}`);
    expect(answer.body).not.toBe('');
    expect((await ok('GET', `/api/checkout/${created.confirmationNumber}`)).json().status).toBe('cancelled');
  });

  it('POST /api/checkout/terminal/process, /status, /cancel { readerId, receiptEmail, paymentIntentId } answer status and errorMessage', async () => {
    const created = (await ok('POST', '/api/checkout', await specCart([{ sku: L.smallParcel, quantity: 1 }]))).json();
    await ok('PUT', '/api/checkout', {
      confirmationNumber: created.confirmationNumber,
      shipToAddress,
      purchaseOrderNumber: '',
      reference: '',
      notes: '',
      shippingInstructions: '',
      onAccount: false,
      cashOrder: false,
      takenBy: '',
      taxCertificateNumber: '',
      subscribedMarketing: false,
    });
    const reader = adminSession.organization.terminals[0]!.id;
    const body = { readerId: reader, receiptEmail: shipToAddress.email, paymentIntentId: created.paymentIntentId };
    for (const action of ['process', 'status', 'cancel'] as const) {
      const answer = (await ok('POST', `/api/checkout/terminal/${action}`, body)).json();
      expectFields(answer, ['status', 'errorMessage']);
      expect(TERMINAL_STATUSES).toContain(answer.status);
    }
  });

  it("calculate-taxes finds a checkout without payment intent by the spec cart's checkoutId", async () => {
    const org = adminSession.organization.id;
    await t.db.update(organizations).set({ allowCardPayments: false, allowTerminals: false }).where(eq(organizations.id, org));
    try {
      const cart = await specCart([{ sku: L.smallParcel, quantity: 1 }]);
      const created = (await ok('POST', '/api/checkout', cart)).json();
      expect(created.paymentIntentId).toBe('');
      const taxes = await specTaxes(cart, created);
      expectFields(taxes, ['taxes', 'grandTotal']);
    } finally {
      await t.db.update(organizations).set({ allowCardPayments: true, allowTerminals: true }).where(eq(organizations.id, org));
    }
  });
});

/**
 * Helpers of the checkout API tests (never used by the app): the demo users, a cart priced the way
 * the web client prices it, and calls of the checkout API as the page makes them.
 */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type {
  ChargeChoices,
  CheckoutRecord,
  CreateCheckoutResponse,
  PricedCart,
  ShipToAddress,
  UpdateCheckoutRequest,
} from '@portal/domain';
import { mailOutbox } from '../mail/index.js';
import { orderLines, orders } from '../orders/index.js';
import { FEATURED_SKUS, FEATURED_SHIP_TO } from '../../seed/featured.js';
import type { TestApp } from '../../test-support/test-app.js';

export const USERS = {
  admin: 'admin@summitlift.example.com',
  buyer: 'buyer@summitlift.example.com',
  viewer: 'viewer@summitlift.example.com',
  owner: 'owner@valleygarage.example.com',
  manager: 'manager@coastalauto.example.com',
} as const;
export type DemoUser = keyof typeof USERS;

/** The branch each demo user orders for. */
export const BRANCH: Record<DemoUser, number> = { admin: 101, buyer: 101, viewer: 101, owner: 201, manager: 301 };

export const L = FEATURED_SKUS.lifts;
export const ACCEPT_ALL: ChargeChoices = { notice: false, residential: false, forklift: false, liftgate: false };

export const DENVER: ShipToAddress = FEATURED_SHIP_TO;

export const FRESNO: ShipToAddress = {
  ...DENVER,
  name: 'Valley Auto Body',
  street1: '2400 Tulare St',
  city: 'Fresno',
  state: 'CA',
  postalCode: '93721',
};

export type Line = { sku: string; quantity: number; priceOverride?: number | null };

export type CheckoutClient = ReturnType<typeof checkoutClient>;

export function checkoutClient(t: TestApp, tokens: Partial<Record<DemoUser, string>>) {
  const token = (user: DemoUser) => {
    const value = tokens[user];
    if (!value) throw new Error(`${user} is not signed in`);
    return value;
  };
  const call = (user: DemoUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.request({ method, url, token: token(user), ...(payload ? { payload } : {}) });

  /** The cart as the web client shows it: prices from the server's cart pricing. */
  async function pricedCart(user: DemoUser, lines: Line[], options: { shipToState?: string; choices?: ChargeChoices } = {}) {
    const response = await call(user, 'POST', '/api/cart/price', {
      catalog: 'lifts',
      branchNumber: BRANCH[user],
      shipToState: options.shipToState ?? 'CO',
      items: lines,
      choices: options.choices ?? ACCEPT_ALL,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PricedCart;
  }

  async function createBody(user: DemoUser, lines: Line[], options: { shipToState?: string; choices?: ChargeChoices } = {}) {
    const priced = await pricedCart(user, lines, options);
    return {
      catalog: 'lifts',
      branchNumber: BRANCH[user],
      shipToState: options.shipToState ?? 'CO',
      email: USERS[user],
      items: priced.items.map((item) => ({ sku: item.sku, quantity: item.quantity, price: item.price, priceOverride: item.priceOverride })),
      choices: options.choices ?? ACCEPT_ALL,
      grandTotal: priced.grandTotal,
    };
  }

  return {
    call,
    pricedCart,
    createBody,
    async create(
      user: DemoUser,
      lines: Line[] = [{ sku: L.smallParcel, quantity: 2 }],
      options: { shipToState?: string; choices?: ChargeChoices } = {},
    ) {
      const response = await call(user, 'POST', '/api/checkout', await createBody(user, lines, options));
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as CreateCheckoutResponse;
    },
    async record(user: DemoUser, confirmationNumber: string) {
      const response = await call(user, 'GET', `/api/checkout/${confirmationNumber}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as CheckoutRecord;
    },
    update(user: DemoUser, confirmationNumber: string, details: Partial<UpdateCheckoutRequest> = {}) {
      return call(user, 'PUT', '/api/checkout', {
        confirmationNumber,
        shipToAddress: DENVER,
        purchaseOrderNumber: 'PO-7001',
        reference: 'Bay 3',
        notes: 'Call before delivery',
        shippingInstructions: 'Dock door 2',
        onAccount: false,
        cashOrder: false,
        takenBy: '',
        taxCertificateNumber: '',
        subscribedMarketing: false,
        ...details,
      });
    },
    complete(user: DemoUser, confirmationNumber: string) {
      return call(user, 'GET', `/api/checkout/${confirmationNumber}/complete`);
    },
    remove(user: DemoUser, confirmationNumber: string) {
      return call(user, 'DELETE', `/api/checkout/${confirmationNumber}`);
    },
    confirmCard(user: DemoUser, checkout: CreateCheckoutResponse, cardNumber: string) {
      return call(user, 'POST', `/api/simulated-gateway/payment-intents/${checkout.paymentIntentId}/confirm`, {
        clientSecret: checkout.paymentIntentSecret,
        cardNumber,
        expiry: '12 / 34',
        cvc: '123',
        postalCode: '80202',
      });
    },
    terminal(user: DemoUser, action: 'process' | 'status' | 'cancel', checkout: CreateCheckoutResponse, readerId = 'tmr_front_counter') {
      return call(user, 'POST', `/api/checkout/terminal/${action}`, {
        readerId,
        receiptEmail: DENVER.email,
        paymentIntentId: checkout.paymentIntentId,
      });
    },
    driveReader(user: DemoUser, readerId: string, status: string, message?: string) {
      return call(user, 'POST', `/api/dev/terminals/${readerId}/next`, { status, ...(message ? { message } : {}) });
    },
  };
}

/** The orders made from a confirmation number (exactly-once checks). */
export async function ordersOf(t: TestApp, confirmationNumber: string) {
  return t.db.select().from(orders).where(eq(orders.confirmationNumber, confirmationNumber));
}

export async function linesOf(t: TestApp, orderId: number) {
  return t.db.select().from(orderLines).where(eq(orderLines.orderId, orderId));
}

/** Confirmation mails queued for an order, by recipient. */
export async function confirmationMailsOf(t: TestApp, documentNumber: number) {
  const rows = await t.db.select({ to: mailOutbox.toAddress, key: mailOutbox.dedupeKey }).from(mailOutbox);
  return rows.filter((row) => row.key.startsWith(`order-confirmation:${documentNumber}:`)).map((row) => row.to);
}

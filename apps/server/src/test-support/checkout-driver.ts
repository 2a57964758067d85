/**
 * Drives a running portal server over HTTP as the web app does: the demo buyer's sign-in and a
 * checkout paid with the simulated gateway's test card, ready to complete. Shared by the crash
 * cycles (security/checkout-crash-cycles.ts) and the soak's buying clients (soak/soak-cli.ts), so
 * both walk the same steps with the same requests.
 */
import { FEATURED_SHIP_TO } from '../seed/featured.js';

/** The seeded buyer both runs sign in as (demo data: Summit Lift's administrator). */
export const DEMO_BUYER = { email: 'admin@summitlift.example.com', password: 'Demo-Portal-2026!' };

/** The double-submit token pair the server checks on every call that changes something. */
const XSRF = 'checkout-driver-xsrf';

export type PortalRequest = { method: string; url: string; body?: unknown; token?: string };

/** One call to the server at `port` with the browser's XSRF cookie and header and the bearer token. */
export async function portalFetch(port: number, request: PortalRequest): Promise<{ status: number; text: string }> {
  const { method, url, body, token } = request;
  const response = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      cookie: `XSRF-TOKEN=${XSRF}`,
      'x-xsrf-token': XSRF,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, text: await response.text() };
}

/** The steps of a paid checkout, named as the soak reports their timings. */
export type CheckoutStep = 'cart-price' | 'checkout-create' | 'checkout-update' | 'card-confirm';

/**
 * How a run makes one step's call: it answers the JSON body of a 2xx answer and throws otherwise
 * (the soak also times it).
 */
export type StepCall = (step: CheckoutStep, method: string, url: string, body: unknown) => Promise<Record<string, unknown>>;

/** Branch 101 of the demo buyer, the lifts catalog, a Colorado ship-to; no optional charge taken. */
const ORDER_CONTEXT = { catalog: 'lifts', branchNumber: 101, shipToState: 'CO' } as const;
const NO_CHARGES = { notice: false, residential: false, forklift: false, liftgate: false };

type PricedCart = { items: { sku: string; quantity: number; price: number; priceOverride: number | null }[]; grandTotal: number };
type CreatedCheckout = { confirmationNumber: string; paymentIntentId: string; paymentIntentSecret: string };

/**
 * Prices the items, opens a checkout, sends the shipping details and pays with the test card:
 * what remains is `GET /api/checkout/{confirmationNumber}/complete`. Answers the payment's status
 * ('succeeded' when the test card was taken) and leaves judging it to the run.
 */
export async function payCheckout(
  call: StepCall,
  order: { items: { sku: string; quantity: number }[]; purchaseOrderNumber: string },
): Promise<{ confirmationNumber: string; paymentStatus: string }> {
  const priced = (await call('cart-price', 'POST', '/api/cart/price', {
    ...ORDER_CONTEXT,
    items: order.items,
    choices: NO_CHARGES,
  })) as PricedCart;
  const created = (await call('checkout-create', 'POST', '/api/checkout', {
    ...ORDER_CONTEXT,
    email: DEMO_BUYER.email,
    items: priced.items.map((i) => ({ sku: i.sku, quantity: i.quantity, price: i.price, priceOverride: i.priceOverride })),
    choices: NO_CHARGES,
    grandTotal: priced.grandTotal,
  })) as CreatedCheckout;
  await call('checkout-update', 'PUT', '/api/checkout', {
    confirmationNumber: created.confirmationNumber,
    shipToAddress: FEATURED_SHIP_TO,
    purchaseOrderNumber: order.purchaseOrderNumber,
  });
  const payment = await call('card-confirm', 'POST', `/api/simulated-gateway/payment-intents/${created.paymentIntentId}/confirm`, {
    clientSecret: created.paymentIntentSecret,
    cardNumber: '4242424242424242',
    expiry: '12 / 34',
    cvc: '123',
    postalCode: '80202',
  });
  return { confirmationNumber: created.confirmationNumber, paymentStatus: String(payment.status) };
}

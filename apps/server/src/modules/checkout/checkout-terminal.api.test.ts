/**
 * The card-reader flow with the simulated readers (spec 4 "Terminal flow", spec 8 terminal
 * messages): every terminal status, driven through `POST /api/dev/terminals/{readerId}/next`,
 * and completion by the status poll.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMINAL_MESSAGES } from '@portal/domain/rules';
import type { CreateCheckoutResponse } from '@portal/domain';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { SIMULATED_READER_DELAY_MS } from '../../payments/simulated-gateway.js';
import { checkoutClient, confirmationMailsOf, ordersOf, USERS, type CheckoutClient, type DemoUser } from './checkout-test-support.js';

let t: TestApp;
let c: CheckoutClient;
const tokens: Partial<Record<DemoUser, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['admin', 'buyer', 'owner'] as const) tokens[user] = await t.login(USERS[user]);
  c = checkoutClient(t, tokens);
});
afterAll(() => t.close());

const FRONT = 'tmr_front_counter';
const SHOW = 'tmr_show_floor';

/** A checkout ready for the reader: created, details submitted, not on account. */
async function readyCheckout(user: DemoUser = 'admin'): Promise<CreateCheckoutResponse> {
  const created = await c.create(user);
  const response = await c.update(user, created.confirmationNumber, { onAccount: false });
  expect(response.statusCode, response.body).toBe(200);
  return created;
}

const process = async (checkout: CreateCheckoutResponse, reader = FRONT) => (await c.terminal('admin', 'process', checkout, reader)).json();
const status = async (checkout: CreateCheckoutResponse, reader = FRONT) => (await c.terminal('admin', 'status', checkout, reader)).json();
const drive = async (reader: string, next: string, message?: string) => {
  const response = await c.driveReader('admin', reader, next, message);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('terminal statuses', () => {
  it('pending while the customer is at the reader, completed when driven: the poll completes the checkout', async () => {
    const checkout = await readyCheckout();
    expect(await process(checkout)).toEqual({ status: 'pending', message: '', errorMessage: '' });
    expect((await status(checkout)).status).toBe('pending');
    await drive(FRONT, 'completed');
    expect(await status(checkout)).toEqual({ status: 'completed', message: '', errorMessage: '' });
    const [order] = await ordersOf(t, checkout.confirmationNumber);
    expect(order).toMatchObject({ onAccount: false, cashOrder: false, statusCode: 10 });
    expect(await confirmationMailsOf(t, Number(order!.documentNumber))).toEqual([USERS.admin]);
    // Polling again, or the browser completing after the poll, answers the same order.
    expect((await status(checkout)).status).toBe('completed');
    expect((await c.complete('admin', checkout.confirmationNumber)).json().documentNumber).toBe(Number(order!.documentNumber));
    expect(await ordersOf(t, checkout.confirmationNumber)).toHaveLength(1);
  });

  it('completes by itself after a few seconds when nobody drives the reader', async () => {
    const checkout = await readyCheckout();
    expect((await process(checkout, SHOW)).status).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, SIMULATED_READER_DELAY_MS + 300));
    expect((await status(checkout, SHOW)).status).toBe('completed');
    expect(await ordersOf(t, checkout.confirmationNumber)).toHaveLength(1);
  });

  it('busy: the next send answers busy with the spec message; a reader at another checkout is busy too', async () => {
    const checkout = await readyCheckout();
    await drive(FRONT, 'busy');
    expect(await process(checkout)).toEqual({ status: 'busy', message: '', errorMessage: TERMINAL_MESSAGES.busy });
    // The busy state was used up: the next send goes through.
    expect((await process(checkout)).status).toBe('pending');
    const other = await readyCheckout();
    expect((await process(other)).status).toBe('busy');
    await drive(FRONT, 'completed');
    expect((await status(checkout)).status).toBe('completed');
    expect((await process(other)).status).toBe('pending');
    await c.terminal('admin', 'cancel', other);
  });

  it('offline', async () => {
    const checkout = await readyCheckout();
    await drive(FRONT, 'offline');
    expect(await process(checkout)).toEqual({ status: 'offline', message: '', errorMessage: TERMINAL_MESSAGES.offline });
  });

  it('error, with the reader message or the default', async () => {
    const checkout = await readyCheckout();
    await drive(FRONT, 'error', 'Reader rebooted');
    expect(await process(checkout)).toEqual({
      status: 'error',
      message: 'Reader rebooted',
      errorMessage: 'The terminal card reader returned an error: Reader rebooted',
    });
    expect((await process(checkout)).status).toBe('pending');
    await drive(FRONT, 'error');
    expect((await status(checkout)).errorMessage).toBe(
      'The terminal card reader returned an error: An error occurred while sending the checkout to the terminal.',
    );
  });

  it('failed, with the message', async () => {
    const checkout = await readyCheckout();
    await process(checkout);
    await drive(FRONT, 'failed', 'Card declined');
    expect(await status(checkout)).toEqual({
      status: 'failed',
      message: 'Card declined',
      errorMessage: 'The transaction failed to process with message: Card declined',
    });
    expect(await ordersOf(t, checkout.confirmationNumber)).toHaveLength(0);
    expect((await c.complete('admin', checkout.confirmationNumber)).statusCode).toBe(409);
  });

  it('cancelled by the customer', async () => {
    const checkout = await readyCheckout();
    await process(checkout);
    await drive(FRONT, 'cancelled');
    expect(await status(checkout)).toEqual({ status: 'cancelled', message: '', errorMessage: TERMINAL_MESSAGES.cancelled });
  });

  it('open and pending hold the checkout until driven again', async () => {
    const checkout = await readyCheckout();
    await drive(FRONT, 'open');
    expect((await process(checkout)).status).toBe('open');
    await new Promise((resolve) => setTimeout(resolve, SIMULATED_READER_DELAY_MS + 300));
    expect((await status(checkout)).status).toBe('open');
    await drive(FRONT, 'pending');
    expect((await status(checkout)).status).toBe('pending');
    await drive(FRONT, 'completed');
    expect((await status(checkout)).status).toBe('completed');
  });

  it('the reset cancels the checkout on the reader', async () => {
    const checkout = await readyCheckout();
    await process(checkout);
    expect((await c.terminal('admin', 'cancel', checkout)).json()).toMatchObject({ status: 'cancelled' });
    expect((await status(checkout)).status).toBe('cancelled');
    // It can be sent again.
    expect((await process(checkout)).status).toBe('pending');
    await drive(FRONT, 'completed');
    expect((await status(checkout)).status).toBe('completed');
  });
});

describe('terminal refusals', () => {
  it('needs the organization flag, a reader of the organization, the own checkout and its submitted details', async () => {
    const valley = await c.create('owner');
    expect((await c.terminal('owner', 'process', valley)).statusCode).toBe(403);
    expect((await c.driveReader('owner', FRONT, 'busy')).statusCode).toBe(403);

    const checkout = await readyCheckout();
    expect((await c.terminal('admin', 'process', checkout, 'tmr_unknown')).statusCode).toBe(404);
    expect((await c.driveReader('admin', 'tmr_unknown', 'busy')).statusCode).toBe(404);
    expect((await c.terminal('buyer', 'process', checkout)).statusCode).toBe(404);

    const notReady = await c.create('admin');
    const response = await c.terminal('admin', 'process', notReady);
    expect(response.statusCode).toBe(409);
    const bad = await c.driveReader('admin', FRONT, 'exploded');
    expect(bad.statusCode).toBe(400);
  });
});

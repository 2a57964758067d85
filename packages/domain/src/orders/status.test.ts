import { describe, expect, it } from 'vitest';
import {
  expectedShipDateShown,
  isOpenOrderStatus,
  NON_PENDING_CODES,
  orderProgressSteps,
  orderStatusGroup,
  orderStatusLabel,
  orderStatusStyle,
  recentListShipDate,
  STATUS_GROUP_CODES,
  type ProgressStep,
} from './status.js';

describe('orderStatusLabel (spec 4)', () => {
  it.each([
    [-10, 'Cancelled'],
    [25, 'Backordered'],
    [30, 'Processing'],
    [40, 'Processing'],
    [50, 'Processing'],
    [55, 'Partially Shipped'],
    [59, 'Partially Shipped'],
    [60, 'Shipped'],
    [70, 'Invoiced'],
    [80, 'Invoiced'],
    [90, 'Invoiced'],
    [100, 'Invoiced'],
  ])('code %i is %s', (code, label) => {
    expect(orderStatusLabel(code)).toBe(label);
  });

  // "any other value (including below 20) Pending": values between the listed codes too.
  it.each([-20, -11, -9, -1, 0, 1, 10, 15, 19, 20, 24, 26, 29, 31, 35, 45, 49, 51, 54, 56, 58, 61, 65, 69, 71, 75, 85, 95, 99, 101, 110])(
    'code %i is Pending',
    (code) => {
      expect(orderStatusLabel(code)).toBe('Pending');
    },
  );
});

describe('orderStatusGroup (search status options)', () => {
  it.each([
    [-10, 'cancelled'],
    [0, 'pending'],
    [10, 'pending'],
    [20, 'pending'],
    [25, 'backordered'],
    [30, 'processing'],
    [50, 'processing'],
    [55, 'shipped'],
    [59, 'shipped'],
    [60, 'shipped'],
    [70, 'invoiced'],
    [100, 'invoiced'],
    [65, 'pending'],
  ])('code %i is in group %s', (code, group) => {
    expect(orderStatusGroup(code)).toBe(group);
  });
});

describe('the search groups come from the one table of codes', () => {
  it("lists each group's codes as spec 4 and 5 name them", () => {
    expect(STATUS_GROUP_CODES).toEqual({
      processing: [30, 40, 50],
      shipped: [55, 59, 60],
      backordered: [25],
      invoiced: [70, 80, 90, 100],
      cancelled: [-10],
    });
    expect([...NON_PENDING_CODES].sort((a, b) => a - b)).toEqual([-10, 25, 30, 40, 50, 55, 59, 60, 70, 80, 90, 100]);
  });

  it('finds every named code in the group its label belongs to', () => {
    for (const [group, codes] of Object.entries(STATUS_GROUP_CODES)) {
      for (const code of codes) expect(orderStatusGroup(code)).toBe(group);
    }
  });
});

describe('list dates', () => {
  it.each([
    [-10, false],
    [0, true],
    [10, true],
    [25, true],
    [55, true],
    [59, true],
    [60, false],
    [70, false],
  ])('code %i open: %s', (code, open) => {
    expect(isOpenOrderStatus(code)).toBe(open);
  });

  it.each([
    [10, null],
    [19, null],
    [20, '2026-12-01'],
    [25, '2026-12-01'],
    [60, '2026-12-01'],
  ])('open and search lists show the expected ship date of code %i: %s', (code, shown) => {
    expect(expectedShipDateShown({ statusCode: code, expectedShipDate: '2026-12-01' })).toBe(shown);
  });

  it.each([
    [10, null],
    [20, { kind: 'expected', date: '2026-12-01' }],
    [55, { kind: 'expected', date: '2026-12-01' }],
    [59, { kind: 'expected', date: '2026-12-01' }],
    [60, { kind: 'shipped', date: '2026-11-20T15:00:00.000Z' }],
    [100, { kind: 'shipped', date: '2026-11-20T15:00:00.000Z' }],
  ])('recent list shows for code %i: %o', (code, shown) => {
    expect(recentListShipDate({ statusCode: code, shippedDate: '2026-11-20T15:00:00.000Z', expectedShipDate: '2026-12-01' })).toEqual(
      shown,
    );
  });

  it('recent list falls back to the expected date when a shipped order has no ship date', () => {
    expect(recentListShipDate({ statusCode: 60, shippedDate: null, expectedShipDate: '2026-12-01' })).toEqual({
      kind: 'expected',
      date: '2026-12-01',
    });
  });
});

const input = (statusCode: number) => ({
  statusCode,
  enteredAt: '2026-11-01T10:00:00.000Z',
  expectedShipDate: '2026-11-30',
  firstShippedDate: '2026-11-20',
});

/** `label:lit:style[:date]` per step, compact enough to read as a table. */
const brief = (steps: ProgressStep[]) =>
  steps.map((s) => [s.label, s.lit ? 'lit' : 'outline', s.style, s.date ?? ''].join(':').replace(/:$/, ''));

const E = 'Pending:lit:normal:2026-11-01T10:00:00.000Z';

describe('orderProgressSteps (spec 4 "Order details progress")', () => {
  it.each([
    [0, [E, 'Processing:outline:normal', 'Shipped:outline:normal:2026-11-20', 'Invoiced:outline:normal']],
    [10, [E, 'Processing:outline:normal', 'Shipped:outline:normal:2026-11-20', 'Invoiced:outline:normal']],
    [19, [E, 'Processing:outline:normal', 'Shipped:outline:normal:2026-11-20', 'Invoiced:outline:normal']],
    [20, [E, 'Processing:lit:normal', 'Shipped:outline:normal:2026-11-20', 'Invoiced:outline:normal']],
    [25, [E, 'Backordered:lit:warning', 'Shipped:outline:normal:2026-11-20', 'Invoiced:outline:normal']],
    [29, [E, 'Processing:lit:normal', 'Shipped:outline:normal:2026-11-20', 'Invoiced:outline:normal']],
    [30, [E, 'Processing:lit:normal:2026-11-30', 'Shipped:outline:normal:2026-11-20', 'Invoiced:outline:normal']],
    [40, [E, 'Processing:lit:normal:2026-11-30', 'Shipped:outline:normal:2026-11-20', 'Invoiced:outline:normal']],
    [45, [E, 'Processing:lit:normal:2026-11-30', 'Shipped:outline:normal:2026-11-20', 'Invoiced:outline:normal']],
    [50, [E, 'Processing:lit:normal:2026-11-30', 'Shipped:outline:normal:2026-11-20', 'Invoiced:outline:normal']],
    [51, [E, 'Processing:lit:normal', 'Shipped:outline:normal:2026-11-20', 'Invoiced:outline:normal']],
    [55, [E, 'Processing:lit:normal', 'Partial Ship:lit:normal:2026-11-20', 'Invoiced:outline:normal']],
    [59, [E, 'Processing:lit:normal', 'Shipped:outline:normal:2026-11-20', 'Invoiced:outline:normal']],
    [60, [E, 'Processing:lit:normal', 'Shipped:lit:normal:2026-11-20', 'Invoiced:outline:normal']],
    [65, [E, 'Processing:lit:normal', 'Shipped:lit:normal:2026-11-20', 'Invoiced:outline:normal']],
    [70, [E, 'Processing:lit:normal', 'Shipped:lit:normal:2026-11-20', 'Invoiced:lit:normal']],
    [80, [E, 'Processing:lit:normal', 'Shipped:lit:normal:2026-11-20', 'Invoiced:lit:normal']],
    [90, [E, 'Processing:lit:normal', 'Shipped:lit:normal:2026-11-20', 'Invoiced:lit:normal']],
    [100, [E, 'Processing:lit:normal', 'Shipped:lit:normal:2026-11-20', 'Invoiced:lit:normal']],
    [
      -10,
      [
        'Pending:outline:error:2026-11-01T10:00:00.000Z',
        'Processing:outline:error',
        'Shipped:outline:error:2026-11-20',
        'Invoiced:outline:error',
        'Cancelled:lit:error',
      ],
    ],
    [
      -5,
      [
        'Pending:outline:normal:2026-11-01T10:00:00.000Z',
        'Processing:outline:normal',
        'Shipped:outline:normal:2026-11-20',
        'Invoiced:outline:normal',
      ],
    ],
  ])('code %i', (code, expected) => {
    expect(brief(orderProgressSteps(input(code)))).toEqual(expected);
  });

  it('shows no shipped date before the first shipment', () => {
    const steps = orderProgressSteps({ ...input(30), firstShippedDate: null });
    expect(steps.find((s) => s.key === 'shipped')?.date).toBeNull();
  });
});

describe('orderStatusStyle', () => {
  it('draws cancelled as an error, backordered as a warning, every other code as normal', () => {
    expect(orderStatusStyle(-10)).toBe('error');
    expect(orderStatusStyle(25)).toBe('warning');
    for (const code of [0, 10, 20, 30, 55, 60, 70, 100]) expect(orderStatusStyle(code)).toBe('normal');
  });
});

import { describe, expect, it } from 'vitest';
import {
  agingBucketOf,
  agingOf,
  availableCreditCents,
  balancesOf,
  creditExceededMessage,
  daysPastDue,
  exceedsCredit,
} from './account-rules.js';
import { invoiceImportRowSchema } from './account.js';

const AS_OF = '2026-11-27';

describe('aging by due date', () => {
  it('counts whole calendar days after the due date', () => {
    expect(daysPastDue('2026-11-27', AS_OF)).toBe(0);
    expect(daysPastDue('2026-11-26', AS_OF)).toBe(1);
    expect(daysPastDue('2026-12-01', AS_OF)).toBe(-4);
    expect(daysPastDue('2025-11-27', AS_OF)).toBe(365);
  });

  it('puts each invoice in its bucket, at the edges too', () => {
    const due = (late: number) => new Date(Date.parse(`${AS_OF}T00:00:00Z`) - late * 86_400_000).toISOString().slice(0, 10);
    const cases: [number, string][] = [
      [-10, 'current'],
      [0, 'current'],
      [1, 'days1to30'],
      [30, 'days1to30'],
      [31, 'days31to60'],
      [60, 'days31to60'],
      [61, 'days61to90'],
      [90, 'days61to90'],
      [91, 'over90'],
      [400, 'over90'],
    ];
    for (const [late, bucket] of cases) expect(agingBucketOf(due(late), AS_OF), `${late} days late`).toBe(bucket);
  });

  it('sums open balances only; balance and past due follow', () => {
    const invoices = [
      { dueDate: '2026-12-15', balanceCents: 10_000, status: 'open' as const },
      { dueDate: '2026-11-20', balanceCents: 2_500, status: 'open' as const },
      { dueDate: '2026-09-01', balanceCents: 700, status: 'open' as const },
      { dueDate: '2026-01-01', balanceCents: 99, status: 'open' as const },
      { dueDate: '2026-01-01', balanceCents: 5_000, status: 'paid' as const },
      { dueDate: '2026-01-01', balanceCents: 6_000, status: 'void' as const },
    ];
    expect(agingOf(invoices, AS_OF)).toEqual({ current: 10_000, days1to30: 2_500, days31to60: 0, days61to90: 700, over90: 99 });
    expect(balancesOf(invoices, AS_OF)).toEqual({ balanceCents: 13_299, pastDueCents: 3_299 });
  });
});

describe('available credit', () => {
  it('is the limit less what is used, never below zero, and null without a limit', () => {
    expect(availableCreditCents(100_000, 40_000)).toBe(60_000);
    expect(availableCreditCents(100_000, 140_000)).toBe(0);
    expect(availableCreditCents(null, 140_000)).toBeNull();
  });

  it('refuses an order only beyond the limit; an order that uses it exactly fits', () => {
    expect(exceedsCredit(100_000, 40_000, 60_000)).toBe(false);
    expect(exceedsCredit(100_000, 40_000, 60_001)).toBe(true);
    expect(exceedsCredit(null, 10_000_000, 1)).toBe(false);
  });

  it('words the refusal as the contract does', () => {
    expect(creditExceededMessage(123_450)).toBe('This order exceeds your available credit of $1,234.50.');
  });
});

describe('invoice import row', () => {
  const row = {
    invoiceNumber: ' INV-1 ',
    organizationId: '1',
    documentNumber: '',
    invoiceDate: '2026-10-01',
    dueDate: '2026-10-31',
    amount: '1234.50',
    balance: 1000,
    status: 'Open',
  };

  it('reads text cells and JSON values alike', () => {
    expect(invoiceImportRowSchema.parse(row)).toEqual({
      invoiceNumber: 'INV-1',
      organizationId: 1,
      documentNumber: null,
      invoiceDate: '2026-10-01',
      dueDate: '2026-10-31',
      amount: 123_450,
      balance: 100_000,
      status: 'open',
    });
  });

  it('names what is wrong', () => {
    const messages = (input: object) => invoiceImportRowSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ ...row, invoiceDate: '2026-02-30' })).toEqual(['The invoice date must be a date written YYYY-MM-DD.']);
    expect(messages({ ...row, dueDate: '2026-13-01' })).toEqual(['The due date must be a date written YYYY-MM-DD.']);
    expect(messages({ ...row, status: 'due' })).toEqual(['The status must be open, paid or void.']);
    expect(messages({ ...row, balance: '2000' })).toEqual(['The balance is more than the amount.']);
    expect(messages({ ...row, dueDate: '2026-09-01' })).toEqual(['The due date is before the invoice date.']);
    expect(messages({ ...row, status: 'paid' })).toEqual(['A paid invoice has a balance of 0.']);
    expect(messages({ ...row, amount: '-5' })).toEqual(['The amount must be an amount in dollars such as 1234.50 (at most 9999999.99).']);
  });
});

import { describe, expect, it } from 'vitest';
import { ORDER_SEARCH_CRITERIA_MESSAGE } from './api-rules.js';
import { orderSearchCriteriaSchema, orderSearchRequestSchema, recentOrdersRequestSchema } from './api.js';

const messages = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('order search request (spec 5)', () => {
  it('needs a criterion besides the time frame', () => {
    expect(messages(orderSearchRequestSchema.safeParse({ branchNumber: 101, timeFrame: 'year' }))).toEqual([
      `: ${ORDER_SEARCH_CRITERIA_MESSAGE}`,
    ]);
    expect(messages(orderSearchCriteriaSchema.safeParse({ orderReference: '   ' }))).toEqual([`: ${ORDER_SEARCH_CRITERIA_MESSAGE}`]);
  });

  it('defaults the time frame to 6months, page 1 and the service page size 25', () => {
    const parsed = orderSearchRequestSchema.parse({ branchNumber: 101, city: ' Denver ' });
    expect(parsed).toMatchObject({ timeFrame: '6months', page: 1, pageSize: 25, city: 'Denver', email: '', status: '' });
  });

  it.each([10, 25, 50, 100])('accepts page size %i', (pageSize) => {
    expect(orderSearchRequestSchema.safeParse({ branchNumber: 101, name: 'x', pageSize }).success).toBe(true);
  });

  it.each([0, 20, 101, '10'])('refuses page size %o', (pageSize) => {
    expect(messages(orderSearchRequestSchema.safeParse({ branchNumber: 101, name: 'x', pageSize }))).toEqual([
      'pageSize: The page size must be 10, 25, 50 or 100.',
    ]);
  });

  it('validates the email, state, status and time frame', () => {
    expect(messages(orderSearchCriteriaSchema.safeParse({ email: 'not-an-email' }))).toEqual(['email: The email address is invalid.']);
    expect(orderSearchCriteriaSchema.parse({ state: 'co' }).state).toBe('CO');
    expect(messages(orderSearchCriteriaSchema.safeParse({ state: 'XX' }))).toEqual(['state: The state is not a US state.']);
    expect(messages(orderSearchCriteriaSchema.safeParse({ status: 'lost', name: 'a' }))).toEqual([
      'status: The status must be one of the listed options.',
    ]);
    expect(messages(orderSearchCriteriaSchema.safeParse({ timeFrame: 'week', name: 'a' }))).toEqual([
      'timeFrame: The time frame must be month, 6months, year or 2years.',
    ]);
  });
});

describe('recent orders request', () => {
  it('defaults to 3 days, shipped, page 1 (spec 9)', () => {
    expect(recentOrdersRequestSchema.parse({ branchNumber: 101 })).toEqual({
      timeFrame: 3,
      updateType: 'shipped',
      page: 1,
      timeZone: 'UTC',
      branchNumber: 101,
    });
  });

  it('refuses other time frames and unknown zones', () => {
    expect(messages(recentOrdersRequestSchema.safeParse({ branchNumber: 101, timeFrame: 2 }))).toEqual([
      'timeFrame: The time frame must be 1, 3 or 7 days.',
    ]);
    expect(messages(recentOrdersRequestSchema.safeParse({ branchNumber: 101, timeZone: 'Nowhere/City' }))).toEqual([
      'timeZone: The time zone is not known.',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { escapeHtml, formatCents, formatCount, formatDate, formatMoney, formatPhone, formatZip } from './format.js';

describe('formatting (interface contract "Words on the screen")', () => {
  it.each([
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [0.1 + 0.2, '$0.30'],
    [-5, '-$5.00'],
  ])('money %s → %s', (value, expected) => expect(formatMoney(value)).toBe(expected));

  it('cents', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
  });

  it('dates as mediumDate', () => {
    expect(formatDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  /** Amounts around every rounding edge: whole cents, half cents, doubles just under a half (1.115), signs, large sums. */
  const amounts = (() => {
    const values = [0, -0, 0.001, -0.001, 0.005, -0.005, 0.004999, 0.125, -0.125, 1.005, 1.115, 2.675, 8.345, 0.1 + 0.2, 999.995, 999.994];
    for (let cents = -200_000; cents <= 200_000; cents += 7) values.push(cents / 100, cents / 100 + 0.005, cents / 1000);
    for (let power = 0; power <= 16; power += 1)
      values.push(10 ** power, 10 ** power - 0.01, -(10 ** power) + 0.005, 1234567.891 * 10 ** (power - 6));
    values.push(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e21, Number.MAX_SAFE_INTEGER);
    return values;
  })();

  it('money and cents as Intl formats them in en-US USD, for every amount tried', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const differing = amounts.filter((value) => formatMoney(value) !== usd.format(value));
    expect(differing.map((value) => [value, formatMoney(value), usd.format(value)])).toEqual([]);
    const cents = [0, 1, -1, 5, 12.5, -12.5, 99, 100, 123450, -99999, 4999.5, 10 ** 12];
    expect(cents.filter((value) => formatCents(value) !== usd.format(value / 100))).toEqual([]);
  });

  it('counts as toLocaleString formats them in en-US', () => {
    const counts = [0, -0, 1, -1, 12, 999, 1000, -1000, 99_999, 123_456_789, Number.MAX_SAFE_INTEGER, 1.5, 1234.5678, Number.NaN];
    for (let value = 1; value < 1e15; value *= 7) counts.push(value, -value);
    expect(counts.filter((value) => formatCount(value) !== value.toLocaleString('en-US'))).toEqual([]);
    expect(formatCount(99_999)).toBe('99,999');
  });

  it('dates as Intl formats them (en-US mediumDate): calendar days as given, timestamps in the local time zone', () => {
    const utc = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const local = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
    for (let time = Date.UTC(1999, 0, 1); time < Date.UTC(2101, 0, 1); time += 86_400_000 * 3 + 3_600_000 * 7) {
      const day = new Date(time).toISOString().slice(0, 10);
      expect(formatDate(day)).toBe(utc.format(new Date(`${day}T00:00:00Z`)));
      expect(formatDate(new Date(time))).toBe(local.format(new Date(time)));
      expect(formatDate(new Date(time).toISOString())).toBe(local.format(new Date(time)));
    }
  });

  it.each([
    ['3035550142', '(303) 555-0142'],
    ['+1 303 555 0142', '(303) 555-0142'],
    ['303-555-0142 x12', '(303) 555-0142 x12'],
    ['555-0142', '555-0142'],
    ['', ''],
  ])('phone %s → %s', (value, expected) => expect(formatPhone(value)).toBe(expected));

  it.each([
    ['802021234', '80202-1234'],
    ['80202', '80202'],
    ['80202-1234', '80202-1234'],
  ])('zip %s → %s', (value, expected) => expect(formatZip(value)).toBe(expected));
});

describe('escapeHtml', () => {
  it('escapes the five characters that could start markup or end an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('leaves other text as it is and escapes an ampersand once', () => {
    expect(escapeHtml('Denver, CO 80202 — #12')).toBe('Denver, CO 80202 — #12');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml('')).toBe('');
  });
});

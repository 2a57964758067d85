import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, escapeHtml, formatCents, formatDate, formatMoney, formatPhone, formatZip } from './format.js';

describe('formatting (interface contract "Words on the screen")', () => {
  it.each([
    [1234.5, '$1,234.50'],
    [0, '$0.00'],
    [0.1 + 0.2, '$0.30'],
    [-5, '-$5.00'],
  ])('money %s → %s', (value, expected) => expect(formatMoney(value)).toBe(expected));

  it('cents', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(centsToDollars(1999)).toBe(19.99);
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.07 * 3)).toBe(21);
  });

  it('dates as mediumDate', () => {
    expect(formatDate('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
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

/** Display formats of the interface contract: en-US, USD, mediumDate. Pure, no I/O. */

/*
 * Money, counts and dates are formatted by hand, not with Intl: a page's first Intl call loads
 * ICU's locale data, ~15 ms of CPU (~60 ms on a slow phone), before the catalog's or the cart's
 * first drawing (issue 21). format.test.ts holds every result here equal to Intl's en-US one.
 */

/** `1,234,567` from the digits of a whole number. */
const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Whole cents stay exact integers below this many dollars; larger sums are never money here, but stay correct. */
const LARGEST_PLAIN_AMOUNT = 1e13;

/**
 * The amount in whole cents, rounded as ICU rounds a double: from its shortest decimal form
 * (`String(1.005)` is `1.005`, so $1.01), half away from zero.
 */
function centsOf(abs: number): number {
  const text = String(abs);
  // Only amounts under a millionth are written with an exponent here: zero cents.
  if (text.includes('e')) return 0;
  const [whole = '0', fraction = ''] = text.split('.');
  const roundsUp = fraction.length > 2 && fraction[2]! >= '5';
  return Number(whole + fraction.slice(0, 2).padEnd(2, '0')) + (roundsUp ? 1 : 0);
}

/** `$1,234.50` from a dollar amount (en-US currency format: `-$5.00`). */
export function formatMoney(dollars: number): string {
  if (!Number.isFinite(dollars) || Math.abs(dollars) >= LARGEST_PLAIN_AMOUNT) {
    return dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
  }
  const cents = centsOf(Math.abs(dollars));
  const negative = dollars < 0 || Object.is(dollars, -0);
  return `${negative ? '-' : ''}$${groupThousands(String(Math.floor(cents / 100)))}.${String(cents % 100).padStart(2, '0')}`;
}

/** `$1,234.50` from integer cents. */
export function formatCents(cents: number): string {
  return formatMoney(cents / 100);
}

/** `1,234` from a whole number (a quantity, a count of results), as `toLocaleString('en-US')`. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${groupThousands(String(Math.abs(value)))}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * `Nov 22, 2026`. A plain date (`2026-11-22`) is a calendar day and shown as is; a timestamp is
 * shown in the viewer's time zone. Anything that is not a date shows as nothing.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    return Number.isNaN(day.getTime()) ? '' : `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}

/** `(303) 555-0142`, with `+1` kept off and an extension kept: `(303) 555-0142 x12`. */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const [main = '', extension] = value.split(/\s*(?:x|ext\.?)\s*/i);
  let digits = main.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return value;
  const formatted = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  return extension ? `${formatted} x${extension.replace(/\D/g, '')}` : formatted;
}

/** `80202-1234` from `802021234`; five-digit zips unchanged. */
export function formatZip(value: string | null | undefined): string {
  if (!value) return '';
  const digits = value.replace(/\D/g, '');
  return digits.length === 9 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : value;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe for HTML (emails, the demo's badge sheet): as element content and inside a quoted
 * attribute value, so a name or a link never becomes markup.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

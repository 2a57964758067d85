/** Display formats of the interface contract: en-US, USD, mediumDate. Pure, no I/O. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `$1,234.50` from a dollar amount. */
export function formatMoney(dollars: number): string {
  return usd.format(dollars);
}

/** `$1,234.50` from integer cents. */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const mediumDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const mediumDateLocal = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * `Nov 22, 2026`. A plain date (`2026-11-22`) is a calendar day and shown as is; a timestamp is
 * shown in the viewer's time zone.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return mediumDate.format(new Date(`${value}T00:00:00Z`));
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : mediumDateLocal.format(date);
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

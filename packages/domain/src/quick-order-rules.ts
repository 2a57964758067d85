/** The zod-free rules of quick-order.ts (its API schemas stay there); exported through src/rules.ts. */
import { isValidSku } from './catalog/search-rules.js';
import { MAX_CART_QUANTITY } from './cart/inputs.js';
import type { QuickOrderReason } from './quick-order-reasons.js';

/** At most this many lines per quick order (the box, a file, and one validation call). */
export const QUICK_ORDER_MAX_LINES = 500;

export const QUICK_ORDER_MESSAGES = {
  empty: 'Enter at least one SKU and quantity.',
  tooManyLines: `Enter at most ${QUICK_ORDER_MAX_LINES} lines.`,
} as const;

/** A line that parsed: its number in the text (1-based), the SKU and the quantity. */
export type QuickOrderLine = { line: number; sku: string; quantity: number };
/** A line that did not parse, with what was read of it. */
export type QuickOrderLineError = { line: number; sku: string; reason: QuickOrderReason };

export type QuickOrderParse = {
  lines: QuickOrderLine[];
  errors: QuickOrderLineError[];
  /** Set when the text as a whole cannot be used (empty, too many lines); lines and errors are then empty. */
  problem: string | null;
};

const HEADER_QUANTITY = /^(qty\.?|quantity|quantities|count|amount|units?)$/i;
const HEADER_SKU = /^(sku|skus|item|part|part number|product)$/i;

function unquote(field: string): string {
  const value = field.trim();
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) return value.slice(1, -1).replace(/""/g, '"').trim();
  return value;
}

/** Splits one line into its SKU and quantity fields: tab, comma or semicolon first, else blanks. */
function fieldsOf(text: string): string[] {
  const separated = text.includes('\t') ? text.split('\t') : /[,;]/.test(text) ? text.split(/[,;]/) : text.trim().split(/\s+/);
  const fields = separated.map(unquote);
  // A spreadsheet row may carry trailing empty cells.
  while (fields.length > 0 && fields[fields.length - 1] === '') fields.pop();
  return fields;
}

/** A quantity field: digits only (as the cart's quantity box), 1..MAX_CART_QUANTITY. */
export function parseQuickOrderQuantity(text: string | undefined): number | null {
  const value = (text ?? '').trim();
  if (!/^\d{1,6}$/.test(value)) return null;
  const quantity = Number(value);
  return quantity >= 1 && quantity <= MAX_CART_QUANTITY ? quantity : null;
}

/**
 * Parses the box's text (or a CSV file's). SKUs are trimmed and upper-cased (the manufacturer's
 * SKUs are upper case; dealers type them either way). Every non-blank line becomes a line or an
 * error; more than QUICK_ORDER_MAX_LINES non-blank lines, or none, is a `problem`.
 */
export function parseQuickOrder(text: string): QuickOrderParse {
  const rows = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const lines: QuickOrderLine[] = [];
  const errors: QuickOrderLineError[] = [];
  let seenContent = false;
  let count = 0;
  for (const [index, row] of rows.entries()) {
    const fields = fieldsOf(row);
    if (fields.length === 0 || fields.every((f) => f === '')) continue;
    const line = index + 1;
    const [rawSku = '', rawQuantity, ...rest] = fields;
    const first = !seenContent;
    seenContent = true;
    if (first && (HEADER_QUANTITY.test(rawQuantity ?? '') || HEADER_SKU.test(rawSku))) continue;
    count++;
    const sku = rawSku.toUpperCase();
    if (sku === '') {
      errors.push({ line, sku, reason: 'missingSku' });
      continue;
    }
    const quantity = rest.length === 0 ? parseQuickOrderQuantity(rawQuantity) : null;
    if (quantity === null || !isValidSku(sku)) {
      errors.push({ line, sku, reason: quantity === null ? 'badQuantity' : 'unknownSku' });
      continue;
    }
    lines.push({ line, sku, quantity });
  }
  if (count === 0) return { lines: [], errors: [], problem: QUICK_ORDER_MESSAGES.empty };
  if (count > QUICK_ORDER_MAX_LINES) return { lines: [], errors: [], problem: QUICK_ORDER_MESSAGES.tooManyLines };
  return { lines, errors, problem: null };
}

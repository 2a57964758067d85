/**
 * Safety net for text PostgreSQL cannot store (issue 17, finding 4). The shared domain schemas
 * refuse NUL and lone UTF-16 surrogates (`safeString` in @portal/domain); this hook refuses them in
 * every path parameter, query value and JSON body before any route's validation runs, so a schema
 * someone writes with a plain `z.string()` is covered too. The answer is the contract's 400 body,
 * naming the field (`items.0.sku`, `keywords`, `sku`).
 */
import type { FastifyInstance } from 'fastify';
import { hasUnsafeText, UNSAFE_TEXT_MESSAGE } from '@portal/domain/rules';
import { badRequest } from './errors.js';

/** Deep enough for any payload the API takes; deeper nesting is refused by the schemas anyway. */
const MAX_DEPTH = 32;

/** The dotted path of the first string (or object key) holding unsafe text, or undefined. */
export function findUnsafeText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return hasUnsafeText(value) ? path : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries(value as Record<string, unknown>);
  for (const [key, item] of entries) {
    const itemPath = path ? `${path}.${key}` : key;
    if (hasUnsafeText(key)) return itemPath;
    const found = findUnsafeText(item, itemPath, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function registerInputSafety(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnsafeText(part);
      if (field !== undefined) throw badRequest(field, UNSAFE_TEXT_MESSAGE);
    }
  });
}

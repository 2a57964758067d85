/**
 * fast-check arbitraries for a route's inputs, derived from its zod schema (through zod's JSON
 * Schema export), for the property tests of issue 17: values the schema accepts, values near its
 * bounds, and hostile ones (NUL, lone surrogates, huge numbers, long strings, wrong types,
 * prototype keys, SQL and path fragments).
 */
import fc from 'fast-check';
import { z } from 'zod';

type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
};

/** Strings that have broken servers: control and invalid characters, injections, odd lengths. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uffff',
  '\u202e',
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  '%00',
  '%',
  '\\',
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'prototype',
  ' ',
  '',
  '😀',
  'é',
  '9'.repeat(40),
  'A'.repeat(5_000),
  'Ω'.repeat(70_000),
];

/** Values the demo data knows, so a share of the runs gets past "not found" into real work. */
const KNOWN_STRINGS = [
  'lifts',
  'show',
  'PBYAX-0104',
  'APX2P-9000',
  'CO',
  'CA',
  '101',
  'tmr_front_counter',
  'SEMA-1001',
  'admin@summitlift.example.com',
];
/** Text that a schema accepts and that has broken queries, templates and CSV writers. */
const ODD_TEXT = [
  "O'Brien",
  "'; DROP TABLE orders; --",
  '%_\\',
  '<img src=x onerror=alert(1)>',
  '=HYPERLINK("http://evil.example")',
  '😀👍🏽',
  'ÅÄÖ ñ ß',
  '\u00a0\u2028\u2029',
  '  spaces  ',
  'a'.repeat(300),
];
const KNOWN_NUMBERS = [
  0, 1, -1, 101, 102, 201, 301, 3910111, 3920101, 2147483647, 2147483648, -2147483649, 9007199254740991, 1e21, 0.5, -0.0,
];

const hostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfffy'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);
const hostileNumber = fc.oneof(fc.constantFrom(...KNOWN_NUMBERS), fc.double({ noNaN: true }), fc.integer());
/** Anything of the wrong kind. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string()), { maxKeys: 3 }),
);

function typed(schema: JsonSchema, depth: number, hostile: boolean): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromJsonSchema(s, depth, hostile)));
  const type = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => typed({ ...schema, type: t }, depth, hostile)));
  switch (type[0]) {
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: Math.min(schema.maxLength ?? 30, 30) }),
        fc.constantFrom(...KNOWN_STRINGS),
        // Text a schema lets through but a careless query or template would not.
        fc.constantFrom(...ODD_TEXT).map((text) => text.slice(0, schema.maxLength ?? text.length) || 'x'),
        // NUL and lone surrogates inside otherwise fitting text: PostgreSQL refuses them (issue 17 finding 4).
        fc.constantFrom('a\u0000b', '\u0000', 'x\ud800', '\udc00y'),
        // Right at and just past the length bound.
        ...(schema.maxLength ? [fc.constant('x'.repeat(schema.maxLength)), fc.constant('x'.repeat(schema.maxLength + 1))] : []),
      );
    case 'integer': {
      const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
      const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
      const known = KNOWN_NUMBERS.filter((n) => Number.isInteger(n) && n >= min && n <= max);
      return fc.oneof(
        fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.max(min, max) }),
        fc.constantFrom(...(hostile || known.length === 0 ? KNOWN_NUMBERS : known)),
      );
    }
    case 'number':
      return fc.oneof(
        fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true }),
        fc.constantFrom(...KNOWN_NUMBERS),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(fromJsonSchema(schema.items ?? {}, depth + 1, hostile), {
            minLength: hostile ? 0 : Math.min(schema.minItems ?? 0, 3),
            maxLength: 3,
          });
    case 'object': {
      if (depth > 3) return fc.constant({});
      const properties = schema.properties ?? {};
      const required = schema.required ?? [];
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, s]) => [key, withKnown(key, fromJsonSchema(s, depth + 1, hostile), hostile)]),
        ),
        {
          requiredKeys: required.filter((key) => key in properties),
        },
      );
      return record;
    }
    default:
      return wrongType;
  }
}

/** Fields whose random values would nearly always stop at "not yours": often the demo's own. */
const KNOWN_FIELDS: Record<string, unknown[]> = {
  branchNumber: [101, 102, 103, 201],
  catalog: ['lifts', 'show'],
  sku: ['PBYAX-0104', 'APX2P-9000'],
};

function withKnown(key: string, arbitrary: fc.Arbitrary<unknown>, hostile: boolean): fc.Arbitrary<unknown> {
  const known = KNOWN_FIELDS[key];
  return known && !hostile ? fc.oneof(fc.constantFrom(...known), arbitrary) : arbitrary;
}

/**
 * Hostile: mostly well-typed values, sometimes hostile or of the wrong kind, at every level (most
 * such requests stop at validation). Not hostile: values of the schema's types only, with odd text
 * and edge numbers, so the requests reach the services and the database.
 */
export function fromJsonSchema(schema: JsonSchema, depth = 0, hostile = true): fc.Arbitrary<unknown> {
  if (!hostile) return typed(schema, depth, false);
  return fc.oneof(
    { weight: 6, arbitrary: typed(schema, depth, true) },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: hostileNumber },
    { weight: 1, arbitrary: wrongType },
  );
}

/** A zod schema's JSON Schema, as the request sees it (input side, defaults optional). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!schema || typeof schema !== 'object' || !('_zod' in schema)) return undefined;
  return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** An object of the schema's properties, always an object (for params and querystrings). */
export function objectOf(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, unknown>> {
  if (!schema?.properties) return fc.constant({});
  const properties = schema.properties;
  const of = (hostile: boolean) =>
    fc.record(
      Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, withKnown(key, fromJsonSchema(s, 1, hostile), hostile)])),
      {
        requiredKeys: (schema.required ?? []).filter((key) => key in properties),
      },
    );
  return fc.oneof(of(false), of(true));
}

/**
 * A JSON request body: the schema's value, sometimes with prototype keys spliced in as own
 * properties (`{"__proto__": ...}` as JSON.parse would make them), sometimes not JSON of an object at all.
 */
export function bodyOf(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  const value = schema ? fromJsonSchema(schema) : wrongType;
  const valid = schema ? fromJsonSchema(schema, 0, false) : wrongType;
  return fc.oneof(
    { weight: 6, arbitrary: valid.map((v) => JSON.stringify(v) ?? 'null') },
    { weight: 4, arbitrary: value.map((v) => JSON.stringify(v) ?? 'null') },
    {
      weight: 2,
      arbitrary: value.map((v) => {
        const text = JSON.stringify(v) ?? 'null';
        const pollution = '"__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}}';
        return text.startsWith('{') ? `{${pollution}${text === '{}' ? '' : ','}${text.slice(1)}` : `{${pollution}}`;
      }),
    },
    { weight: 1, arbitrary: fc.constantFrom('', '{', '[]', 'null', '"x"', '{"a":' + '['.repeat(2000) + ']'.repeat(2000) + '}') },
  );
}

/** A path segment as a client could send it: encoded, or raw bytes that are not UTF-8. */
export function pathSegment(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text) || '%20';
  } catch {
    // A lone surrogate cannot be encoded: send the bytes of one as they would arrive.
    return '%ED%A0%80';
  }
}

/** Query values as strings (a query string carries nothing else). */
export function queryStrings(values: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, v]) => [key, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]));
}

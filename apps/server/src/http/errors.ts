/**
 * Typed errors that services throw, and the one error handler that turns them into the contract's
 * body `{ messages: [{ field, message }], code? }`. Nothing internal (stack, SQL) reaches a client.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody, ErrorMessage } from '@portal/domain';

export const SERVER_ERROR_MESSAGE = 'The server encountered an error. Please try again later.';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: ErrorMessage[],
    readonly code?: number,
  ) {
    super(messages.map((m) => m.message).join(' '));
  }

  body(): ErrorBody {
    return this.code === undefined ? { messages: this.messages } : { messages: this.messages, code: this.code };
  }
}

export const badRequest = (field: string, message: string) => new HttpError(400, [{ field, message }]);
export const unauthorized = (message = 'Your session has expired. Please log in again.') => new HttpError(401, [{ field: '', message }]);
export const forbidden = (message = 'You do not have permission to do that.') => new HttpError(403, [{ field: '', message }]);
export const notFound = (message = 'Not found.') => new HttpError(404, [{ field: '', message }]);
export const conflict = (message: string, code?: number) => new HttpError(409, [{ field: '', message }], code);
export const tooManyRequests = (field: string, message: string) => new HttpError(429, [{ field, message }]);

/** `/email` or `/items/0/sku` → `email`, `items.0.sku`. */
function fieldOf(instancePath: string | undefined, fallback = ''): string {
  if (!instancePath) return fallback;
  return instancePath.replace(/^\//, '').replace(/\//g, '.');
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.body());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((issue) => ({
        field: fieldOf(issue.instancePath, (issue.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') ?? ''),
        message: issue.message ?? 'Invalid value.',
      }));
      return reply.status(400).send({ messages });
    }
    // Fastify's own client errors (malformed JSON, body too large, wrong content type).
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send({ messages: [{ field: '', message: clientErrorMessage(error) }] });
    }
    // Safety net: a value the database refuses as data (NUL, an unencodable character, a number
    // beyond its column) is the client's input, not a server fault, whatever schema let it through.
    const databaseCode = databaseErrorCode(error);
    if (databaseCode && CLIENT_DATA_ERROR_CODES.has(databaseCode)) {
      return reply.status(400).send({ messages: [{ field: '', message: INVALID_VALUE_MESSAGE }] });
    }
    request.log.error({ err: loggableError(error) }, 'unhandled error');
    return reply.status(500).send({ messages: [{ field: '', message: SERVER_ERROR_MESSAGE }] });
  });
}

export const INVALID_VALUE_MESSAGE = 'A value in the request is not valid.';

/**
 * PostgreSQL data exceptions caused by what the client sent: 22P05 untranslatable character (NUL),
 * 22021 character not in repertoire (lone surrogate), 22003 numeric value out of range (beyond
 * int4), 22P02 invalid text representation, 22001 string too long for its column.
 */
const CLIENT_DATA_ERROR_CODES = new Set(['22P05', '22021', '22003', '22P02', '22001']);

/** The SQLSTATE of a driver error, or of the error Drizzle wrapped it in (`cause`). */
function databaseErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * What the log records of an error: never SQL parameters (customer data) nor a database message
 * (which quotes the offending value, e.g. `Key (email)=(...)`). Drizzle's `DrizzleQueryError` carries
 * `params` and repeats them in its message and stack; the driver's error (its `cause`) is reduced to
 * its SQLSTATE and the constraint, table and column it names.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const withoutParams = (text: string) => text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
  const isQueryError = 'params' in error && 'query' in error;
  const cause = (error as { cause?: unknown }).cause;
  const driver = isQueryError ? cause : error;
  const driverCode = databaseErrorCode(driver);
  if (driverCode && driver && typeof driver === 'object' && !isQueryError) {
    // A bare driver error: its message and detail may quote values.
    const { code, constraint, table, column, routine } = driver as Record<string, unknown>;
    return { type: (driver as Error).name, code, constraint, table, column, routine };
  }
  const logged: Record<string, unknown> = {
    type: error.name,
    message: withoutParams(error.message),
    stack: error.stack ? withoutParams(error.stack) : undefined,
  };
  if (isQueryError && cause && typeof cause === 'object') {
    const { code, constraint, table, column, routine } = cause as Record<string, unknown>;
    logged.cause = { type: (cause as Error).name, code, constraint, table, column, routine };
  } else if (cause instanceof Error) {
    logged.cause = loggableError(cause);
  }
  return logged;
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type.';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request is too large.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON.';
    default:
      return error.statusCode === 429 ? 'Too many requests.' : 'The request is invalid.';
  }
}

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
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ messages: [{ field: '', message: SERVER_ERROR_MESSAGE }] });
  });
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

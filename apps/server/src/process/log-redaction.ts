/**
 * What a request looks like in the log (pino's `req` serializer, app.ts): method, URL, host and
 * client address, with no secret in the URL. Password codes and invitation links carry their code
 * in the query (`/password/activate?email=...&code=...`), so:
 * - the value of every query parameter whose name speaks of a secret (code, token, key, secret,
 *   password, signature, session, auth, otp) becomes `[redacted]`;
 * - a path segment that looks like a token (32 or more URL-safe characters, the shape of session
 *   tokens and API keys) becomes `[redacted]` too.
 * Headers with credentials are redacted separately (app.ts `redact`).
 */
export const REDACTED = '[redacted]';

const SECRET_PARAMETER = /code|token|key|secret|pass|signature|^sig$|session|auth|otp|challenge/i;
const TOKEN_SEGMENT = /^[A-Za-z0-9_-]{32,}$/;

export function redactUrl(url: string): string {
  const hashAt = url.indexOf('#');
  const withoutHash = hashAt >= 0 ? url.slice(0, hashAt) : url;
  const queryAt = withoutHash.indexOf('?');
  const pathPart = queryAt >= 0 ? withoutHash.slice(0, queryAt) : withoutHash;
  const query = queryAt >= 0 ? withoutHash.slice(queryAt + 1) : undefined;
  const safePath = pathPart
    .split('/')
    .map((segment) => {
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // a badly encoded segment is judged as it stands
      }
      return TOKEN_SEGMENT.test(decoded) || TOKEN_SEGMENT.test(segment) ? REDACTED : segment;
    })
    .join('/');
  if (query === undefined) return safePath;
  const safeQuery = query
    .split('&')
    .map((pair) => {
      const equalsAt = pair.indexOf('=');
      const rawName = equalsAt >= 0 ? pair.slice(0, equalsAt) : pair;
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // keep the raw name
      }
      if (equalsAt < 0) return pair;
      return SECRET_PARAMETER.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${safePath}?${safeQuery}`;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  hostname?: string;
  ip?: string;
  socket?: { remoteAddress?: string; remotePort?: number };
  headers?: Record<string, unknown>;
};

/** Fastify's default request serializer, with the URL redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host ?? request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

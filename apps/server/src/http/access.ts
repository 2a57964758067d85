/**
 * Route access: every /api route must declare `config.access` (the app refuses to start otherwise),
 * so no route is public, or missing its role or organization flag, by omission.
 *
 *   access: 'public'                         no session (login, health, password codes)
 *   access: 'integration'                    the manufacturer's systems, by API key
 *   access: { roles: [...], flag: '...' }    a live session with these roles and organization flag
 *
 * `readOnly: true` on a session access marks a route that writes nothing: a caller the session cache
 * holds is admitted at once, and the cache's check that no change to it has committed (decision 014,
 * a round trip to the listening connection) runs beside the route's own work instead of before it.
 * The answer, or the error, waits for that check before it leaves (registerHeldAnswers); when the
 * cache was dropped meanwhile, the caller is looked up again and the answer stands only for the same
 * caller: otherwise the request is answered again from the start.
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { OrganizationFlag, RoleKey, RoleMap } from '@portal/domain/rules';
import { forbidden, unauthorized, type HttpError } from './errors.js';

export type SessionAccess = { roles?: RoleKey[]; flag?: OrganizationFlag; readOnly?: boolean };
export type Access = 'public' | 'integration' | SessionAccess;
export type ApiRoute = { method: string; url: string; access: Access; schema?: FastifySchema };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route, as registered: the OpenAPI test checks each is documented; the security tests read its access and schema. */
    apiRoutes: ApiRoute[];
  }
  interface FastifyRequest {
    integrationKeyId?: number;
    /** A read-only route's caller admitted before the session cache confirmed it (registerHeldAnswers). */
    heldForCaller?: HeldAnswer;
  }
}

/** What an answer admitted early waits for before it leaves. */
type HeldAnswer = {
  /** True when the early caller is known good for the moment the request arrived. */
  confirm(): Promise<boolean>;
  /** Otherwise: whether the caller, looked up again, is the same (then the answer stands). */
  sameCallerNow(): Promise<boolean>;
};

/**
 * Marks a read answered again by registerHeldAnswers: it authenticates the ordinary way. A client
 * that sends it only gives up the early admission.
 */
export const READ_AGAIN_HEADER = 'x-portal-read-again';

/**
 * What access control reads of a signed-in caller: its roles and its organization's flags. The auth
 * module's Principal is one (and more).
 */
export type SessionCaller = { roles: RoleMap; organization: Record<OrganizationFlag, boolean> };

/** A caller admitted from memory, its confirmation still on the way. */
export type EarlyCaller<Caller> = { caller: Caller; confirm(): Promise<boolean> };

/**
 * Who answers for sessions and API keys: the app wires in the auth and integration modules, so this
 * layer knows none of them.
 */
export type AccessControlOptions<Caller extends SessionCaller> = {
  /** The caller behind a session token; undefined when no live session has it. */
  authenticateSession(token: string): Promise<Caller | undefined>;
  /** Keeps a caller who passed the route's roles and flag on the request, for the route's handler. */
  admitCaller(request: FastifyRequest, caller: Caller): void;
  /** The id of the live API key with this secret; undefined when there is none. */
  findApiKeyId(token: string): Promise<number | undefined>;
  /**
   * Early admission for read-only routes (absent without a session cache): the caller from memory at
   * once, and how to tell whether the answer may stand.
   */
  early?: {
    /** The caller, and how to learn that it was still good when the request arrived; undefined when `authenticateSession` decides. */
    authenticate(token: string): EarlyCaller<Caller> | undefined;
    /** Whether two lookups of a session found the same caller (everything a route may read of it). */
    sameCaller(before: Caller, after: Caller): boolean;
  };
};

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

export function registerAccessControl<Caller extends SessionCaller>(app: FastifyInstance, options: AccessControlOptions<Caller>): void {
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    if (methods.length === 0) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${methods.join(',')} ${route.url} does not declare config.access`);
    for (const method of methods) app.apiRoutes.push({ method, url: route.url, access, schema: route.schema });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('You must log in to continue.');

    if (access === 'integration') {
      const keyId = await options.findApiKeyId(token);
      if (keyId === undefined) throw unauthorized('The API key is not valid.');
      request.integrationKeyId = keyId;
      return;
    }

    const readEarly = access.readOnly && !request.headers[READ_AGAIN_HEADER] ? options.early : undefined;
    const early = readEarly?.authenticate(token);
    if (readEarly && early && !refusalOf(access, early.caller)) {
      const { sameCaller } = readEarly;
      options.admitCaller(request, early.caller);
      request.heldForCaller = {
        confirm: early.confirm,
        async sameCallerNow() {
          const caller = await options.authenticateSession(token);
          return caller !== undefined && sameCaller(early.caller, caller);
        },
      };
      return;
    }

    const caller = await options.authenticateSession(token);
    if (!caller) throw unauthorized();
    const refusal = refusalOf(access, caller);
    if (refusal) throw refusal;
    options.admitCaller(request, caller);
  });
}

/** Why a signed-in caller may not use a route: a role or the organization flag it lacks. */
function refusalOf(access: SessionAccess, caller: SessionCaller): HttpError | undefined {
  if (access.roles && !access.roles.every((role) => caller.roles[role])) return forbidden();
  if (access.flag && !caller.organization[access.flag]) return forbidden('Your organization does not allow this.');
  return undefined;
}

/**
 * Holds the answer of a caller admitted early (readOnly routes) until the session cache has confirmed
 * the caller. When it could not and the caller is not the same now (a session ended, a role, branch
 * or option changed just before the request came), the request is answered again from the start, as
 * the route would have answered it had it waited (401, 403, or the answer for the caller as it is
 * now): the route writes nothing, so running it twice changes nothing. Registered before every other
 * onSend hook (app.ts), so nothing is stored, compressed or tagged before the answer is known to stand;
 * only where callers can be admitted early (a session cache).
 */
export function registerHeldAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const held = request.heldForCaller;
    if (!held) return payload;
    request.heldForCaller = undefined;
    if ((await held.confirm()) || (await held.sameCallerNow())) return payload;
    const again = await app.inject({
      method: request.method as 'GET' | 'POST',
      url: request.url,
      headers: { ...requestHeadersToRepeat(request), [READ_AGAIN_HEADER]: '1' },
      ...(request.body === undefined ? {} : { payload: request.body as object }),
    });
    // The answer asked again is not encoded (requestHeadersToRepeat): the first one's encoding goes with it.
    reply.removeHeader('content-encoding');
    reply.code(again.statusCode).type(String(again.headers['content-type'] ?? 'application/json; charset=utf-8'));
    return again.rawPayload;
  });
}

/** A request's headers to send it again in-process: not its framing, nor what would make the answer compressed or empty. */
function requestHeadersToRepeat(request: FastifyRequest): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HEADERS_NOT_REPEATED.has(name)) continue;
    headers[name] = value;
  }
  return headers;
}

const HEADERS_NOT_REPEATED = new Set([
  'content-length',
  'transfer-encoding',
  'connection',
  'accept-encoding',
  'if-none-match',
  'if-modified-since',
]);

/**
 * Route access: every /api route must declare `config.access` (the app refuses to start otherwise),
 * so no route is public, or missing its role or organization flag, by omission.
 *
 *   access: 'public'                         no session (login, health, password codes)
 *   access: 'integration'                    the manufacturer's systems, by API key
 *   access: { roles: [...], flag: '...' }    a live session with these roles and organization flag
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { OrganizationFlag, RoleKey, RoleMap } from '@portal/domain/rules';
import { forbidden, unauthorized } from './errors.js';

export type SessionAccess = { roles?: RoleKey[]; flag?: OrganizationFlag };
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
  }
}

/**
 * What access control reads of a signed-in caller: its roles and its organization's flags. The auth
 * module's Principal is one (and more).
 */
export type SessionCaller = { roles: RoleMap; organization: Record<OrganizationFlag, boolean> };

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

    const caller = await options.authenticateSession(token);
    if (!caller) throw unauthorized();
    if (access.roles && !access.roles.every((role) => caller.roles[role])) throw forbidden();
    if (access.flag && !caller.organization[access.flag]) throw forbidden('Your organization does not allow this.');
    options.admitCaller(request, caller);
  });
}

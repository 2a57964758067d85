/**
 * Route access: every /api route must declare `config.access` (the app refuses to start otherwise),
 * so no route is public, or missing its role or organization flag, by omission.
 *
 *   access: 'public'                         no session (login, health, password codes)
 *   access: 'integration'                    the manufacturer's systems, by API key
 *   access: { roles: [...], flag: '...' }    a live session with these roles and organization flag
 */
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { RoleKey } from '@portal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { apiKeys } from '../modules/integration/schema.js';
import { hashToken } from '../modules/auth/session-token.js';
import { authenticateSession, principalHasRoles, type OrganizationFlag, type Principal } from '../modules/auth/principal.js';
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
    principal?: Principal;
    integrationKeyId?: number;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  const token = header.slice('Bearer '.length).trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

/** The caller of a session route; the access hook has already guaranteed it exists. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

export function registerAccessControl(app: FastifyInstance, options: { db: Database; idleMinutes: number }): void {
  const { db, idleMinutes } = options;

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
      const [key] = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(and(eq(apiKeys.keyHash, hashToken(token)), isNull(apiKeys.revokedAt)))
        .limit(1);
      if (!key) throw unauthorized('The API key is not valid.');
      request.integrationKeyId = key.id;
      return;
    }

    const principal = await authenticateSession(db, token, idleMinutes);
    if (!principal) throw unauthorized();
    if (access.roles && !principalHasRoles(principal, access.roles)) throw forbidden();
    if (access.flag && !principal.organization[access.flag]) throw forbidden('Your organization does not allow this.');
    request.principal = principal;
  });
}

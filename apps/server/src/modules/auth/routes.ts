import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginRequestSchema, okSchema, sessionSchema } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { bearerToken } from '../../http/access.js';
import { principalOf } from '../../http/principal.js';
import { unauthorized } from '../../http/errors.js';
import { login, logout, refresh, type AuthSettings } from './service.js';

export const authRoutes: FastifyPluginAsyncZod<{ db: Database; settings: AuthSettings }> = async (app, { db, settings }) => {
  app.post('/api/users/session/login', {
    config: { access: 'public', slowRefusals: true },
    schema: { tags: ['session'], summary: 'Sign in with email and password', body: loginRequestSchema, response: { 200: sessionSchema } },
    handler: (request) => login(db, settings, request.body, request.ip),
  });

  app.get('/api/users/session/refresh', {
    config: { access: {} },
    schema: { tags: ['session'], summary: 'The session of the bearer token', response: { 200: sessionSchema } },
    handler: (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized();
      return refresh(db, principalOf(request), token);
    },
  });

  app.get('/api/users/session/logout', {
    config: { access: {} },
    schema: { tags: ['session'], summary: 'End the session of the bearer token', response: { 200: okSchema } },
    handler: async (request) => {
      await logout(db, principalOf(request));
      return { ok: true as const };
    },
  });
};

/** User administration and profile calls (spec 7). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  managedUserListSchema,
  managedUserSchema,
  okSchema,
  userIdParamsSchema,
  userInviteSchema,
  userUpdateQuerySchema,
  userUpdateSchema,
} from '@portal/domain';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { principalOf } from '../../http/principal.js';
import { linkOrigin } from '../../http/origin.js';
import type { UsersCollaborators } from './collaborators.js';
import { getUser, inviteUser, listUsers, updateUser } from './service.js';

export const usersRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Pick<Config, 'mode' | 'publicUrl' | 'port'>;
  /** The audit trail, the password codes and the sessions, handed in by app.ts (collaborators.ts). */
  collaborators: UsersCollaborators;
}> = async (app, { db, config, collaborators }) => {
  app.get('/api/users', {
    config: { access: { roles: ['manageUsers'] } },
    schema: { tags: ['users'], summary: "The organization's users", response: { 200: managedUserListSchema } },
    handler: (request) => listUsers(db, principalOf(request)),
  });

  // Any signed-in user reaches these two: `type=profile` is one's own profile; otherwise the
  // service requires manageUsers.
  app.get('/api/users/:id', {
    config: { access: {} },
    schema: {
      tags: ['users'],
      summary: 'One user of the organization (manageUsers), or with type=profile one’s own',
      params: userIdParamsSchema,
      querystring: userUpdateQuerySchema,
      response: { 200: managedUserSchema },
    },
    handler: (request) => getUser(db, principalOf(request), request.params.id, request.query.type ?? 'admin'),
  });

  app.put('/api/users/:id', {
    config: { access: {} },
    schema: {
      tags: ['users'],
      summary: 'Update a user (manageUsers), or with type=profile one’s own name, phone and subscriptions',
      params: userIdParamsSchema,
      querystring: userUpdateQuerySchema,
      body: userUpdateSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await updateUser(db, collaborators, principalOf(request), request.params.id, request.query.type ?? 'admin', request.body);
      return { ok: true as const };
    },
  });

  app.put('/api/users', {
    config: { access: { roles: ['manageUsers'] } },
    schema: {
      tags: ['users'],
      summary: 'Invite a user: creates an unverified user and emails an activation link',
      body: userInviteSchema,
      response: { 200: managedUserSchema },
    },
    // The link's origin is PUBLIC_URL (always in production); never X-Forwarded-Host (link poisoning).
    handler: (request) => inviteUser(db, collaborators, principalOf(request), request.body, linkOrigin(config)),
  });
};

/** The password page's calls (spec 7): public, since the caller has no session yet. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { challengeCompleteSchema, challengeRequestSchema, challengeTokenSchema, challengeVerifySchema, okSchema } from '@portal/domain';
import type { Database } from '../../db/client.js';
import type { HashingLimits } from '../auth/index.js';
import { passwordCallGate } from './call-gate.js';
import { completeChallenge, requestChallenge, verifyChallenge, type ChallengeSettings } from './service.js';

type PasswordRouteOptions = { db: Database; settings: ChallengeSettings; hashingLimits: HashingLimits };

export const passwordRoutes: FastifyPluginAsyncZod<PasswordRouteOptions> = async (app, { db, settings, hashingLimits }) => {
  const gated = passwordCallGate(hashingLimits);
  app.post('/api/secure-challenge', {
    config: { access: 'public', slowRefusals: true },
    schema: {
      tags: ['password'],
      summary: 'Email a reset or activation code; the answer is the same whether the email exists or not',
      body: challengeRequestSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await gated(() => requestChallenge(db, request.body.email, request.ip));
      return { ok: true as const };
    },
  });

  app.post('/api/secure-challenge/verify', {
    config: { access: 'public', slowRefusals: true },
    schema: {
      tags: ['password'],
      summary: 'Check a code; answers the one-time token that completes the change',
      body: challengeVerifySchema,
      response: { 200: challengeTokenSchema },
    },
    handler: (request) => gated(() => verifyChallenge(db, settings, request.body.email, request.body.challenge, request.ip)),
  });

  app.post('/api/secure-challenge/complete', {
    config: { access: 'public', slowRefusals: true },
    schema: {
      tags: ['password'],
      summary: 'Set the new password with the token of a verified code (activates an invited account)',
      body: challengeCompleteSchema,
      response: { 200: okSchema },
    },
    handler: async (request) => {
      await gated(() => completeChallenge(db, settings, request.body, request.ip));
      return { ok: true as const };
    },
  });
};

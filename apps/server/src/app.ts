/**
 * Builds the Fastify app: plugins first (cookies, security headers, OpenAPI, validation,
 * compression and ETags, CSRF, access control), then the feature modules. Tests call `buildApp` and use `app.inject`.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { registerAccessControl, registerHeldAnswers } from './http/access.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerCompression } from './http/compression.js';
import { registerConditionalGet } from './http/conditional-get.js';
import { registerErrorHandler } from './http/errors.js';
import { registerRefusalDelay } from './http/refusal-delay.js';
import { registerInputSafety } from './http/input-safety.js';
import { frameworkErrors, registerResponsePolicy } from './http/response-policy.js';
import { registerWeb } from './http/web.js';
import { registerXsrf } from './http/xsrf.js';
import {
  authenticateSession,
  authenticateSessionEarly,
  authRoutes,
  configurePasswordHashing,
  hashingLimits,
  registerSessionCache,
  revokeUserSessions,
  sameSessionCaller,
  startSessionCache,
} from './modules/auth/index.js';
import { cartRoutes } from './modules/cart/index.js';
import { catalogRoutes, followDataRevision, searchWarmingUp } from './modules/catalog/index.js';
import { mediaRoutes } from './modules/media/index.js';
import { devMailboxRoutes } from './modules/mail/index.js';
import { orderRoutes } from './modules/orders/index.js';
import { authenticateApiKey, integrationRoutes } from './modules/integration/index.js';
import { importRoutes } from './modules/imports/index.js';
import { webhookRoutes, webhookUrlPolicy } from './modules/webhooks/index.js';
import { registerIdempotency } from './modules/idempotency/index.js';
import { issueInvite, passwordRoutes, prepareCode } from './modules/password/index.js';
import { usersRoutes } from './modules/users/index.js';
import { checkoutRoutes } from './modules/checkout/index.js';
import { badgeRoutes } from './modules/badges/index.js';
import { savedCartRoutes } from './modules/saved-carts/index.js';
import { auditRoutes, recordAudit } from './modules/audit/index.js';
import { addressRoutes } from './modules/addresses/index.js';
import { accountRoutes } from './modules/account/index.js';
import { savedCardRoutes } from './modules/saved-cards/index.js';
import { equipmentRoutes } from './modules/equipment/index.js';
import { stripeCspSources } from './payments/stripe-csp.js';
import { systemRoutes } from './modules/system/index.js';
import { serializeRequest } from './process/log-redaction.js';

export type AppDependencies = { config: Config; db: Database };

/** Content-Security-Policy: scripts only from this origin (and the configured chat widget), since the session token lives in browser storage. */
function contentSecurityPolicy(config: Config) {
  const chatOrigin = config.liveChatScriptUrl ? new URL(config.liveChatScriptUrl).origin : undefined;
  const withChat = (...sources: string[]) => (chatOrigin ? [...sources, chatOrigin] : sources);
  // Stripe.js and its Payment Element, in stripe mode only (docs/decisions/006-payment-gateway.md).
  const stripe = stripeCspSources(config);
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: withChat("'self'", ...stripe.script),
      // Mantine writes its theme variables into a <style> element; inline styles cannot run code.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: withChat("'self'", 'data:', 'blob:', ...stripe.img),
      connectSrc: withChat("'self'", ...stripe.connect),
      frameSrc: withChat("'self'", ...stripe.frame),
      fontSrc: ["'self'", 'data:'],
      // The offline shell's service worker and web manifest (spec 9), both from this origin.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  };
}

/** The request log: off when silent; never credentials, nor codes and tokens in a URL. */
function loggerOptions(config: Config) {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    // Credentials never reach the log, whatever a later log line includes.
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    // Codes and tokens in a URL (password links, token-shaped path segments) never reach the log.
    serializers: { req: serializeRequest },
  };
}

/** Every feature module's routes, each in its own plugin scope. */
async function registerModuleRoutes(
  app: FastifyInstance,
  { config, db }: AppDependencies,
  passwordHashingLimits: ReturnType<typeof hashingLimits>,
) {
  await app.register(systemRoutes, {
    db,
    config,
    warmingUp: () => (searchWarmingUp(db) ? 'The catalog search index is being built.' : undefined),
  });
  await app.register(authRoutes, { db, settings: config });
  await app.register(cartRoutes, { db });
  await app.register(catalogRoutes, { db, featuredRefreshMs: config.featuredRefreshMs });
  await app.register(orderRoutes, { db });
  // Catalog, stock and price imports (modules/imports): their own scope, which alone parses CSV bodies.
  await app.register(importRoutes, { db });
  await app.register(integrationRoutes, { db });
  await app.register(webhookRoutes, { db, policy: webhookUrlPolicy(config) });
  await app.register(passwordRoutes, { db, settings: config, hashingLimits: passwordHashingLimits });
  // The audit trail, the password codes and the sessions stand on users (their tables reference it):
  // handed in here, so users imports none of them (modules/users/collaborators.ts).
  await app.register(usersRoutes, { db, config, collaborators: { recordAudit, prepareCode, issueInvite, revokeUserSessions } });
  await app.register(checkoutRoutes, { db, config });
  await app.register(badgeRoutes, { db });
  await app.register(savedCartRoutes, { db });
  await app.register(mediaRoutes, { db });
  await app.register(auditRoutes, { db });
  await app.register(addressRoutes, { db });
  await app.register(accountRoutes, { db, config });
  await app.register(savedCardRoutes, { db, config });
  await app.register(equipmentRoutes, { db, reminderCheckMs: config.inspectionReminderCheckMs });
  // The development mailbox exists only in demo mode while it is the mail transport (no SMTP_URL),
  // and answers only this machine (dev-mailbox-routes.ts).
  if (config.mode === 'demo' && !config.smtpUrl) await app.register(devMailboxRoutes, { db });
}

export async function buildApp({ config, db }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1_048_576,
    // A badly encoded URL answers the contract's error body (http/response-policy.ts).
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputSafety(app);

  await app.register(fastifyCookie);
  // X-Frame-Options DENY agrees with CSP frame-ancestors 'none' (helmet's default is SAMEORIGIN).
  registerRefusalDelay(app, { delayMs: config.refusalDelayMs, maxHeld: 1024 });
  registerSecurityHeaders(app, { contentSecurityPolicy: contentSecurityPolicy(config), xFrameOptions: { action: 'deny' } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Dealer Portal API', version: '1.0.0', description: 'See docs/api.md for authentication and errors.' },
      components: {
        securitySchemes: {
          session: { type: 'http', scheme: 'bearer', description: 'The session id from login' },
        },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // Answers of read-only routes whose caller was admitted from the session cache wait here for its
  // confirmation (http/access.ts): before any other onSend, so nothing is stored or compressed first.
  if (config.sessionCache) registerHeldAnswers(app);
  // Idempotency keys (decision 019): before compression, so the stored answer is the plain one.
  registerIdempotency(app, { db });
  // Both before any route: compression joins each route's onSend as it is added.
  await registerCompression(app);
  registerConditionalGet(app);
  // After the conditional GET (Cache-Control fallback), before access control (HEAD refused first).
  registerResponsePolicy(app);

  registerXsrf(app, { exemptPrefixes: ['/api/integration/', '/api/webhooks/'] });
  // Access control knows no module: sessions are the auth module's, API keys the integration module's.
  // Callers seen within the last seconds are answered from memory, dropped on every change of their
  // rows in any process (docs/decisions/014-session-cache.md). Its listening connection also hears
  // the catalog data revision move: the catalog's search indexes are marked behind and catch up
  // before the next search orders on them (decision 023).
  const sessionCache = config.sessionCache
    ? await startSessionCache(db, { onCatalogDataRevision: () => followDataRevision(db) })
    : undefined;
  if (sessionCache) registerSessionCache(app, sessionCache);
  registerAccessControl(app, {
    authenticateSession: (token) => authenticateSession(db, token, config.sessionIdleMinutes, sessionCache),
    ...(sessionCache && {
      early: {
        authenticate: (token: string) => authenticateSessionEarly(token, config.sessionIdleMinutes, sessionCache),
        sameCaller: sameSessionCaller,
      },
    }),
    admitCaller: (request, principal) => {
      request.principal = principal;
    },
    findApiKeyId: (key) => authenticateApiKey(db, key),
  });

  // Password hashes run in bounded pools per process (docs/decisions/015-password-hashing-pool.md).
  const passwordHashingLimits = hashingLimits({ concurrency: config.passwordHashConcurrency, queue: config.passwordHashQueue });
  configurePasswordHashing(passwordHashingLimits);

  await registerModuleRoutes(app, { config, db }, passwordHashingLimits);

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  const hasWeb = await registerWeb(app, config.webDistDir);
  app.setNotFoundHandler((request, reply) => {
    if (hasWeb && request.method === 'GET' && !request.url.startsWith('/api/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ messages: [{ field: '', message: 'Not found.' }] });
  });

  return app;
}

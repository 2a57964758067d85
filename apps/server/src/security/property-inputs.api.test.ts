/**
 * Issue 17: property-based inputs for every /api route, generated from the route's own zod schemas
 * (body, querystring, params; schema-arbitraries.ts), sent by a signed-in user of organization 1
 * holding every role (session routes) or the manufacturer's API key (integration routes). Whatever
 * the input:
 * - never a 5xx, and every error answer is the contract's body;
 * - never a stack trace, a source path or SQL text in the answer;
 * - no prototype pollution in the server process (the app runs in this process under inject);
 * - organization 2's and 3's rows are unchanged (a digest of every table with an organization_id
 *   column, taken before and after each route's runs; the integration API may change any order,
 *   so its routes are only held to the first three).
 *
 * PROPERTY_RUNS sets the runs per route (default 12 here; `npm run soak` runs many more),
 * PROPERTY_SEED replays a failing run, PROPERTY_DEBUG=1 prints how many answers of each status every route gave.
 */
import fc from 'fast-check';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../modules/users/index.js';
import type { ApiRoute } from '../http/access.js';
import { createApiKey } from '../modules/integration/index.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { bodyOf, jsonSchemaOf, objectOf, pathSegment } from './schema-arbitraries.js';

const RUNS = Number(process.env.PROPERTY_RUNS) || 12;
const FUZZER = 'fuzz.admin@summitlift.example.com';
/** Internals that must never reach a client. */
const LEAKS = [
  /\n\s+at \S+ \(/, // stack frame
  /\bat (async )?\S+ \(?\/.+\.(ts|js|mjs):\d+/,
  /node_modules/,
  /\bSELECT\b[\s\S]+\bFROM\b/,
  /\bINSERT INTO\b/,
  /\bUPDATE \S+ SET\b/,
  /\bDELETE FROM\b/,
  /violates (unique|foreign key|check|not-null) constraint/,
  /duplicate key value/,
  /syntax error at or near/,
  /relation "[a-z_]+"/,
  /invalid byte sequence/,
  /out of range for type/,
  /PGlite|pg_catalog/,
];

/** Routes whose effect would end the fuzzing session on every run. */
const SKIP = new Set(['GET /api/users/session/logout']);

describe('property-based inputs: every route, from its schemas', () => {
  let t: TestApp;
  let token = '';
  let apiKey = '';
  let fuzzerId = 0;

  async function signIn() {
    await t.db.update(users).set({ isActive: true, isVerified: true }).where(eq(users.id, fuzzerId));
    token = await t.login(FUZZER);
  }

  /** A digest of every row of organizations 2 and 3 in every table that carries organization_id. */
  async function otherTenantsDigest(): Promise<Record<string, string>> {
    const tables = (
      await t.db.execute(
        sql`SELECT table_name FROM information_schema.columns WHERE column_name = 'organization_id' AND table_schema = current_schema() ORDER BY table_name`,
      )
    ).rows as { table_name: string }[];
    const digest: Record<string, string> = {};
    for (const { table_name } of tables) {
      const [row] = (
        await t.db.execute(
          sql`SELECT count(*)::int AS n, coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), '') AS h FROM ${sql.identifier(table_name)} x WHERE x.organization_id IN (2, 3)`,
        )
      ).rows as { n: number; h: string }[];
      digest[table_name] = `${row!.n}:${row!.h}`;
    }
    // Users' branches and the organizations themselves.
    const [orgs] = (
      await t.db.execute(sql`SELECT md5(string_agg(o::text, '|' ORDER BY o.id)) AS h FROM organizations o WHERE o.id IN (2, 3)`)
    ).rows as {
      h: string;
    }[];
    digest.organizations = orgs!.h;
    return digest;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const [admin] = await t.db.select().from(users).where(eq(users.email, 'admin@summitlift.example.com'));
    const [fuzzer] = await t.db
      .insert(users)
      .values({
        organizationId: admin!.organizationId,
        email: FUZZER,
        passwordHash: admin!.passwordHash,
        firstName: 'Fuzz',
        lastName: 'Admin',
        isActive: true,
        isVerified: true,
        useOrganizationBranches: true,
        useOrganizationRoles: true,
        allowCashSales: true,
      })
      .returning({ id: users.id });
    fuzzerId = fuzzer!.id;
    await signIn();
    apiKey = (await createApiKey(t.db, 'property tests')).key;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('covers every registered route with a schema-driven property', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(40);
  });

  const routeList = (): ApiRoute[] => t.app.apiRoutes.filter((r) => !SKIP.has(`${r.method} ${r.url}`));

  it('never answers 5xx, internals or a changed other tenant, whatever the input', async () => {
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    for (const route of routeList()) {
      const key = `${route.method} ${route.url}`;
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const params = objectOf(jsonSchemaOf(schema.params));
      const query = objectOf(jsonSchemaOf(schema.querystring));
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const body = hasBody ? bodyOf(jsonSchemaOf(schema.body)) : fc.constant(undefined);
      const before = route.access === 'integration' ? undefined : await otherTenantsDigest();

      await fc.assert(
        fc.asyncProperty(params, query, body, async (paramValues, queryValues, payload) => {
          let url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) => pathSegment(paramValues[name] ?? 'x'));
          const search = Object.entries(queryValues)
            .map(([k, v]) => `${encodeURIComponent(k)}=${pathSegment(v)}`)
            .join('&');
          if (search) url += `?${search}`;
          const response = await t.app.inject({
            method: route.method as 'GET',
            url,
            headers: {
              'x-xsrf-token': 'fuzz-xsrf',
              cookie: 'XSRF-TOKEN=fuzz-xsrf',
              authorization: `Bearer ${route.access === 'integration' ? apiKey : token}`,
              ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
            },
            ...(payload !== undefined ? { payload } : {}),
          });
          if (process.env.PROPERTY_DEBUG)
            statuses.set(`${key} ${response.statusCode}`, (statuses.get(`${key} ${response.statusCode}`) ?? 0) + 1);
          const where = `${key} ${url.slice(0, 200)} ${String(payload).slice(0, 200)}`;
          if (response.statusCode >= 500) failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 300)}`);
          const leak = LEAKS.find((pattern) => pattern.test(response.body));
          if (leak) failures.push(`${where}: the answer shows ${leak}: ${response.body.slice(0, 300)}`);
          if (response.statusCode >= 400 && response.headers['content-type']?.toString().includes('json')) {
            const answer = response.json() as { messages?: unknown };
            if (!Array.isArray(answer.messages)) failures.push(`${where}: error body without messages: ${response.body.slice(0, 200)}`);
          }
          if (({} as Record<string, unknown>).polluted !== undefined || ({} as Record<string, unknown>).isAdmin !== undefined) {
            failures.push(`${where}: Object.prototype was polluted`);
          }
          return true;
        }),
        { numRuns: RUNS, seed: Number(process.env.PROPERTY_SEED) || undefined },
      );

      if (before) {
        const after = await otherTenantsDigest();
        const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
        if (changed.length > 0) failures.push(`${key}: organization 2 or 3 rows changed in ${changed.join(', ')}`);
      }
      // The runs may have deactivated the fuzzing user or ended its session: start each route afresh.
      if ((await t.request({ method: 'GET', url: '/api/users/session/refresh', token })).statusCode !== 200) await signIn();
    }
    if (process.env.PROPERTY_DEBUG) console.log([...statuses].map(([k, n]) => `${k}: ${n}`).join('\n'));
    expect(failures.slice(0, 30)).toEqual([]);
  }, 900_000);
});

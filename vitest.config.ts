import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests of every workspace. API tests open their own database per file (PGlite in
 * memory, or a fresh PostgreSQL database when DATABASE_URL is set), seeded from one template made
 * by the global setup.
 */
export default defineConfig({
  // The web app's '@/' alias (apps/web/vite.config.ts) for its unit tests.
  resolve: { alias: { '@': fileURLToPath(new URL('./apps/web/src', import.meta.url)) } },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/server/src/**/*.test.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/tools/**/*.test.ts',
    ],
    globalSetup: ['apps/server/src/test-support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});

import { defineConfig } from 'drizzle-kit';

/**
 * Each module owns its tables in `src/modules/<name>/schema.ts` (the simulated payment gateway's in
 * `src/payments/schema.ts`); drizzle-kit reads them all, so it sees every table.
 * tools/db-snapshot.mjs passes the same glob.
 */
const SCHEMA_GLOB = './src/{modules/*,payments}/schema.ts';

export default defineConfig({
  dialect: 'postgresql',
  schema: SCHEMA_GLOB,
  out: './drizzle',
});

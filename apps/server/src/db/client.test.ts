/**
 * The server's PostgreSQL connections (client.ts): JIT compilation off on every pooled connection,
 * since the server's statements are all short (decision 026). PostgreSQL only (DATABASE_URL);
 * PGlite has no JIT.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.js';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('PostgreSQL connections', () => {
  it('compile no statement with JIT, on every connection of the pool', async () => {
    const handle = await openDatabase({ kind: 'postgres', url: url!, poolSize: 3 });
    try {
      // Three at once, so the pool opens three connections.
      const settings = await Promise.all(
        [1, 2, 3].map(
          async () => ((await handle.db.execute(sql`SELECT current_setting('jit') AS jit, pg_sleep(0.05)`)).rows[0] as { jit: string }).jit,
        ),
      );
      expect(settings).toEqual(['off', 'off', 'off']);
    } finally {
      await handle.close();
    }
  });
});

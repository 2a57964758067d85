import { vi } from 'vitest';

/**
 * Records the text of every statement the app runs outside transactions from now on (both drivers
 * send them through `$client.query`); `vi.restoreAllMocks()` stops it.
 */
export function recordStatements(db: unknown): string[] {
  const client = (db as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const statements: string[] = [];
  const query = client.query.bind(client);
  vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const [config] = args;
    statements.push(typeof config === 'string' ? config : String((config as { text?: string }).text));
    return query(...args);
  });
  return statements;
}

import { PGlite } from '@electric-sql/pglite';
import { vi } from 'vitest';
import { preparedStatementText } from '../db/pglite-prepared.js';

/**
 * Records the text of every statement the app runs outside transactions from now on (both drivers
 * send them through `$client.query`, and PGlite's named statements through its protocol: one Bind
 * per run, pglite-prepared.ts); `vi.restoreAllMocks()` stops it.
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
  if (client instanceof PGlite) {
    const execProtocolStream = client.execProtocolStream.bind(client);
    vi.spyOn(client, 'execProtocolStream').mockImplementation((message, options) => {
      const name = namedBind(message);
      if (name) statements.push(preparedStatementText(client, name) ?? name);
      return execProtocolStream(message, options);
    });
  }
  return statements;
}

/** The statement a Bind message names ('B', length, portal, statement, ...); undefined for any other message or the unnamed statement. */
function namedBind(message: Uint8Array): string | undefined {
  if (message[0] !== 0x42) return undefined;
  const portalEnd = message.indexOf(0, 5);
  const statementEnd = message.indexOf(0, portalEnd + 1);
  const name = Buffer.from(message.subarray(portalEnd + 1, statementEnd)).toString('utf8');
  return name || undefined;
}

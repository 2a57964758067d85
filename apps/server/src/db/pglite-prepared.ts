/**
 * Named prepared statements on PGlite. PGlite's own `query` sends every statement as an unnamed one:
 * parsed and planned again on each call, in WebAssembly, on the server's one thread. For the catalog's
 * priced product statement that was 3.1 ms of a 3.6 ms product detail on the M set (issue 32); run
 * as a named statement parsed once, the plan is kept as PostgreSQL keeps it for node-postgres's named
 * statements (query-rows.ts). This sends the same protocol messages PGlite's `query` sends (its
 * public `execProtocolStream`, under the same two locks, so it never runs inside another caller's
 * transaction), naming the statement and sending Parse only the first time.
 */
import { parse, protocol, type PGlite } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

type Parsed = { text: string; types: number[] };

/** Per PGlite instance: the statements it has parsed, by name, with their text and parameter types. */
const parsedStatements = new WeakMap<PGlite, Map<string, Parsed>>();

function statementsOf(client: PGlite): Map<string, Parsed> {
  let statements = parsedStatements.get(client);
  if (!statements) parsedStatements.set(client, (statements = new Map()));
  return statements;
}

/** Runs `text` as the named statement `name` (parsed on first use) and answers its rows, typed as PGlite's `query` types them. */
export async function pglitePreparedRows<T>(client: PGlite, name: string, text: string, params: readonly unknown[]): Promise<T[]> {
  await client._checkReady();
  return client._runExclusiveTransaction(() =>
    client._runExclusiveQuery(async () => {
      const statements = statementsOf(client);
      const messages: BackendMessage[] = [];
      const send = async (message: Uint8Array) => {
        const answered = await client.execProtocolStream(message, { syncToFs: false });
        messages.push(...answered);
        return answered;
      };
      try {
        let types = statements.get(name)?.types;
        if (!types) {
          // A parse whose describe failed left the name taken: closing a name nobody holds is no error.
          await send(protocol.serialize.close({ type: 'S', name }));
          await send(protocol.serialize.parse({ name, text }));
          types = parse.parseDescribeStatementResults(await send(protocol.serialize.describe({ type: 'S', name })));
          statements.set(name, { text, types });
        }
        const parameterTypes = types;
        const values = params.map((value, k) => {
          if (value === null || value === undefined) return null;
          const serializer = client.serializers[parameterTypes[k]!];
          return serializer ? serializer(value) : String(value);
        });
        await send(protocol.serialize.bind({ statement: name, values }));
        await send(protocol.serialize.describe({ type: 'P' }));
        await send(protocol.serialize.execute({}));
      } finally {
        // As PGlite's query: Sync ends the extended query whether or not a message failed.
        messages.push(...(await client.execProtocolStream(protocol.serialize.sync(), { syncToFs: false })));
      }
      await client.syncToFs();
      return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as T[];
    }),
  );
}

/** The text of a statement parsed under `name` on this PGlite (the tests' statement recorder names what each Bind runs). */
export function preparedStatementText(client: PGlite, name: string): string | undefined {
  return parsedStatements.get(client)?.get(name)?.text;
}

/**
 * `npm run integration -- <command>`: API keys for the manufacturer's systems (also
 * `npm run portal -- keys ...`, apps/server/src/cli), and order status
 * updates from the shell (server-rules "Orders": "...through the integration API, or from the
 * command-line tool"). Uses the configured database (DATABASE_URL, else the embedded one in
 * DATA_DIR, which only one process can open: stop the server first in that case).
 *
 *   create-key <name>                                   prints a new key once; only its hash is stored
 *   list-keys
 *   revoke-key <id>
 *   set-status <documentNumber> <statusCode> [--expected-ship-date=YYYY-MM-DD]
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { integrationStatusRequestSchema } from '@portal/domain';
import { loadConfig } from '../../config.js';
import type { Database } from '../../db/client.js';
import { openConfiguredDatabase } from '../../db/open-configured.js';
import { HttpError } from '../../http/errors.js';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.js';
import { updateOrderStatus } from './service.js';

export const USAGE = `usage: npm run integration -- <command>
  create-key <name>                      create an API key (shown once)
  list-keys                              list API keys
  revoke-key <id>                        revoke an API key
  set-status <documentNumber> <statusCode> [--expected-ship-date=YYYY-MM-DD]
                                         set an order's status (mails the invoice notice on reaching 70+)`;

export class UsageError extends Error {}

const wholeNumber = (text: string | undefined, what: string): number => {
  if (!text || !/^-?\d+$/.test(text)) throw new UsageError(`${what} must be a whole number.`);
  return Number(text);
};

/** The command line (node:util parseArgs): positionals and --expected-ship-date; UsageError on anything else. */
function parseCommandLine(args: string[]): { positionals: string[]; expectedShipDate: string | undefined } {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { 'expected-ship-date': { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
    return { positionals, expectedShipDate: values['expected-ship-date'] };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Runs one command against `db`, writing its output lines to `out`. Throws UsageError on bad arguments. */
export async function runIntegrationCommand(db: Database, args: string[], out: (line: string) => void): Promise<void> {
  const { positionals, expectedShipDate } = parseCommandLine(args);
  const [command, ...rest] = positionals;
  if (expectedShipDate !== undefined && command !== 'set-status') throw new UsageError('--expected-ship-date is only for set-status.');
  switch (command) {
    case 'create-key': {
      const name = rest.join(' ').trim();
      if (!name) throw new UsageError('create-key needs a name, e.g. create-key "ERP production".');
      const key = await createApiKey(db, name);
      out(`Created API key ${key.id} "${key.name}". It is shown only now; store it safely:`);
      out(key.key);
      return;
    }
    case 'list-keys': {
      const keys = await listApiKeys(db);
      if (keys.length === 0) out('No API keys.');
      for (const k of keys)
        out(`${k.id}\t${k.name}\tcreated ${k.createdAt.toISOString()}${k.revokedAt ? `\trevoked ${k.revokedAt.toISOString()}` : ''}`);
      return;
    }
    case 'revoke-key': {
      const id = wholeNumber(rest[0], 'The key id');
      out((await revokeApiKey(db, id)) ? `Revoked API key ${id}.` : `No live API key ${id}.`);
      return;
    }
    case 'set-status': {
      const documentNumber = wholeNumber(rest[0], 'The document number');
      const statusCode = wholeNumber(rest[1], 'The status code');
      if (rest.length > 2) throw new UsageError(`Unexpected argument ${rest[2]}.`);
      const parsed = integrationStatusRequestSchema.safeParse({
        statusCode,
        ...(expectedShipDate !== undefined ? { expectedShipDate } : {}),
      });
      if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join(' '));
      try {
        const state = await updateOrderStatus(db, documentNumber, parsed.data);
        out(`Order ${state.documentNumber}: status ${state.statusCode}, expected ship date ${state.expectedShipDate ?? 'none'}.`);
      } catch (error) {
        if (error instanceof HttpError) throw new UsageError(error.message);
        throw error;
      }
      return;
    }
    default:
      throw new UsageError(command ? `Unknown command ${command}.` : 'No command given.');
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const handle = await openConfiguredDatabase(config);
  try {
    await handle.migrate();
    await runIntegrationCommand(handle.db, process.argv.slice(2), (line) => console.log(line));
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      console.error(USAGE);
      process.exitCode = 2;
    } else {
      throw error;
    }
  } finally {
    await handle.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();

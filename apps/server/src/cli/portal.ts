/**
 * `npm run portal -- <command>`: the portal's command-line tool (issue 18, interface-contract
 * "Command line"). Uses the database the server would (DATABASE_URL, else the embedded one in
 * DATA_DIR, which one process opens at a time: stop the server first in that case), migrated first.
 * Exit code 0 on success, 1 when the work is refused (errors on stderr), 2 on bad arguments.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import { openConfiguredDatabase } from '../db/open-configured.js';
import { catalogsCommand } from './catalogs.js';
import { CliError, usageError, type CliContext } from './context.js';
import { exportCommand, importCommand } from './data.js';
import { keysCommand } from './keys.js';
import { ordersCommand } from './orders.js';
import { orgsCommand } from './orgs.js';
import { usersCommand } from './users.js';
import { webhooksCommand } from './webhooks.js';

export const PORTAL_HELP = `usage: npm run portal -- <command> [options]     (each command has --help)

  orgs create|update|list          dealer organizations: flags, fees, branches, catalogs, card readers, sales reps
  users create                     a user of an organization, invited by mail (activation link)
  users reset-password             mail a user a password code
  catalogs create|list             catalogs (each with its price list); also price-lists and warehouses create|list
  keys create|list|revoke          API keys of the integration API (docs/integration.md)
  orders set-status DOC STATUS     an order's status (and --expected-ship-date), as the integration API sets it
  import catalog FILE --catalog=ID products of a catalog, in the columns of the catalog CSV export
  import stock FILE                stock on hand per SKU and warehouse
  import prices FILE --price-list=ID   prices of a price list
  import synonyms FILE --catalog=ID  the catalog's synonym sets (CSV, one set per line), replacing them all
  import invoices FILE             invoices of the organizations (CSV), upserted by invoice number
  import serials FILE              the manufacturer's register of serials sold (CSV or JSON), by serial number
  export catalog --catalog=ID      the catalog as CSV on standard output (npm run -s portal -- ... > FILE)
  webhooks create URL --events=a,b|list|disable ID|deliveries ID   outbound events to the manufacturer's systems

The database is the server's: DATABASE_URL, else the embedded one in DATA_DIR (stop the server first).`;

type Output = { write(chunk: string): Promise<void>; close(): Promise<void> };

/** A file written as the export produces it; created only at the first write, so a refused export leaves no file. */
export function fileOutput(path: string): Output {
  let stream: ReturnType<typeof createWriteStream> | undefined;
  return {
    async write(chunk) {
      stream ??= createWriteStream(path);
      if (!stream.write(chunk)) await once(stream, 'drain');
    },
    async close() {
      if (!stream) return;
      stream.end();
      await once(stream, 'finish');
    },
  };
}

/** Runs one command line; throws CliError (or a usage error) on refusal. */
export async function runPortal(argv: string[], ctx: CliContext): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'orgs':
      return orgsCommand(rest, ctx);
    case 'users':
      return usersCommand(rest, ctx);
    case 'keys':
      return keysCommand(rest, ctx);
    case 'orders':
      return ordersCommand(rest, ctx);
    case 'webhooks':
      return webhooksCommand(rest, ctx);
    case 'catalogs':
    case 'price-lists':
    case 'warehouses':
      return catalogsCommand(command, rest, ctx);
    case 'import':
      return importCommand(rest, ctx);
    case 'export':
      return exportCommand(rest, ctx, fileOutput);
    case undefined:
    case '--help':
    case '-h':
    case 'help':
      if (command === undefined) throw usageError(`No command given.\n\n${PORTAL_HELP}`);
      return ctx.out(PORTAL_HELP);
    default:
      throw usageError(`Unknown command "${command}".\n\n${PORTAL_HELP}`);
  }
}

/** Runs a command line and answers its exit code; a refusal's message goes to `ctx.err`. */
export async function exitCodeOf(argv: string[], ctx: CliContext): Promise<number> {
  try {
    await runPortal(argv, ctx);
    return 0;
  } catch (error) {
    ctx.err(error instanceof Error ? error.message : String(error));
    return error instanceof CliError ? error.exitCode : 1;
  }
}

/** The process: real stdout/stderr, the configured database opened on first use and closed at the end. */
export async function main(argv = process.argv.slice(2)): Promise<number> {
  let handle: DatabaseHandle | undefined;
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 1;
  }
  const ctx: CliContext = {
    config,
    async database() {
      if (!handle) {
        handle = await openConfiguredDatabase(config);
        await handle.migrate();
      }
      return handle.db;
    },
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    async write(chunk) {
      if (!process.stdout.write(chunk)) await once(process.stdout, 'drain');
    },
    isTty: Boolean(process.stdout.isTTY),
    progressStream: process.stderr.isTTY ? process.stderr : undefined,
  };
  try {
    return await exitCodeOf(argv, ctx);
  } finally {
    await handle?.close();
  }
}

/**
 * Runs the command line as this process: what `npm run portal` starts (tools/portal.mjs, through the
 * built bundle dist/portal.js) and what `node dist/portal.js` or `tsx src/cli/portal.ts` runs.
 */
export async function runAsProcess(argv = process.argv.slice(2)): Promise<void> {
  // `export catalog ... | head`: the reader has gone, which is not an error (the data-dir lock is released on exit).
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  process.exitCode = await main(argv);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runAsProcess();

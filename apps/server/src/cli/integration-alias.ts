/**
 * `npm run integration -- <command>`: the older spelling of four commands of the one command-line
 * tool, `npm run portal` (cli/portal.ts), kept so that scripts written for it still work:
 *
 *   create-key NAME          = portal keys create NAME
 *   list-keys                = portal keys list
 *   revoke-key ID            = portal keys revoke ID
 *   set-status DOC STATUS    = portal orders set-status DOC STATUS [--expected-ship-date=...]
 */
import { pathToFileURL } from 'node:url';
import { runAsProcess } from './portal.js';

const OLD_COMMANDS: Record<string, string[]> = {
  'create-key': ['keys', 'create'],
  'list-keys': ['keys', 'list'],
  'revoke-key': ['keys', 'revoke'],
  'set-status': ['orders', 'set-status'],
};

/** The portal command line an older `npm run integration` command line stands for (unknown ones pass as they are). */
export function portalArgsOf(argv: string[]): string[] {
  const [command, ...rest] = argv;
  const portal = command === undefined ? undefined : OLD_COMMANDS[command];
  return portal ? [...portal, ...rest] : argv;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runAsProcess(portalArgsOf(process.argv.slice(2)));

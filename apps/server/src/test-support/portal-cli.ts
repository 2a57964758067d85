/**
 * Runs a command of the portal tool (`npm run portal -- ...`) in process, as the tests of the
 * command line and of the modules it feeds do: its exit code and what it printed to each stream.
 */
import type { CliContext } from '../cli/context.js';
import { exitCodeOf } from '../cli/portal.js';
import type { Database } from '../db/client.js';

export type PortalRun = { code: number; out: string; err: string };

export async function runPortal(
  argv: string[],
  database: () => Promise<Database>,
  mode: CliContext['config']['mode'] = 'standard',
): Promise<PortalRun> {
  const out: string[] = [];
  const err: string[] = [];
  const ctx: CliContext = {
    config: { mode, publicUrl: 'https://portal.example.com', port: 3000 },
    database,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    write: async () => {},
    isTty: false,
  };
  const code = await exitCodeOf(argv, ctx);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** `keys create|list|revoke`: API keys of the manufacturer's systems (integration API, docs/integration.md). */
import { createApiKey, listApiKeys, revokeApiKey } from '../modules/integration/index.js';
import { CliError, parseCommand, usageError, wholeNumberArg, type CliContext } from './context.js';

export const KEYS_HELP = `usage: npm run portal -- keys <create|list|revoke> ...

  keys create NAME    create an API key for the integration API; the key is shown once, only its hash is stored
  keys list           list the keys: id, name, created, revoked
  keys revoke ID      revoke a key: calls with it answer 401 from now on

options:
  -h, --help          this help`;

export async function keysCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommand(args, {}, KEYS_HELP);
  const [action, ...rest] = positionals;
  if (values.help) return ctx.out(KEYS_HELP);
  switch (action) {
    case 'create': {
      const name = rest.join(' ').trim();
      if (!name) throw usageError('keys create needs a NAME, e.g. keys create "ERP production".');
      if (name.length > 100) throw usageError('The key name is longer than 100 characters.');
      const key = await createApiKey(await ctx.database(), name);
      ctx.err(`Created API key ${key.id} "${key.name}". It is shown only now; store it safely:`);
      ctx.out(key.key);
      return;
    }
    case 'list': {
      if (rest.length) throw usageError(`keys list takes no argument, not "${rest[0]}".`);
      const keys = await listApiKeys(await ctx.database());
      if (keys.length === 0) ctx.err('No API keys.');
      for (const k of keys)
        ctx.out(`${k.id}\t${k.name}\tcreated ${k.createdAt.toISOString()}${k.revokedAt ? `\trevoked ${k.revokedAt.toISOString()}` : ''}`);
      return;
    }
    case 'revoke': {
      if (rest.length !== 1) throw usageError('keys revoke needs one key ID (see keys list).');
      const id = wholeNumberArg(rest[0], 'The key ID');
      if (!(await revokeApiKey(await ctx.database(), id))) throw new CliError(`No live API key has the id ${id}.`);
      ctx.out(`Revoked API key ${id}.`);
      return;
    }
    default:
      throw usageError(`${action ? `Unknown keys command "${action}"` : 'keys needs a command'}.\n\n${KEYS_HELP}`);
  }
}

/**
 * `orgs create|update|list`: dealer organizations with their flags, fees, branches, catalogs, card
 * readers (terminals) and sales reps ("taken by" names), spec section 3. Every argument is checked
 * before anything is written, and each command writes in one transaction.
 */
import { isOrganizationFlag, ORGANIZATION_FLAGS, plainDollars, ROLE_KEYS } from '@portal/domain/rules';
import { parseBranchShipTo } from '@portal/domain';
import { HttpError } from '../http/errors.js';
import { recordCommandLineAudit } from '../modules/audit/index.js';
import {
  createOrganization,
  listOrganizations,
  type OrganizationChanges,
  organizationSettings,
  updateOrganization,
} from '../modules/organizations/index.js';
import { CliError, centsArg, listArg, parseCommand, usageError, wholeNumberArg, type CliContext } from './context.js';

const FEES = {
  'fee-forklift': 'feeForkliftCents',
  'fee-liftgate': 'feeLiftgateCents',
  'fee-residential': 'feeResidentialCents',
  'fee-notice': 'feeNoticeCents',
} as const;

export const ORGS_HELP = `usage: npm run portal -- orgs <create|update|list> [ID] [options]

  orgs create --name=NAME [options]    create a dealer organization; prints its id
  orgs update ID [options]             change an organization (only what the options name)
  orgs list                            id, name, branches and catalogs of every organization

options:
  --name=NAME                   the organization's name
  --enable=FLAG,...             turn flags on:  ${ORGANIZATION_FLAGS.join(', ')}
  --disable=FLAG,...            turn flags off (same names)
  --roles=ROLE,...              the roles its users may have (replaces the list): ${ROLE_KEYS.join(', ')}
  --fee-forklift=DOLLARS        charge amounts (default 0): also --fee-liftgate, --fee-residential, --fee-notice
  --price-list=ID|none          its own price list, overriding the catalogs' prices for the SKUs it holds
  --branch=NUMBER:NAME          add a branch, or rename branch NUMBER (repeatable)
  --branch-address=NUMBER:ADDRESS
                                branch NUMBER's ship-to address, where its checkout starts:
                                "STREET[, STREET 2], CITY, ST ZIP", or none to clear it (repeatable)
  --catalogs=ID,...             the catalogs it sees, first one first (replaces the list)
  --card-reader=ID:NAME         add a card reader (terminal), or rename it (repeatable)
  --remove-card-reader=ID       remove a card reader (repeatable)
  --sales-rep=NAME              add a sales rep to the 'Taken By' list (repeatable)
  --remove-sales-rep=NAME       remove a sales rep (repeatable)
  -h, --help                    this help`;

const OPTIONS = {
  name: { type: 'string' },
  enable: { type: 'string', multiple: true },
  disable: { type: 'string', multiple: true },
  roles: { type: 'string' },
  'fee-forklift': { type: 'string' },
  'fee-liftgate': { type: 'string' },
  'fee-residential': { type: 'string' },
  'fee-notice': { type: 'string' },
  'price-list': { type: 'string' },
  branch: { type: 'string', multiple: true },
  'branch-address': { type: 'string', multiple: true },
  catalogs: { type: 'string' },
  'card-reader': { type: 'string', multiple: true },
  'remove-card-reader': { type: 'string', multiple: true },
  'sales-rep': { type: 'string', multiple: true },
  'remove-sales-rep': { type: 'string', multiple: true },
} as const;

type Values = ReturnType<typeof parseCommand<typeof OPTIONS>>['values'];

/** The changes the options ask for, checked without the database. */
type Plan = OrganizationChanges;

function pair(value: string, option: string, what: string): [string, string] {
  const at = value.indexOf(':');
  const key = at < 0 ? '' : value.slice(0, at).trim();
  const name = at < 0 ? '' : value.slice(at + 1).trim();
  if (!key || !name) throw usageError(`--${option} must be ${what}:NAME, not "${value}".`);
  if (name.length > 100) throw usageError(`--${option}: the name is longer than 100 characters.`);
  return [key, name];
}

function plan(values: Values): Plan {
  const columns: Plan['columns'] = {};
  if (values.name !== undefined) {
    const name = values.name.trim();
    if (!name || name.length > 200) throw usageError('--name must be 1 to 200 characters.');
    columns.name = name;
  }
  const flags = (list: string[] | undefined, on: boolean) => {
    for (const flag of (list ?? []).flatMap(listArg)) {
      if (!isOrganizationFlag(flag)) throw usageError(`Unknown flag "${flag}"; the flags are ${ORGANIZATION_FLAGS.join(', ')}.`);
      if (columns[flag] === !on) throw usageError(`The flag ${flag} is both enabled and disabled.`);
      columns[flag] = on;
    }
  };
  flags(values.enable, true);
  flags(values.disable, false);
  if (values.roles !== undefined) {
    const roles = listArg(values.roles);
    const unknown = roles.find((r) => !(ROLE_KEYS as readonly string[]).includes(r));
    if (unknown) throw usageError(`Unknown role "${unknown}"; the roles are ${ROLE_KEYS.join(', ')}.`);
    columns.roles = [...new Set(roles)];
  }
  for (const [option, column] of Object.entries(FEES) as [keyof typeof FEES, (typeof FEES)[keyof typeof FEES]][]) {
    const value = values[option];
    if (value !== undefined) columns[column] = centsArg(value, `--${option}`);
  }
  const priceList =
    values['price-list'] === undefined
      ? undefined
      : values['price-list'] === 'none'
        ? null
        : wholeNumberArg(values['price-list'], '--price-list');

  const branchList = (values.branch ?? []).map((b) => {
    const [number, name] = pair(b, 'branch', 'NUMBER');
    return { number: wholeNumberArg(number, '--branch NUMBER'), name };
  });
  const seen = new Set<number>();
  for (const b of branchList) {
    if (seen.has(b.number)) throw usageError(`--branch ${b.number} is given twice.`);
    seen.add(b.number);
  }
  const branchAddresses = (values['branch-address'] ?? []).map((value) => {
    const at = value.indexOf(':');
    const number = at < 0 ? '' : value.slice(0, at).trim();
    const text = at < 0 ? '' : value.slice(at + 1).trim();
    if (!number || !text) throw usageError(`--branch-address must be NUMBER:ADDRESS, not "${value}".`);
    if (text === 'none') return { number: wholeNumberArg(number, '--branch-address NUMBER'), address: null };
    const parsed = parseBranchShipTo(text);
    if (!parsed.ok) throw usageError(`--branch-address ${number}: ${parsed.message}`);
    return { number: wholeNumberArg(number, '--branch-address NUMBER'), address: parsed.address };
  });
  const addressed = new Set<number>();
  for (const b of branchAddresses) {
    if (addressed.has(b.number)) throw usageError(`--branch-address ${b.number} is given twice.`);
    addressed.add(b.number);
  }
  const catalogList = values.catalogs === undefined ? undefined : [...new Set(listArg(values.catalogs))];
  const readers = (values['card-reader'] ?? []).map((r) => {
    const [id, name] = pair(r, 'card-reader', 'ID');
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw usageError(`--card-reader ID must be letters, digits, _ or -, not "${id}".`);
    return { id, name };
  });
  const reps = (values['sales-rep'] ?? []).map((r) => r.trim());
  if (reps.some((r) => !r || r.length > 100)) throw usageError('--sales-rep must be a name of 1 to 100 characters.');
  return {
    columns,
    priceList,
    branches: branchList,
    branchAddresses,
    catalogs: catalogList,
    readers,
    removeReaders: values['remove-card-reader'] ?? [],
    reps,
    removeReps: (values['remove-sales-rep'] ?? []).map((r) => r.trim()),
  };
}

/** The organizations module's refusals (404, 409) as the tool's (exit code 1), with their message. */
async function refusedAsCliError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof HttpError) throw new CliError(error.message);
    throw error;
  }
}

async function describeOrganization(ctx: CliContext, id: number): Promise<string> {
  const settings = await refusedAsCliError(organizationSettings(await ctx.database(), id));
  const { feesCents: fees } = settings;
  return [
    `Organization ${id} "${settings.name}"`,
    `  flags: ${settings.flags.join(', ') || 'none'}`,
    `  roles: ${settings.roles.join(', ') || 'none'}`,
    `  fees: forklift ${plainDollars(fees.forklift)}, liftgate ${plainDollars(fees.liftgate)}, residential ${plainDollars(fees.residential)}, notice ${plainDollars(fees.notice)}`,
    `  price list: ${settings.priceListId ?? 'none'}`,
    `  branches: ${settings.branches.join('; ') || 'none'}`,
    `  catalogs: ${settings.catalogs.join(', ') || 'none'}`,
    `  card readers: ${settings.cardReaders.join('; ') || 'none'}`,
    `  sales reps: ${settings.salesReps.join('; ') || 'none'}`,
  ].join('\n');
}

export async function orgsCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommand(args, OPTIONS, ORGS_HELP);
  if (values.help) return ctx.out(ORGS_HELP);
  const [action, ...rest] = positionals;
  switch (action) {
    case 'create': {
      if (rest.length) throw usageError(`orgs create takes no positional argument, not "${rest[0]}".`);
      if (values.name === undefined) throw usageError('orgs create needs --name=NAME.');
      if (values['remove-card-reader'] || values['remove-sales-rep']) throw usageError('orgs create has nothing to remove.');
      const p = plan(values);
      const id = await refusedAsCliError(
        createOrganization(await ctx.database(), { ...p, columns: { ...p.columns, name: p.columns.name! } }),
      );
      ctx.out(await describeOrganization(ctx, id));
      return;
    }
    case 'update': {
      if (rest.length !== 1) throw usageError('orgs update needs one organization ID.');
      const id = wholeNumberArg(rest[0], 'The organization ID');
      const p = plan(values);
      // Issue 20: organization settings changes are in the organization's audit trail.
      await refusedAsCliError(updateOrganization(await ctx.database(), id, p, recordCommandLineAudit));
      ctx.out(await describeOrganization(ctx, id));
      return;
    }
    case 'list': {
      for (const r of await listOrganizations(await ctx.database()))
        ctx.out(`${r.id}\t${r.name}\tbranches ${r.branches ?? '-'}\tcatalogs ${r.catalogs ?? '-'}`);
      return;
    }
    default:
      throw usageError(`${action ? `Unknown orgs command "${action}"` : 'orgs needs a command'}.\n\n${ORGS_HELP}`);
  }
}

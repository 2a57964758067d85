/**
 * `users create` (an invited user: no password until the activation link of the invitation mail is
 * used, the same flow as 'Invite User', decision 004) and `users reset-password` (mails a password
 * code, as 'Forgot password' does). Mail goes through the outbox, so the worker of a running server
 * (or of the next start) sends it.
 */
import { ROLE_KEYS, isValidEmail } from '@portal/domain/rules';
import { organizationForNewUser } from '../modules/organizations/index.js';
import { linkOrigin } from '../http/origin.js';
import { CHALLENGE_LIMITS, issueInvite, mailCodeTo, prepareCode } from '../modules/password/index.js';
import { addUser, userByEmail } from '../modules/users/index.js';
import { CliError, listArg, parseCommand, usageError, wholeNumberArg, type CliContext } from './context.js';

export const USERS_HELP = `usage: npm run portal -- users <create|reset-password> [options]

  users create --org=ID --email=EMAIL --first-name=NAME --last-name=NAME [options]
      creates an active user without a password and mails the invitation (activation link and code,
      valid ${CHALLENGE_LIMITS.inviteLifetimeHours} hours); links start with PUBLIC_URL (else http://localhost:PORT)
        --phone=DIGITS              phone number
        --roles=ROLE,...            roles among the organization's: ${ROLE_KEYS.join(', ')}
        --organization-roles        the user has the organization's roles (instead of --roles)
        --branches=NUMBER,...|all   the branches the user may use (all: every branch of the organization)
        --restricted-pricing        the user sees MSRP only, never dealer cost
        --limit-order-history       the user sees only the orders they entered
  users reset-password --email=EMAIL
      mails the user a password code (an activation code if the user never activated)

options:
  -h, --help                    this help`;

const OPTIONS = {
  org: { type: 'string' },
  email: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  phone: { type: 'string' },
  roles: { type: 'string' },
  'organization-roles': { type: 'boolean' },
  branches: { type: 'string' },
  'restricted-pricing': { type: 'boolean' },
  'limit-order-history': { type: 'boolean' },
} as const;

function requiredText(value: string | undefined, option: string, max: number): string {
  const text = value?.trim() ?? '';
  if (!text) throw usageError(`users create needs --${option}.`);
  if (text.length > max) throw usageError(`--${option} is longer than ${max} characters.`);
  return text;
}

function emailArg(value: string | undefined, command: string): string {
  const email = value?.trim().toLowerCase() ?? '';
  if (!email) throw usageError(`${command} needs --email=EMAIL.`);
  if (!isValidEmail(email)) throw usageError(`"${value}" is not a valid email address.`);
  return email;
}

export async function usersCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommand(args, OPTIONS, USERS_HELP);
  if (values.help) return ctx.out(USERS_HELP);
  const [action, ...rest] = positionals;
  if (rest.length) throw usageError(`Unexpected argument "${rest[0]}".\n\n${USERS_HELP}`);
  if (action === 'create') return createUser(values, ctx);
  if (action === 'reset-password') {
    const extra = Object.keys(values).filter((k) => k !== 'email');
    if (extra.length) throw usageError(`users reset-password takes only --email, not --${extra[0]}.`);
    return resetPassword(emailArg(values.email, 'users reset-password'), ctx);
  }
  throw usageError(`${action ? `Unknown users command "${action}"` : 'users needs a command'}.\n\n${USERS_HELP}`);
}

type Values = ReturnType<typeof parseCommand<typeof OPTIONS>>['values'];

async function createUser(values: Values, ctx: CliContext): Promise<void> {
  const organizationId = wholeNumberArg(values.org, '--org');
  const email = emailArg(values.email, 'users create');
  const firstName = requiredText(values['first-name'], 'first-name', 100);
  const lastName = requiredText(values['last-name'], 'last-name', 100);
  const phone = (values.phone ?? '').replace(/\D/g, '');
  if (phone.length > 20) throw usageError('--phone is longer than 20 digits.');
  const roles = [...new Set(listArg(values.roles))];
  const unknownRole = roles.find((r) => !(ROLE_KEYS as readonly string[]).includes(r));
  if (unknownRole) throw usageError(`Unknown role "${unknownRole}"; the roles are ${ROLE_KEYS.join(', ')}.`);
  if (values['organization-roles'] && roles.length) throw usageError('Give either --roles or --organization-roles, not both.');
  const allBranches = values.branches?.trim() === 'all';
  const branchNumbers = allBranches ? [] : listArg(values.branches).map((b) => wholeNumberArg(b, '--branches NUMBER'));

  const db = await ctx.database();
  const org = await organizationForNewUser(db, organizationId, branchNumbers);
  if (!org) throw new CliError(`No organization has the id ${organizationId}.`);
  const notOffered = roles.filter((r) => !org.roles.includes(r));
  if (notOffered.length)
    throw new CliError(
      `The organization does not offer the role${notOffered.length > 1 ? 's' : ''} ${notOffered.join(', ')} (its roles: ${org.roles.join(', ') || 'none'}).`,
    );
  const orgBranches = org.branches;
  const missing = branchNumbers.filter((n) => !orgBranches.some((b) => b.branchNumber === n));
  if (missing.length) throw new CliError(`The organization has no branch ${missing.join(', ')}.`);
  if (await userByEmail(db, email)) throw new CliError(`A user with the email ${email} already exists.`);

  const prepared = await prepareCode();
  const user = await db.transaction(async (tx) => {
    const created = await addUser(
      tx,
      {
        organizationId,
        email,
        firstName,
        lastName,
        phone,
        isActive: true,
        isVerified: false,
        roles: values['organization-roles'] ? [] : roles,
        useOrganizationRoles: values['organization-roles'] ?? false,
        useOrganizationBranches: allBranches,
        restrictedPricing: values['restricted-pricing'] ?? false,
        limitOrderHistory: values['limit-order-history'] ?? false,
      },
      orgBranches.map((b) => b.id),
    );
    await issueInvite(tx, {
      user: created,
      prepared,
      origin: linkOrigin(ctx.config),
      organizationName: org.name,
      invitedBy: 'the portal administrator',
    });
    return created;
  });
  ctx.out(`Created user ${user.id} ${user.email} in organization ${org.id} "${org.name}"; the invitation mail is queued.`);
}

async function resetPassword(email: string, ctx: CliContext): Promise<void> {
  const db = await ctx.database();
  const user = await userByEmail(db, email);
  if (!user) throw new CliError(`No user has the email ${email}.`);
  if (!user.isActive) throw new CliError(`The user ${email} is deactivated; activate the user first.`);
  await mailCodeTo(db, user);
  ctx.out(
    `Mailed a ${user.isVerified ? 'password reset' : 'activation'} code to ${email} (valid ${CHALLENGE_LIMITS.codeLifetimeMinutes} minutes).`,
  );
}

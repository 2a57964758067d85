/**
 * `orders set-status`: an order's status from the shell (server-rules "Orders": "...through the
 * integration API, or from the command-line tool"), the integration API's own rules and effects
 * (the invoice notice on reaching Invoiced, the webhook events).
 */
import { integrationStatusRequestSchema } from '@portal/domain';
import { HttpError } from '../http/errors.js';
import { updateOrderStatus } from '../modules/integration/index.js';
import { CliError, parseCommand, usageError, wholeNumberArg, type CliContext } from './context.js';

export const ORDERS_HELP = `usage: npm run portal -- orders set-status DOCUMENT STATUS [--expected-ship-date=YYYY-MM-DD]

  orders set-status DOCUMENT STATUS   set an order's status code (mails the invoice notice on reaching 70+)

options:
  --expected-ship-date=YYYY-MM-DD     the order's expected ship date, set with the status
  -h, --help                          this help`;

export async function ordersCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommand(args, { 'expected-ship-date': { type: 'string' } }, ORDERS_HELP);
  const [action, ...rest] = positionals;
  if (values.help) return ctx.out(ORDERS_HELP);
  if (action !== 'set-status')
    throw usageError(`${action ? `Unknown orders command "${action}"` : 'orders needs a command'}.\n\n${ORDERS_HELP}`);
  if (rest.length !== 2) throw usageError(`orders set-status needs a DOCUMENT number and a STATUS code.\n\n${ORDERS_HELP}`);
  const documentNumber = wholeNumberArg(rest[0], 'The document number');
  const statusCode = wholeNumberArg(rest[1], 'The status code');
  const expectedShipDate = values['expected-ship-date'];
  const parsed = integrationStatusRequestSchema.safeParse({ statusCode, ...(expectedShipDate !== undefined ? { expectedShipDate } : {}) });
  if (!parsed.success) throw usageError(parsed.error.issues.map((issue) => issue.message).join(' '));
  try {
    const state = await updateOrderStatus(await ctx.database(), documentNumber, parsed.data);
    ctx.out(`Order ${state.documentNumber}: status ${state.statusCode}, expected ship date ${state.expectedShipDate ?? 'none'}.`);
  } catch (error) {
    if (error instanceof HttpError) throw new CliError(error.message);
    throw error;
  }
}

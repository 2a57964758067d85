/**
 * `webhooks create|list|disable|deliveries` (issue 35, interface-contract 'Outbound events'): the
 * manufacturer's subscriptions to the portal's events (docs/integration.md).
 */
import { createWebhookRequestSchema } from '@portal/domain';
import { WEBHOOK_EVENT_TYPES } from '@portal/domain/rules';
import { HttpError } from '../http/errors.js';
import {
  webhookUrlPolicy,
  createSubscription,
  disableSubscription,
  listSubscriptions,
  subscriptionDeliveries,
} from '../modules/webhooks/index.js';
import { CliError, parseCommand, usageError, wholeNumberArg, type CliContext } from './context.js';

export const WEBHOOKS_HELP = `usage: npm run portal -- webhooks <create|list|disable|deliveries> ...

  webhooks create URL --events=a,b   subscribe URL to event types; prints the signing secret, shown only now
  webhooks list                      the subscriptions: id, state, event types, URL (never the secret)
  webhooks disable ID                the subscription receives nothing from now on
  webhooks deliveries ID             its latest deliveries, each with its attempts

event types: ${WEBHOOK_EVENT_TYPES.join(', ')}

options:
  --events=LIST       comma-separated event types (create)
  --limit=N           how many deliveries (deliveries; default 20)
  -h, --help          this help`;

const refusal = (error: unknown): never => {
  if (error instanceof HttpError) throw new CliError(error.message);
  throw error;
};

export async function webhooksCommand(args: string[], ctx: CliContext): Promise<void> {
  const { values, positionals } = parseCommand(args, { events: { type: 'string' }, limit: { type: 'string' } }, WEBHOOKS_HELP);
  const [action, ...rest] = positionals;
  if (values.help) return ctx.out(WEBHOOKS_HELP);
  switch (action) {
    case 'create': {
      if (rest.length !== 1)
        throw usageError(
          `webhooks create needs one URL, e.g. webhooks create https://erp.example.com/portal-events --events=order.created.\n\n${WEBHOOKS_HELP}`,
        );
      const events = (values.events ?? '')
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean);
      const parsed = createWebhookRequestSchema.safeParse({ url: rest[0], events });
      if (!parsed.success) throw usageError(parsed.error.issues.map((i) => i.message).join('\n'));
      const created = await createSubscription(await ctx.database(), parsed.data, webhookUrlPolicy(ctx.config)).catch(refusal);
      ctx.err(
        `Created webhook ${created.id} for ${created.events.join(', ')} to ${created.url}. Its signing secret is shown only now; store it safely:`,
      );
      ctx.out(created.secret);
      return;
    }
    case 'list': {
      if (rest.length) throw usageError(`webhooks list takes no argument, not "${rest[0]}".`);
      const subscriptions = await listSubscriptions(await ctx.database());
      if (subscriptions.length === 0) ctx.err('No webhooks.');
      for (const s of subscriptions)
        ctx.out(
          `${s.id}\t${s.disabled ? 'disabled' : 'enabled'}\t${s.events.join(',')}\t${s.url}\tfailures in a row ${s.consecutiveFailures}${s.disabledReason ? `\t${s.disabledReason}` : ''}`,
        );
      return;
    }
    case 'disable': {
      if (rest.length !== 1) throw usageError('webhooks disable needs one webhook ID (see webhooks list).');
      const id = wholeNumberArg(rest[0], 'The webhook ID');
      await disableSubscription(await ctx.database(), id).catch(refusal);
      ctx.out(`Disabled webhook ${id}.`);
      return;
    }
    case 'deliveries': {
      if (rest.length !== 1) throw usageError('webhooks deliveries needs one webhook ID (see webhooks list).');
      const id = wholeNumberArg(rest[0], 'The webhook ID');
      const limit = values.limit === undefined ? 20 : wholeNumberArg(values.limit, 'The limit');
      const deliveries = await subscriptionDeliveries(await ctx.database(), id, Math.min(limit, 200)).catch(refusal);
      if (deliveries.length === 0) ctx.err(`Webhook ${id} has no deliveries yet.`);
      for (const d of deliveries) {
        ctx.out(
          `${d.id}\t${d.eventType}\t${d.eventId}\t${d.state}\tattempts ${d.attempts}${d.nextAttemptAt ? `\tnext ${d.nextAttemptAt}` : ''}`,
        );
        for (const a of d.log)
          ctx.out(`  #${a.attempt}\t${a.attemptedAt}\t${a.statusCode ?? '-'}\t${a.durationMs} ms${a.error ? `\t${a.error}` : ''}`);
      }
      return;
    }
    default:
      throw usageError(`${action ? `Unknown webhooks command "${action}"` : 'webhooks needs a command'}.\n\n${WEBHOOKS_HELP}`);
  }
}

/**
 * Refusals of the calls that can run the slow password hash (login and the password page's calls)
 * are answered after a short wait (issue 31, docs/decisions/015-password-hashing-pool.md). A
 * client that is refused for flooding would otherwise ask again at once, and each of its
 * thousands of cheap refusals still takes the event loop from the real sign-ins: a held refusal
 * costs only a timer, and a client that waits for its answer before asking again (as scripts and
 * browsers do) is slowed to one call per wait. At most `maxHeld` refusals wait at once; beyond
 * that they are answered at once, so a flood of connections cannot pile up held sockets.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A 429 of this route is answered after the process's refusal delay. */
    slowRefusals?: boolean;
  }
}

export type RefusalDelay = { delayMs: number; maxHeld: number };

/** Holds a route's 429 answers for `delayMs` (0: answered at once), at most `maxHeld` at a time. */
export function registerRefusalDelay(app: FastifyInstance, { delayMs, maxHeld }: RefusalDelay): void {
  if (delayMs <= 0) return;
  let held = 0;
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode !== 429 || !request.routeOptions.config.slowRefusals || held >= maxHeld) return;
    held++;
    try {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    } finally {
      held--;
    }
  });
}

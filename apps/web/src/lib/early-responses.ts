/**
 * The API client's side of the early requests (issue 21, src/early/early-requests.ts): the first
 * script of index.html may already have sent the call the app is about to make. A call takes such
 * an answer once, when method, address, body and bearer token are the same and the answer is recent
 * (no older than the query cache's freshness, 30 s); otherwise it asks the server itself.
 */
import type { EarlyRequest } from '@/early/early-requests';

/** src/early/early-requests.ts EARLY_REQUESTS_GLOBAL (a type-only import keeps that file out of the app's chunks). */
export const EARLY_REQUESTS_GLOBAL_NAME = '__portalEarlyRequests';

/** An early answer is as fresh as a cached query may be (src/app/query-layout.tsx staleTime). */
export const EARLY_ANSWER_MAX_AGE_MS = 30_000;

type Holder = Record<string, EarlyRequest[] | undefined>;

/**
 * The early answer to this call, if one was sent for it (removed, so it is used once), else null.
 * `body` is the call's JSON text, `token` its bearer token.
 */
export function takeEarlyResponse(method: string, url: string, body: string | undefined, token: string | null): Promise<Response> | null {
  const holder = globalThis as unknown as Holder;
  const pending = holder[EARLY_REQUESTS_GLOBAL_NAME];
  if (!pending || pending.length === 0 || !token) return null;
  const now = performance.now();
  const index = pending.findIndex(
    (early) =>
      early.method === method &&
      early.url === url &&
      early.body === body &&
      early.token === token &&
      now - early.sentAt <= EARLY_ANSWER_MAX_AGE_MS,
  );
  if (index < 0) return null;
  const [taken] = pending.splice(index, 1);
  return taken!.response;
}

/**
 * The first script of index.html, before the app's entry (issue 21): on a signed-in page with a
 * stored session, starts the session check and the screen's first data at once, for the app's
 * API client to adopt (./early-requests.ts). A few hundred bytes with no shared import, so it runs
 * while the app's code is still downloading.
 */
import { EARLY_REQUESTS_GLOBAL, planEarlyRequests, sendEarlyRequest, type EarlyRequest } from './early-requests';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

const plan = planEarlyRequests(window.location.pathname, window.location.search, read);
if (plan) {
  (window as unknown as Record<string, EarlyRequest[]>)[EARLY_REQUESTS_GLOBAL] = plan.requests.map((request) =>
    sendEarlyRequest(request, plan.token),
  );
}

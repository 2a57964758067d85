/**
 * The first script of index.html, before the app's entry (issue 21): on a signed-in page with a
 * stored session, starts the session check and the screen's first data at once, for the app's
 * API client to adopt (./early-requests.ts). A few hundred bytes with no shared import, so it runs
 * while the app's code is still downloading.
 */
import { EARLY_REQUESTS_GLOBAL, planEarlyRequests, preloadFirstTileImages, sendEarlyRequest, type EarlyRequest } from './early-requests';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** A detached image, as product-tile.tsx preloadTileImages: the tile's own <img> then finds it loaded. */
function loadImage(url: string) {
  const image = document.createElement('img');
  image.fetchPriority = 'high';
  image.src = url;
}

const plan = planEarlyRequests(window.location.pathname, window.location.search, read);
if (plan) {
  const requests = plan.requests.map((request) => sendEarlyRequest(request, plan.token));
  (window as unknown as Record<string, EarlyRequest[]>)[EARLY_REQUESTS_GLOBAL] = requests;
  for (const request of requests) preloadFirstTileImages(request, loadImage);
}

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

/**
 * A page whose screen the entry loads on demand (the login page): its scripts, named by the build
 * in a `portal-preload` meta tag (tools/early-script.ts), download beside the entry's.
 */
for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="portal-preload"]')) {
  const path = meta.dataset.path ?? '';
  const pathname = window.location.pathname;
  if (pathname !== path && !pathname.startsWith(`${path}/`)) continue;
  for (const href of meta.content.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

const plan = planEarlyRequests(window.location.pathname, window.location.search, read);
if (plan) {
  const requests = plan.requests.map((request) => sendEarlyRequest(request, plan.token));
  (window as unknown as Record<string, EarlyRequest[]>)[EARLY_REQUESTS_GLOBAL] = requests;
  for (const request of requests) preloadFirstTileImages(request, window.innerWidth, loadImage);
}

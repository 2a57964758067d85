/**
 * Issue 21: every route has its own document title (./route-titles.ts), set on each navigation and
 * announced to screen readers through a polite live region (a client-side navigation loads no new
 * page, so nothing else tells them the screen changed). The first page's title is set silently: the
 * browser announces a page load itself.
 */
import type { createBrowserRouter } from 'react-router';
import { documentTitle } from './route-titles';

type Router = ReturnType<typeof createBrowserRouter>;

function liveRegion(): HTMLElement {
  const existing = document.getElementById('route-announcer');
  if (existing) return existing;
  const region = document.createElement('div');
  region.id = 'route-announcer';
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('aria-atomic', 'true');
  // Visually hidden, still read (the same rules as Mantine's VisuallyHidden).
  Object.assign(region.style, {
    position: 'absolute',
    width: '1px',
    height: '1px',
    padding: '0',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: '0',
  });
  document.body.appendChild(region);
  return region;
}

export function followDocumentTitle(router: Router): () => void {
  const region = liveRegion();
  const apply = (pathname: string, announce: boolean) => {
    const title = documentTitle(pathname);
    if (title === document.title) return;
    document.title = title;
    if (announce) region.textContent = title;
  };
  apply(router.state.location.pathname, false);
  // The location changes once the new screen's code and data have loaded (navigation idle).
  return router.subscribe((state) => {
    if (state.navigation.state === 'idle') apply(state.location.pathname, true);
  });
}

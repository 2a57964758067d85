import { QueryClient } from '@tanstack/react-query';

/**
 * The page view's one query cache (TanStack Query): how every screen gets its server data, the
 * first included. Screens started before they could ask (the catalog's first search, issue 21)
 * put their answer here with `queryClient.prefetchQuery`, and the screen's own query finds it.
 * Imported by the signed-in screens and app/query-layout.tsx only, so the login page's first
 * download carries no query cache (performance.md "Web").
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});

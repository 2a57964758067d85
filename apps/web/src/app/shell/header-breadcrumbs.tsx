import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useLocation, useMatches } from 'react-router';
import type { RouteHandle } from '../router';

type Crumb = { title: string; url: string };

/**
 * The crumbs of the list a screen was opened from (the location state's `from`, a path and query),
 * when its route names that list among its origins; none otherwise.
 */
function originCrumbs(handle: RouteHandle | undefined, state: unknown): Crumb[] {
  const from = state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' ? state.from : '';
  const [path = '', query = ''] = from.split(/\?(.*)/s);
  const origin = handle?.origins?.find((o) => o.path === path);
  if (!origin) return [];
  return origin.crumbs.map((c) => ({ title: c.title, url: query ? `${c.path}?${query}` : c.path }));
}

/**
 * Breadcrumbs of spec 2: the first crumb is always Home → /dashboard, then the current screen; a
 * screen opened from a list (issue 34: order details) has that list's crumbs before its own.
 */
export function HeaderBreadcrumbs() {
  const matches = useMatches();
  const location = useLocation();
  const crumbs = matches.flatMap((m): Crumb[] => {
    const handle = m.handle as RouteHandle | undefined;
    if (!handle?.crumb || handle.crumb === 'Home') return [];
    return [...originCrumbs(handle, location.state), { title: handle.crumb, url: m.pathname }];
  });

  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="›">
        <Anchor component={Link} to="/dashboard" size="sm">
          Home
        </Anchor>
        {crumbs.map((c, i) =>
          i === crumbs.length - 1 ? (
            <Text key={c.url} size="sm" aria-current="page">
              {c.title}
            </Text>
          ) : (
            <Anchor key={c.url} component={Link} to={c.url} size="sm">
              {c.title}
            </Anchor>
          ),
        )}
      </Breadcrumbs>
    </nav>
  );
}

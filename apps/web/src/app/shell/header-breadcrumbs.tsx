import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link, useMatches } from 'react-router';
import type { RouteHandle } from '../router';

/** Breadcrumbs of spec 2: the first crumb is always Home → /dashboard, then the current screen. */
export function HeaderBreadcrumbs() {
  const matches = useMatches();
  const crumbs = matches
    .map((m) => ({ title: (m.handle as RouteHandle | undefined)?.crumb, url: m.pathname }))
    .filter((c): c is { title: string; url: string } => !!c.title && c.title !== 'Home');

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

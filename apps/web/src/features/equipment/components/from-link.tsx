import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** A link that tells the opened screen which list (path and query) it came from, for its breadcrumb. */
export function FromLink({ to, children }: { to: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <Anchor component={Link} to={to} state={{ from: `${location.pathname}${location.search}` }} size="sm">
      {children}
    </Anchor>
  );
}

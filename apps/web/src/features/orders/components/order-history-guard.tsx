import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { useSession } from '@/lib/session-store';

/** The order screens need the orderHistory role (spec 6); others go back to the welcome page. */
export function OrderHistoryGuard({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user.roles.orderHistory) return <Navigate to="/dashboard" replace />;
  return <>{children}</>;
}

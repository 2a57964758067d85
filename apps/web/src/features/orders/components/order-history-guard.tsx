import type { ReactNode } from 'react';
import { NotAllowed } from '@/components/not-allowed';
import { useSession } from '@/lib/session-store';

/** The order screens need the orderHistory role (spec 6); others see the Not Allowed page. */
export function OrderHistoryGuard({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user.roles.orderHistory) return <NotAllowed what="the orders" />;
  return <>{children}</>;
}

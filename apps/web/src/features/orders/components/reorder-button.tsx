import { useState } from 'react';
import { Button } from '@mantine/core';
import { useNavigate } from 'react-router';
import { hasRoles } from '@portal/domain/rules';
import type { ReorderRequest } from '@portal/domain';
import { ApiError } from '@/lib/api-client';
import { DIFFERENT_CATALOG_WARNING, useCartActions } from '@/app/providers/cart';
import { notify } from '@/lib/notify';
import { addedText, cartNoticeState } from '@/lib/priced-lines';
import { useSession, useSessionState } from '@/lib/session-store';
import { reorderLines } from '../api/reorder';

/**
 * 'Reorder' on Order Details (issue 20, checkout role): the order's lines go into the cart of the
 * order's catalog at today's prices; the cart page then says what was added and which lines could
 * not be, and why.
 */
export function ReorderButton({ documentNumber }: { documentNumber: number }) {
  const { user } = useSession();
  const { branchNumber, destinationState } = useSessionState();
  const navigate = useNavigate();
  const { addPricedLines } = useCartActions();
  const [pending, setPending] = useState(false);
  if (!hasRoles(user.roles, 'checkout') || branchNumber === null) return null;

  async function reorder() {
    if (branchNumber === null) return;
    setPending(true);
    try {
      const answer = await reorderLines({
        documentNumber,
        branchNumber,
        shipToState: destinationState as ReorderRequest['shipToState'],
      });
      const result = addPricedLines(answer);
      if (result.differentCatalog) {
        notify.warning(DIFFERENT_CATALOG_WARNING);
        return;
      }
      navigate('/shopping-cart', {
        state: cartNoticeState({
          message: `Order ${documentNumber}: ${addedText(result.addedLines, result.addedUnits)}`,
          rejected: result.rejected,
        }),
      });
    } catch (error) {
      notify.error(error instanceof ApiError ? error.message : 'The order could not be reordered. Please try again later.');
    } finally {
      setPending(false);
    }
  }

  return (
    <Button variant="default" loading={pending} onClick={() => void reorder()}>
      Reorder
    </Button>
  );
}

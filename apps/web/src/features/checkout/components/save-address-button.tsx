/**
 * 'Save this address' on the order confirmation (issue 20): the order's ship-to address goes into
 * the organization's address book (`POST /api/organization/addresses`), once.
 */
import { useState } from 'react';
import { Button } from '@mantine/core';
import { ADDRESS_MESSAGES, isAddressComplete } from '@portal/domain/rules';
import type { ShipToAddress } from '@portal/domain';
import { api, ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

export function SaveAddressButton({ address }: { address: ShipToAddress | null }) {
  const [state, setState] = useState<'idle' | 'saving' | 'saved'>('idle');
  if (!address || !isAddressComplete(address)) return null;
  async function save() {
    setState('saving');
    try {
      await api('/api/organization/addresses', { method: 'POST', body: address });
      setState('saved');
      notify.success(ADDRESS_MESSAGES.saved);
    } catch (error) {
      setState('idle');
      if (!(error instanceof ApiError && error.status === 401)) {
        notify.error(error instanceof ApiError ? error.message : 'The address could not be saved. Please try again later.');
      }
    }
  }
  return (
    <Button variant="outline" onClick={() => void save()} loading={state === 'saving'} disabled={state === 'saved'}>
      {state === 'saved' ? 'Address Saved' : 'Save this address'}
    </Button>
  );
}

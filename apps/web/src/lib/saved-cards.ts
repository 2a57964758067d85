/**
 * Saved cards (issue 36, role storedPayments): the user's own cards kept by the payment provider,
 * used by the checkout ('Use a saved card', 'Save this card') and the profile ('Saved Cards').
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SavedCard } from '@portal/domain';
import { api } from '@/lib/api-client';

export const savedCardsQuery = () =>
  queryOptions({
    queryKey: ['saved-cards'],
    queryFn: async () => (await api<{ cards: SavedCard[] }>('/api/saved-cards')).cards,
  });

export const useSavedCards = (enabled: boolean) => useQuery({ ...savedCardsQuery(), enabled });

export const saveCard = (paymentMethodId: string) => api<SavedCard>('/api/saved-cards', { method: 'POST', body: { paymentMethodId } });

export const removeSavedCard = (id: number) => api<{ ok: true }>(`/api/saved-cards/${id}`, { method: 'DELETE' });

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** "Visa ending in 4242, expires 12/34". */
export function savedCardLabel(card: SavedCard): string {
  const brand = BRANDS[card.brand] ?? card.brand;
  return `${brand} ending in ${card.last4}, expires ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear % 100).padStart(2, '0')}`;
}

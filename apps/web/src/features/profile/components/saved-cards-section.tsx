import { useState } from 'react';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { removeSavedCard, savedCardLabel, useSavedCards } from '@/lib/saved-cards';

/**
 * 'Saved Cards' on the profile (issue 36, role storedPayments): the user's own cards kept by the
 * payment provider, each with 'Remove' (forgotten by the provider too).
 */
export function SavedCardsSection() {
  const cards = useSavedCards(true);
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<number | null>(null);

  async function remove(id: number) {
    setRemoving(id);
    try {
      await removeSavedCard(id);
      notify.success('The card was removed.');
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) notify.error('The card could not be removed. Please try again later.');
    } finally {
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: ['saved-cards'] });
    }
  }

  return (
    <Stack gap="xs" maw={720} mt="xl" component="section" aria-labelledby="saved-cards-heading">
      <Title order={2} size="h3" id="saved-cards-heading">
        Saved Cards
      </Title>
      {cards.isError && <Text role="alert">The saved cards could not be loaded. Please try again later.</Text>}
      {cards.data?.length === 0 && <Text c="dimmed">No saved cards. Tick 'Save this card' when you pay by card at checkout.</Text>}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {cards.data?.map((card) => (
          <Group key={card.id} component="li" justify="space-between" wrap="nowrap">
            <Text>{savedCardLabel(card)}</Text>
            <Button
              variant="outline"
              color="red"
              size="xs"
              aria-label={`Remove ${savedCardLabel(card)}`}
              loading={removing === card.id}
              onClick={() => void remove(card.id)}
            >
              Remove
            </Button>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

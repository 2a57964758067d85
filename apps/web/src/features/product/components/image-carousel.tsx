import { useState } from 'react';
import { ActionIcon, Group, Image, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { PLACEHOLDER_IMAGE_URL } from '@portal/domain/rules';

/** The product images with previous/next and 'n of m' (spec 2 "Product details"); wraps around. */
export function ImageCarousel({ images, label }: { images: string[]; label: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  if (count === 0) {
    return <Image src={PLACEHOLDER_IMAGE_URL} alt={`${label}: no image available`} h={320} fit="contain" radius="sm" />;
  }
  const current = Math.min(index, count - 1);
  const step = (delta: number) => setIndex((current + delta + count) % count);
  return (
    <Stack gap="xs" role="group" aria-roledescription="carousel" aria-label={`${label} images`}>
      <Image
        src={images[current]}
        fallbackSrc={PLACEHOLDER_IMAGE_URL}
        alt={`${label}, image ${current + 1} of ${count}`}
        h={320}
        fit="contain"
        radius="sm"
      />
      {count > 1 && (
        <Group justify="center" gap="sm">
          <ActionIcon variant="default" aria-label="Previous image" onClick={() => step(-1)}>
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
          <Text size="sm" aria-live="polite" data-testid="carousel-position">
            {current + 1} of {count}
          </Text>
          <ActionIcon variant="default" aria-label="Next image" onClick={() => step(1)}>
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </Group>
      )}
    </Stack>
  );
}

import { lazy, Suspense } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useOpenedOnce } from '@/components/opened-once';

/** Loaded when first asked for: the cart draws without the modal's code (issue 21). */
const ClearCartDialog = lazy(async () => ({ default: (await import('./clear-cart-dialog')).ClearCartDialog }));

/** 'Clear Cart' asks first (spec 2 "Shopping cart"). */
export function ClearCartButton() {
  const [opened, { open, close }] = useDisclosure(false);
  const mounted = useOpenedOnce(opened);
  return (
    <>
      <Button variant="outline" color="red" onClick={open}>
        Clear Cart
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <ClearCartDialog opened={opened} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

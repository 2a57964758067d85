import { lazy } from 'react';
import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { OpenedOnce } from '@/components/opened-once';

/** Loaded when first asked for: the cart draws without the modal's code (issue 21). */
const ClearCartDialog = lazy(async () => ({ default: (await import('./clear-cart-dialog')).ClearCartDialog }));

/** 'Clear Cart' asks first (spec 2 "Shopping cart"). */
export function ClearCartButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="outline" color="red" onClick={open}>
        Clear Cart
      </Button>
      <OpenedOnce opened={opened}>
        <ClearCartDialog opened={opened} onClose={close} />
      </OpenedOnce>
    </>
  );
}

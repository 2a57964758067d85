/**
 * 'Scan QR Code' on the checkout page (spec 2 "Checkout page": fills address and email from an
 * event badge). The camera scanner follows spec 9: 10 frames per second, a 250x250 scan box, the
 * rear camera; it runs only while the modal is open and stops on close or unmount. A decoded
 * payload goes to the badge lookup (interface-contract.md: `POST /api/event/badge-lookup`).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Box, Loader, Modal, Stack, Text } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { isStateCode, SHIP_TO_COUNTRIES, SHIP_TO_MESSAGES, type BadgeDetails } from '@portal/domain';
import { api, ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import type { CheckoutFormValues } from './checkout-form';

const SCAN_FAILED = 'The badge could not be read. Please try again.';
const CAMERA_FAILED = 'The camera could not be started. Allow camera access and try again.';

export const lookUpBadge = (payload: string) => api<BadgeDetails>('/api/event/badge-lookup', { method: 'POST', body: { payload } });

/** Fills the ship-to name, address, phone and email from a badge; fields the badge leaves empty stay. */
export function fillFromBadge(form: UseFormReturn<CheckoutFormValues>, badge: BadgeDetails): void {
  const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
  const set = (name: Parameters<typeof form.setValue>[0], value: string) => {
    if (value.trim()) form.setValue(name, value.trim(), options);
  };
  set('address.name', `${badge.firstName} ${badge.lastName}`.trim() || badge.company);
  set('address.street1', badge.address1);
  form.setValue('address.street2', badge.address2.trim(), options);
  set('address.city', badge.city);
  const state = badge.state.trim().toUpperCase();
  if (isStateCode(state)) form.setValue('address.state', state, options);
  set('address.postalCode', badge.zip);
  // The country select offers only the ship-to countries; a badge from elsewhere cannot ship (spec 2).
  if (SHIP_TO_COUNTRIES.some((c) => c.code === badge.country)) form.setValue('address.country', badge.country, options);
  else if (badge.country) notify.warning(SHIP_TO_MESSAGES.countryInvalid);
  set('phone', badge.phone);
  set('email', badge.email);
}

type ScannerLike = { isScanning: boolean; stop(): Promise<void>; clear(): void };

/** The live camera view; mounted only while the modal is open, so unmounting stops the camera. */
function CameraScanner({ onDecoded }: { onDecoded: (payload: string) => void }) {
  const elementId = `badge-scanner-${useId().replace(/:/g, '')}`;
  const [failed, setFailed] = useState(false);
  const [starting, setStarting] = useState(true);
  const decodedRef = useRef(onDecoded);
  decodedRef.current = onDecoded;

  useEffect(() => {
    let cancelled = false;
    let done = false;
    let scanner: ScannerLike | null = null;
    const stop = async () => {
      if (!scanner) return;
      const current = scanner;
      scanner = null;
      try {
        if (current.isScanning) await current.stop();
        current.clear();
      } catch {
        // Already stopped; nothing holds the camera.
      }
    };
    // The library loads on first use, so the checkout bundle does not carry it.
    const started = import('html5-qrcode').then(async ({ Html5Qrcode }) => {
      if (cancelled) return;
      const instance = new Html5Qrcode(elementId, { verbose: false });
      scanner = instance;
      await instance.start(
        { facingMode: 'environment' },
        { fps: 10, qrbox: 250 },
        (text) => {
          if (done) return;
          done = true;
          decodedRef.current(text);
        },
        undefined,
      );
      if (cancelled) await stop();
      else setStarting(false);
    });
    started.catch(() => {
      if (!cancelled) {
        setFailed(true);
        setStarting(false);
      }
    });
    return () => {
      cancelled = true;
      // Stop once a pending start has finished, so the camera is never left running.
      void started.then(stop, stop);
    };
  }, [elementId]);

  return (
    <Stack gap="xs">
      {failed && (
        <Alert color="red" role="alert">
          {CAMERA_FAILED}
        </Alert>
      )}
      {starting && <Loader aria-label="Starting the camera" />}
      <Box id={elementId} w="100%" />
    </Stack>
  );
}

export function BadgeScanModal({
  opened,
  onClose,
  onBadge,
}: {
  opened: boolean;
  onClose: () => void;
  onBadge: (badge: BadgeDetails) => void;
}) {
  async function handleDecoded(payload: string) {
    onClose();
    try {
      onBadge(await lookUpBadge(payload));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      const message = error instanceof ApiError ? error.body.messages[0]?.message : undefined;
      notify.error(message || SCAN_FAILED);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Scan QR Code" size={420}>
      <Text size="sm" mb="sm">
        Hold the badge QR code inside the box.
      </Text>
      {opened && <CameraScanner onDecoded={(payload) => void handleDecoded(payload)} />}
    </Modal>
  );
}

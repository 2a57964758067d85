/**
 * The 'Scan QR Code' modal shared by checkout and the /sema badge scan: a live camera QR scanner
 * (html5-qrcode) set as spec 9 "Badge scanner" says (10 frames per second, a 250x250 scan box, the
 * rear camera). The camera runs only while the modal is open; the first decoded code closes it.
 * Without a camera, the badge code can be typed or pasted instead.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Box, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { BADGE_MESSAGES } from '@portal/domain/rules';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

type ScannerLike = { isScanning: boolean; stop(): Promise<void>; clear(): void };

/** The live camera view; mounted only while the modal is open, so unmounting stops the camera. */
function QrCameraScanner({ onDecoded }: { onDecoded: (payload: string) => void }) {
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
    // The library loads on first use, so no page's bundle carries it.
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
          {BADGE_MESSAGES.cameraFailed}
        </Alert>
      )}
      {starting && <Loader aria-label="Starting the camera" />}
      <Box id={elementId} w="100%" />
    </Stack>
  );
}

/** The way in without a camera (denied, missing, or a worn code): the text printed under the QR code, typed or pasted. */
function BadgeCodeEntry({ onEntered }: { onEntered: (code: string) => void }) {
  const [code, setCode] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        // The modal sits in a portal, but React events still bubble to a form around it (checkout's).
        event.stopPropagation();
        if (code.trim()) onEntered(code.trim());
      }}
    >
      <Group align="flex-end" gap="xs" mt="md">
        <TextInput
          label="Badge Code"
          description={BADGE_MESSAGES.typeInstead}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default">
          Use Code
        </Button>
      </Group>
    </form>
  );
}

/** Calls `onClose`, then `onDecoded` with the QR text, as soon as a code is read or entered. */
export function QrScanModal({
  opened,
  onClose,
  onDecoded,
}: {
  opened: boolean;
  onClose: () => void;
  onDecoded: (payload: string) => void;
}) {
  const take = (payload: string) => {
    onClose();
    onDecoded(payload);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Scan QR Code" size={420}>
      <Text size="sm" mb="sm">
        {BADGE_MESSAGES.holdInBox}
      </Text>
      {opened && (
        <>
          <QrCameraScanner onDecoded={take} />
          <BadgeCodeEntry onEntered={take} />
        </>
      )}
    </Modal>
  );
}

/** A scanned badge the server could not take: its own message (unreadable, not found) or ours. A 401 is handled by the api client. */
export function notifyBadgeFailure(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) return;
  const message = error instanceof ApiError ? error.body.messages[0]?.message : undefined;
  notify.error(message || BADGE_MESSAGES.scanFailed);
}

import { useEffect, useState } from 'react';
import { LoadingOverlay } from '@mantine/core';
import { useIsBusy } from '@/lib/busy';

/**
 * The global busy overlay (spec 2, 7): shown while any request is pending, drawn after a short delay
 * so fast calls do not flash. Used by the signed-in shell and by the full-page checkout.
 */
export function BusyOverlay() {
  const busy = useIsBusy();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = window.setTimeout(() => setVisible(true), 150);
    return () => window.clearTimeout(timer);
  }, [busy]);
  return <LoadingOverlay visible={visible} pos="fixed" zIndex={400} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': 'Loading' }} />;
}

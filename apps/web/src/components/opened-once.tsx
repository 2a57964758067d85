import { Suspense, useState, type ReactNode } from 'react';

/**
 * Its children from the first time `opened` is true, and from then on. For a dialog whose code loads
 * on demand (React.lazy): the code is fetched only when the dialog is first wanted, and the dialog
 * stays mounted afterwards, so it still animates closed (issue 21: the first signed-in screens draw
 * without the modals' code). Nothing is drawn while the code loads.
 */
export function OpenedOnce({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [openedBefore, setOpenedBefore] = useState(opened);
  if (opened && !openedBefore) setOpenedBefore(true);
  return opened || openedBefore ? <Suspense fallback={null}>{children}</Suspense> : null;
}

import { useState } from 'react';

/**
 * True from the first time `opened` is true. A dialog whose code loads on demand (React.lazy) is
 * mounted from then on, so its code is fetched only when it is first wanted and it still animates
 * closed afterwards (issue 21: the first signed-in screens draw without the modal's code).
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [openedBefore, setOpenedBefore] = useState(opened);
  if (opened && !openedBefore) setOpenedBefore(true);
  return opened || openedBefore;
}

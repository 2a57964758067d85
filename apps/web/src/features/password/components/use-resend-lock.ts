import { useEffect, useState } from 'react';
import { RESEND_LOCK_SECONDS } from '@portal/domain/rules';

/** Seconds until a code may be sent again (spec 9: resend lock 30 s); 0 when free. */
export function useResendLock(sentAt: number | null): number {
  const remaining = () => (sentAt === null ? 0 : Math.max(0, Math.ceil((sentAt + RESEND_LOCK_SECONDS * 1000 - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(remaining);

  useEffect(() => {
    setSeconds(remaining());
    if (sentAt === null) return;
    const timer = window.setInterval(() => {
      const left = remaining();
      setSeconds(left);
      if (left === 0) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
    // remaining() reads only sentAt.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sentAt]);

  return seconds;
}

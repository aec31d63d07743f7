/**
 * While `failed` holds, calls `retry` when the browser says it is back online: for work that needs
 * code or data the device did not have (a chunk not yet cached, a call made offline), so the
 * screen recovers by itself once it can.
 */
import { useEffect, useRef } from 'react';

export function useRetryOnline(failed: boolean, retry: () => void): void {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  useEffect(() => {
    if (!failed) return;
    const again = () => latest.current();
    window.addEventListener('online', again, { once: true });
    return () => window.removeEventListener('online', again);
  }, [failed]);
}

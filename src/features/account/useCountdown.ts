import { useCallback, useEffect, useState } from 'react';
import { SMS_COUNTDOWN_SECONDS } from '../../../contract/constants.ts';

/**
 * The SMS button's countdown: `start()` after a successful send disables the
 * button for 120 s. Counts against a deadline, not ticks, so a throttled background tab stays exact.
 */
export function useCountdown(seconds: number = SMS_COUNTDOWN_SECONDS) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const id = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) setDeadline(null);
    }, 250);
    return () => window.clearInterval(id);
  }, [deadline]);
  const start = useCallback(() => {
    const t = Date.now();
    setNow(t);
    setDeadline(t + seconds * 1000);
  }, [seconds]);
  const left = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
  return { left, running: left > 0, start };
}

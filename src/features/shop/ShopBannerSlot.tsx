/**
 * Where the stopped-shop banner goes in the signed-in layout. Its code and its status call wait
 * until the browser is idle after the first paint, so the banner costs a cold start nothing.
 *
 * Its code loads by itself, not on a member's action, so a failed load (offline before the
 * service worker holds it, a deploy that replaced the chunk) must not take the screen with it:
 * nothing is shown, and the load is tried again once the browser is back online.
 */
import { useEffect, useState, type ComponentType } from 'react';

const load = () => import('./ShopBanner.tsx');

/** After the first paint, when the browser has a moment (at most 3 s later). */
function afterFirstPaint(run: () => void): () => void {
  // Safari has no requestIdleCallback: a second's wait stands in for it there.
  const hasIdle = typeof window.requestIdleCallback === 'function';
  let idle: number | undefined;
  const frame = requestAnimationFrame(() => {
    idle = hasIdle ? window.requestIdleCallback(run, { timeout: 3000 }) : window.setTimeout(run, 1000);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (idle === undefined) return;
    if (hasIdle) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

export function ShopBannerSlot() {
  const [Banner, setBanner] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    let cancel = () => {};
    const attempt = () => {
      load().then(
        (mod) => live && setBanner(() => mod.default),
        () => live && window.addEventListener('online', retry, { once: true }),
      );
    };
    const retry = () => {
      cancel = afterFirstPaint(attempt);
    };
    retry();
    return () => {
      live = false;
      cancel();
      window.removeEventListener('online', retry);
    };
  }, []);
  return Banner ? <Banner /> : null;
}

/**
 * Where the stopped-shop banner goes in the signed-in layout. Its code and its status call wait
 * until the browser is idle after the first paint, so the banner costs a cold start nothing.
 */
import { lazy, Suspense, useEffect, useState } from 'react';

const ShopBanner = lazy(() => import('./ShopBanner.tsx'));

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
  const [ready, setReady] = useState(false);
  useEffect(() => afterFirstPaint(() => setReady(true)), []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ShopBanner />
    </Suspense>
  );
}

/**
 * Shows the confirm() requests of confirm-store.ts. Mount <DialogHost/> once (main.tsx does).
 * The dialog itself (react-aria's Modal) loads with the first request, so pages that never ask
 * for a confirmation do not download it.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentConfirm, subscribeConfirm } from './confirm-store.ts';

export { confirm, type ConfirmOptions } from './confirm-store.ts';

const loadConfirm = () => import('./ConfirmDialog.tsx');
const ConfirmDialog = lazy(async () => ({ default: (await loadConfirm()).ConfirmDialog }));

/**
 * Fetches the dialog's chunk ahead of need: a confirmation asked offline (logging out with unsent
 * changes) must not depend on the service worker having cached the chunk yet.
 */
export function preloadConfirm(): void {
  loadConfirm().catch(() => undefined);
}

export function DialogHost() {
  const req = useSyncExternalStore(subscribeConfirm, currentConfirm, currentConfirm);
  if (!req) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog req={req} />
    </Suspense>
  );
}

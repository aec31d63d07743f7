/**
 * Shows the confirm() requests of confirm-store.ts. Mount <DialogHost/> once (main.tsx does).
 * The dialog itself (react-aria's Modal) loads with the first request, so pages that never ask
 * for a confirmation do not download it.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { currentConfirm, subscribeConfirm } from './confirm-store.ts';

export { confirm, type ConfirmOptions } from './confirm-store.ts';

const ConfirmDialog = lazy(async () => ({ default: (await import('./ConfirmDialog.tsx')).ConfirmDialog }));

export function DialogHost() {
  const req = useSyncExternalStore(subscribeConfirm, currentConfirm, currentConfirm);
  if (!req) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog req={req} />
    </Suspense>
  );
}

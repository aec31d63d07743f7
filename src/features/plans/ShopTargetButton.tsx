/**
 * The plan table's bulk action "Invite in TikTok Shop", shown only while the workspace has a
 * syncing shop for the plan's country (the shop status the banner keeps, shop-status-store.ts).
 * The dialog's code loads when the button is pressed.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { RowOf } from '../../../contract/sync.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { lastShopStatus, onShopStatus } from '../shop/shop-status-store.ts';
import { activeShops } from './shop-target-rules.ts';

const ShopTargetDialog = lazy(() =>
  import('./ShopTargetDialog.tsx').then((mod) => ({ default: mod.ShopTargetDialog })),
);

export function ShopTargetButton({
  plan,
  creatorIds,
  onSent,
}: {
  plan: RowOf<'plans'>;
  creatorIds: readonly number[];
  onSent: () => void;
}) {
  const [status, setStatus] = useState(lastShopStatus);
  const [open, setOpen] = useState(false);
  useEffect(() => onShopStatus(setStatus), []);
  const shops = activeShops(status, String(plan.country));
  if (shops.length === 0) return null;
  return (
    <>
      <Button size="sm" isDisabled={creatorIds.length === 0} onPress={() => setOpen(true)}>
        {m.plans_shop_target()}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ShopTargetDialog
            plan={plan}
            shops={shops}
            creatorIds={creatorIds}
            onClose={(sent) => {
              setOpen(false);
              if (sent) onSent();
            }}
          />
        </Suspense>
      )}
    </>
  );
}

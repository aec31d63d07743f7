import { useState } from 'react';
import { getSession } from '../api/session.ts';
import { VipDialog } from '../features/account/VipDialog.tsx';
import { Button } from '../ui/Button.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /vip: redeem membership, the same redeem dialog as the user menu's entry. */
export default function VipPage() {
  const [open, setOpen] = useState(false);
  return (
    <ScreenPage title={m.app_title_vip()}>
      <div className="screen-card">
        <p>{m.app_vip_page_lead()}</p>
        <Button variant="primary" onPress={() => setOpen(true)}>
          {m.app_vip_page_button()}
        </Button>
      </div>
      <VipDialog
        isOpen={open}
        onClose={() => setOpen(false)}
        phone={getSession()?.phone ?? ''}
        onRedeemed={() => undefined}
      />
    </ScreenPage>
  );
}

import { VipScreen } from '../features/vip/VipScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /vip: redeem membership, the same redeem step as the user menu's VIP dialog. */
export default function VipPage() {
  return (
    <ScreenPage title={m.app_title_vip()}>
      <VipScreen />
    </ScreenPage>
  );
}

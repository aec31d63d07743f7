import { ShopScreen } from '../features/shop/ShopScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /settings/shop: connecting TikTok Shop (the consent's callback lands here too). */
export default function ShopSettingsPage() {
  return (
    <ScreenPage title={m.shop_title()}>
      <ShopScreen />
    </ScreenPage>
  );
}

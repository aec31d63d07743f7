import { BlacklistScreen } from '../features/blacklist/BlacklistScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /blacklist: the blacklist. */
export default function BlacklistPage() {
  return (
    <ScreenPage title={m.app_title_blacklist()}>
      <BlacklistScreen />
    </ScreenPage>
  );
}

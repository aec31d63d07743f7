import { InvitedScreen } from '../features/invitations/InvitedScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /invited: the invitation list. */
export default function InvitedPage() {
  return (
    <ScreenPage title={m.app_title_invited()}>
      <InvitedScreen />
    </ScreenPage>
  );
}

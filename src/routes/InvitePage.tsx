import { InviteScreen } from '../features/team/InviteScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /invite/{id}: team invitation (menu key team). */
export default function InvitePage() {
  return (
    <ScreenPage title={m.app_title_invite()}>
      <InviteScreen />
    </ScreenPage>
  );
}

import { TeamScreen } from '../features/team/TeamScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /team: the team. */
export default function TeamPage() {
  return (
    <ScreenPage title={m.app_title_team()}>
      <TeamScreen />
    </ScreenPage>
  );
}

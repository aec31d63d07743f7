import { HomeScreen } from '../features/creators/HomeScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /home: the creator database (expert list). */
export default function HomePage() {
  return (
    <ScreenPage title={m.app_title_home()}>
      <HomeScreen />
    </ScreenPage>
  );
}

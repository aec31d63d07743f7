import { AmateursScreen } from '../features/amateurs/AmateursScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /amateur: amateur creators. */
export default function AmateurPage() {
  return (
    <ScreenPage title={m.app_title_amateur()}>
      <AmateursScreen />
    </ScreenPage>
  );
}

import { TemplatesScreen } from '../features/templates/TemplatesScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /chatTmp: chat templates. */
export default function ChatTmpPage() {
  return (
    <ScreenPage title={m.app_title_chat_tmp()}>
      <TemplatesScreen />
    </ScreenPage>
  );
}

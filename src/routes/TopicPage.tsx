import { TopicsScreen } from '../features/topics/TopicsScreen.tsx';
import { m } from '../paraglide/messages.js';
import { ScreenPage } from './ScreenPage.tsx';

/** /topic: topic (challenge) management. */
export default function TopicPage() {
  return (
    <ScreenPage title={m.app_title_topic()}>
      <TopicsScreen />
    </ScreenPage>
  );
}

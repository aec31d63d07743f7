import { TopicVideosScreen } from '../features/topic-tracking/TopicVideosScreen.tsx';
import { m } from '../paraglide/messages.js';
import { TopicSubPage } from './TopicSubPage.tsx';

/** /topicVideo?id=: videos of one topic. */
export default function TopicVideoPage() {
  return <TopicSubPage title={m.app_title_topic_video()} render={(id) => <TopicVideosScreen id={id} />} />;
}

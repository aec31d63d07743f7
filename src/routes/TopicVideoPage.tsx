import { m } from '../paraglide/messages.js';
import { TopicSubPage } from './TopicSubPage.tsx';

/** /topicVideo?id=: videos of one topic. */
export default function TopicVideoPage() {
  return <TopicSubPage title={m.app_title_topic_video()} />;
}

import { TopicInfluencersScreen } from '../features/topic-tracking/TopicInfluencersScreen.tsx';
import { m } from '../paraglide/messages.js';
import { TopicSubPage } from './TopicSubPage.tsx';

/** /topicInfluencer?id=: creators who posted in one topic. */
export default function TopicInfluencerPage() {
  return (
    <TopicSubPage
      title={m.app_title_topic_influencer()}
      render={(id) => <TopicInfluencersScreen id={id} />}
    />
  );
}

/**
 * Topic videos and topic influencers share this frame: breadcrumb
 * Home > Topic management > page, the topic's hashtag in the title, and a 404 result with a back
 * button when ?id= is missing (the grid shows it too for an id the server does not know).
 * With an id, `render(id)` draws the page's screen (src/features/topic-tracking).
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Result } from '../ui/Result.tsx';
import { m } from '../paraglide/messages.js';
import { useTopicTitle } from '../features/topic-tracking/useTopicTitle.ts';
import { ScreenPage } from './ScreenPage.tsx';

export function TopicSubPage({ title, render }: { title: string; render?: (id: string) => ReactNode }) {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim();
  const hashtag = useTopicTitle(id);
  const breadcrumb = [
    { label: m.app_menu_home(), to: '/home' },
    { label: m.app_title_topic(), to: '/topic' },
    { label: title },
  ];
  return (
    <ScreenPage
      title={hashtag ? m.app_topic_page_title({ page: title, topic: hashtag }) : title}
      breadcrumb={breadcrumb}
    >
      {id ? (
        render?.(id)
      ) : (
        // The 404 result's own back button: browser history, or / without any.
        <Result
          status="404"
          description={
            <>
              <strong className="screen-result-title">{m.app_topic_missing_title()}</strong>
              <span>{m.app_topic_missing_body()}</span>
            </>
          }
        />
      )}
    </ScreenPage>
  );
}

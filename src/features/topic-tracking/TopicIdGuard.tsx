/**
 * The topic pages take a topic row id (?id=). The shell's frame shows the 404 when it is missing;
 * this guard shows the same 404 for an id that cannot be a row id, before any call is made, and
 * the grid shows it when the server knows no such topic (40004).
 */
import type { ReactNode } from 'react';
import { m } from '../../paraglide/messages.js';
import { Result } from '../../ui/Result.tsx';
import { topicIdOf } from './topic-links.ts';

export function TopicIdGuard({ id, children }: { id: string; children: (topicId: number) => ReactNode }) {
  const topicId = topicIdOf(id);
  if (topicId !== null) return <>{children(topicId)}</>;
  return <TopicMissing />;
}

/** The spec's 404 result for a topic page: no id, an id that cannot be one, or no such topic. */
export function TopicMissing() {
  return (
    <Result
      status="404"
      description={
        <>
          <strong className="screen-result-title">{m.app_topic_missing_title()}</strong>
          <span>{m.app_topic_missing_body()}</span>
        </>
      }
    />
  );
}

/** The hashtag of the topic a topic page shows (?id=), from the local topics mirror; undefined until known. */
import { localDb } from '../../db/local.ts';
import { useLocalRows } from '../../db/queries.ts';
import { topicIdOf } from './topic-links.ts';

export function useTopicTitle(rawId: string | undefined): string | undefined {
  const topics = useLocalRows(localDb, 'topics');
  const id = rawId ? topicIdOf(rawId) : null;
  const row = id === null ? undefined : topics?.find((t) => t.id === id);
  return typeof row?.challenge_title === 'string' ? row.challenge_title : undefined;
}

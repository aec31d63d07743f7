/** The topic a topic page shows (?id=), from the local topics mirror; undefined until known. */
import type { RowOf } from '../../../contract/sync.ts';
import { localDb } from '../../db/local.ts';
import { useLocalRows } from '../../db/queries.ts';
import { topicIdOf } from './topic-links.ts';

export function useTopicRow(rawId: string | undefined): RowOf<'topics'> | undefined {
  const topics = useLocalRows(localDb, 'topics');
  const id = rawId ? topicIdOf(rawId) : null;
  return id === null ? undefined : topics?.find((t) => t.id === id);
}

/** The topic's hashtag, for the page title. */
export function useTopicTitle(rawId: string | undefined): string | undefined {
  const row = useTopicRow(rawId);
  return typeof row?.challenge_title === 'string' ? row.challenge_title : undefined;
}

/**
 * The amateur list's base query: topic authors of a country under the workspace's follower
 * threshold who appear in a live topic of the workspace. The /amateur list and the `layman` export
 * both start from it.
 */
import type { Kysely } from 'kysely';
import { DEFAULT_AMATEUR_THRESHOLD } from '../../contract/constants.ts';
import { containsCi } from './catalog.repository.ts';
import type { DB } from './schema.ts';

/** The workspace's amateur threshold: authors with fewer followers are amateurs. */
export async function amateurThreshold(db: Kysely<DB>, ws: number): Promise<number> {
  const row = await db
    .selectFrom('workspaces')
    .select('amateur_threshold')
    .where('id', '=', ws)
    .executeTakeFirst();
  return Number(row?.amateur_threshold ?? DEFAULT_AMATEUR_THRESHOLD);
}

/**
 * The amateur list (docs/decisions/topics.md): the country's topic authors below the threshold,
 * linked to a live topic of the workspace (one whose title, hashtag id or id matches `challenge`,
 * if given).
 */
export function amateurAuthors(
  db: Kysely<DB>,
  ws: number,
  country: string,
  threshold: number,
  challenge?: string,
) {
  return db
    .selectFrom('topic_authors as a')
    .where('a.workspace_id', '=', ws)
    .where('a.country', '=', country)
    .where('a.deleted_at', 'is', null)
    .where('a.follower_count', '<', threshold)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('topic_author_topics as l')
          .innerJoin('topics as t', 't.id', 'l.topic_id')
          .select('l.topic_id')
          .whereRef('l.author_id', '=', 'a.id')
          .where('t.workspace_id', '=', ws)
          .where('t.deleted_at', 'is', null)
          .$if(!!challenge, (s) =>
            s.where((w) =>
              w.or([
                containsCi('t.challenge_title', challenge!),
                w('t.challenge_id', '=', challenge!),
                ...(/^\d{1,15}$/.test(challenge!) ? [w('t.id', '=', Number(challenge))] : []),
              ]),
            ),
          ),
      ),
    );
}

/**
 * Writes to creators, from any screen that shows them (Home's bulk edits, a ranked pick list):
 * the chatted / invited flags (PUT /blogger/edit) and tags (PUT /blogger/set.tags), through the
 * outbox on this device's database. src/db/actions.ts builds the calls and their effects and
 * splits a long selection into parts; each function answers the last part's outbox seq, which
 * sync/outcome.ts `tellOutcome` watches.
 */
import type { CreatorTag } from '../../../contract/sync.ts';
import { editCreators, setCreatorTags, type CreatorRef } from '../../db/actions.ts';
import { localDb } from '../../db/local.ts';

export type { CreatorRef };

/** Sets the chatted and/or invited flag of `creators` in `country`. */
export const markCreators = (
  country: string,
  creators: readonly CreatorRef[],
  patch: { is_chat?: 0 | 1; is_invitation?: 0 | 1 },
): Promise<number> => editCreators(localDb, country, creators, patch);

/** Adds `tags` to `creators` in `country`, or takes them off (`op` 'del'). */
export const tagCreators = (
  country: string,
  creators: readonly CreatorRef[],
  op: 'add' | 'del',
  tags: readonly CreatorTag[],
): Promise<number> => setCreatorTags(localDb, country, creators, op, tags);

/** Writes of /topic, through the outbox (features/catalog/catalog-actions.ts): they work offline and show at once. */
import dayjs from 'dayjs';
import { API } from '../../../contract/routes.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { call } from '../../db/call.ts';
import { addCatalogRow, deleteCatalogRow } from '../catalog/catalog-actions.ts';

/**
 * Starts tracking the hashtag `title` (already checked by the dialog) in `country`, until the
 * day `end` (YYYY-MM-DD; '' for no last day).
 */
export function addTopic(country: string, title: string, end: string): Promise<boolean> {
  // A date means "through that day" on the server.
  const body = { country, title, ...(end ? { endTime: end } : {}) };
  return addCatalogRow('topics', call(API.challengeAdd, body), {
    country,
    challenge_id: '',
    challenge_title: title,
    end_time: end ? dayjs(end).endOf('day').unix() : null,
    cover_larger: '',
    video_count: 0,
    view_count: 0,
    is_commerce: 0,
    check_time: null,
  });
}

/** Asks first; `name` is the hashtag as the screen shows it. */
export const deleteTopic = (row: RowOf<'topics'>, name: string): Promise<boolean> =>
  deleteCatalogRow('topics', call(API.challengeDel, { id: row.id, country: row.country }, name), row, name);

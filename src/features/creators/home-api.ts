/**
 * The home screen's server call (everything else reads the local mirror, exports go through
 * features/export): the challenge lookup. A challenge is matched by the server (it searches the creators'
 * bios for the hashtag), so this filter needs the network; the grid then narrows locally.
 */
import type { Country } from '../../../contract/constants.ts';
import { API } from '../../../contract/routes.ts';
import { request } from '../../api/client.ts';

/** The server's page cap; a challenge with more creators shows the first ones. */
const CHALLENGE_LIMIT = 1000;

export async function challengeCreators(country: Country, challenge: string, signal?: AbortSignal) {
  const res = await request(
    API.bloggerLists,
    { country, challenge, tagsId: undefined, page: 1, limit: CHALLENGE_LIMIT },
    { signal },
  );
  return res.list.map((r) => r.unique_id);
}

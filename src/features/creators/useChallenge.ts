/**
 * The unique_ids of a challenge's creators, asked of the server once the text settles
 * (see home-api.ts). null while there is no challenge or no answer yet; an empty list when the
 * lookup failed, so the grid shows no match rather than everything. The call's code loads with the
 * first challenge, not with Home (the /home JS budget).
 */
import { useEffect, useState } from 'react';
import type { Country } from '../../../contract/constants.ts';

export function useChallenge(country: Country, challenge: string): string[] | null {
  const [ids, setIds] = useState<string[] | null>(null);
  const text = challenge.trim();
  useEffect(() => {
    setIds(null);
    if (!text) return;
    const ctrl = new AbortController();
    import('./home-api.ts')
      .then((api) => api.challengeCreators(country, text, ctrl.signal))
      .then(
        (list) => setIds(list),
        () => !ctrl.signal.aborted && setIds([]),
      );
    return () => ctrl.abort();
  }, [country, text]);
  return ids;
}

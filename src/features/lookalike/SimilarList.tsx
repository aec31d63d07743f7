/**
 * Creators like a seed or a seed set, ranked by the query worker over the mirror (so it
 * works offline): the top 50 among the given filter's matches, blacklisted creators left out and, by
 * a switch, creators already chatted with or invited. Each shows its three strongest reasons in words
 * and how old its numbers are; chosen ones are added to a plan, tagged or saved as a view (PickList).
 */
import { useEffect, useMemo, useState } from 'react';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import type { CreatorFilter, LookalikeAnswer } from '../../workers/query-types.ts';
import { queryWorker } from '../../workers/query-client.ts';
import { PickList, type PickItem } from './PickList.tsx';
import { reasonText } from './reason-text.ts';
import { useRankingFailure } from './useRankingFailure.ts';

/** How many lookalikes are shown. */
export const SIMILAR_TOP = 50;

export function SimilarList({
  country,
  seedIds,
  filter = {},
  seedLimit,
}: {
  country: Country;
  /** The seeds, or candidates in order when `seedLimit` keeps the first of them found in `country`. */
  seedIds: readonly number[];
  seedLimit?: number;
  /** The list's current filters (Home); none on the creator page. */
  filter?: CreatorFilter;
}) {
  const [skipContacted, setSkipContacted] = useState(true);
  const [answer, setAnswer] = useState<LookalikeAnswer | null>(null);
  const seedKey = seedIds.join(',');
  const filterKey = JSON.stringify(filter);
  const [asked, setAsked] = useState(0);
  const { failedText, fail, clear } = useRankingFailure(() => setAsked((n) => n + 1));

  useEffect(() => {
    let live = true;
    setAnswer(null);
    clear();
    queryWorker()
      .lookalikes(country, seedKey.split(',').map(Number), JSON.parse(filterKey) as CreatorFilter, {
        k: SIMILAR_TOP,
        skipContacted,
        seedLimit,
      })
      .then(
        (a) => {
          if (live) setAnswer(a);
        },
        (e: unknown) => {
          if (live) fail(e);
        },
      );
    return () => {
      live = false;
    };
  }, [country, seedKey, filterKey, skipContacted, asked, seedLimit, fail, clear]);

  const currency = COUNTRY_CURRENCY[country];
  const items = useMemo<PickItem[]>(
    () =>
      (answer?.results ?? []).map(({ row, reasons }) => ({
        row,
        body: (
          <>
            <ul className="similar__reasons">
              {reasons.map((r) => (
                <li key={r.part}>{reasonText(r, answer?.seeds ?? 1, currency)}</li>
              ))}
            </ul>
            <span className="similar__age">
              {m.similar_numbers_from({ date: formatDate(row.update_time) })}
            </span>
          </>
        ),
      })),
    [answer, currency],
  );
  const status = failedText
    ? failedText
    : !answer
      ? m.similar_loading()
      : items.length
        ? `${seedLimit ? `${m.similar_seeded_best({ count: formatNumber(answer.seeds) })} ` : ''}${m.similar_status(
            {
              count: formatNumber(items.length),
              max: formatNumber(SIMILAR_TOP),
            },
          )}`
        : m.similar_none();

  return (
    <PickList
      country={country}
      items={items}
      status={status}
      skipContacted={skipContacted}
      onSkipContacted={setSkipContacted}
      onChanged={() => setAsked((n) => n + 1)}
    />
  );
}

/**
 * Creators like a seed or a seed set (issue 28), ranked by the query worker over the mirror (so it
 * works offline): the top 50 among the given filter's matches, blacklisted creators left out and,
 * by a switch (on by default: the weekly quota rations new contacts), creators already chatted with
 * or invited. Each shows its three strongest reasons in words and how old its numbers are; chosen
 * ones are added to a plan or tagged like any selection.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import type { CreatorTag } from '../../../contract/sync.ts';
import { setCreatorTags } from '../../db/actions.ts';
import { localDb } from '../../db/local.ts';
import { useLocalRows } from '../../db/queries.ts';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { CheckBox } from '../../ui/CheckBox.tsx';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { toast } from '../../ui/toast-queue.ts';
import type { CreatorFilter, LookalikeAnswer } from '../../workers/query-engine.ts';
import { queryWorker } from '../../workers/query-client.ts';
import { tellOutcome } from '../sync/outcome.ts';
import { CreatorNameLink } from '../workbench/CreatorNameLink.tsx';
import { reasonText } from './reason-text.ts';
import '../plans/plans.css';
import './lookalike.css';

const AddToPlanDialog = lazy(() =>
  import('../plans/AddToPlanDialog.tsx').then((mod) => ({ default: mod.AddToPlanDialog })),
);
const TagDialog = lazy(() => import('../creators/TagDialog.tsx').then((mod) => ({ default: mod.TagDialog })));

/** How many lookalikes are shown. */
export const SIMILAR_TOP = 50;

export function SimilarList({
  country,
  seedIds,
  filter = {},
}: {
  country: Country;
  seedIds: readonly number[];
  /** The list's current filters (Home); none on the creator page. */
  filter?: CreatorFilter;
}) {
  const [skipContacted, setSkipContacted] = useState(true);
  const [answer, setAnswer] = useState<LookalikeAnswer | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<'plan' | 'tags' | null>(null);
  const seedKey = seedIds.join(',');
  const filterKey = JSON.stringify(filter);
  const [asked, setAsked] = useState(0);

  useEffect(() => {
    let live = true;
    setAnswer(null);
    void queryWorker()
      .lookalikes(country, seedKey.split(',').map(Number), JSON.parse(filterKey) as CreatorFilter, {
        k: SIMILAR_TOP,
        skipContacted,
      })
      .then((a) => {
        if (live) setAnswer(a);
      });
    return () => {
      live = false;
    };
  }, [country, seedKey, filterKey, skipContacted, asked]);

  const tagRows = useLocalRows(localDb, 'tags', country);
  const tags = useMemo<CreatorTag[]>(
    () => (tagRows ?? []).map((t) => ({ tag_id: t.id, tag_title: String(t.title ?? '') })),
    [tagRows],
  );
  const results = answer?.results ?? [];
  const picked = results.filter((r) => chosen.has(r.row.id));
  const currency = COUNTRY_CURRENCY[country];

  function toggle(id: number, on: boolean) {
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function applyTags(op: 'add' | 'del', t: CreatorTag[]) {
    try {
      const refs = picked.map((r) => ({ id: r.row.id, unique_id: r.row.unique_id }));
      const seq = await setCreatorTags(localDb, country, refs, op, t);
      setDialog(null);
      setChosen(new Set());
      tellOutcome(seq, m.catalog_updated());
      // The tags show in the list once the worker has them.
      setAsked((n) => n + 1);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
    }
  }

  return (
    <div className="similar">
      <CheckBox isSelected={skipContacted} onChange={setSkipContacted}>
        {m.similar_skip_contacted()}
      </CheckBox>
      <p className="similar__status" role="status">
        {!answer
          ? m.similar_loading()
          : results.length
            ? m.similar_status({ count: formatNumber(results.length), max: formatNumber(SIMILAR_TOP) })
            : m.similar_none()}
      </p>
      {picked.length > 0 && (
        <div className="similar__actions">
          <Button size="sm" variant="primary" onPress={() => setDialog('plan')}>
            {m.similar_add_plan({ count: formatNumber(picked.length) })}
          </Button>
          <Button size="sm" onPress={() => setDialog('tags')}>
            {m.similar_tag({ count: formatNumber(picked.length) })}
          </Button>
        </div>
      )}
      <ol className="similar__list" data-testid="similar-list">
        {results.map(({ row, reasons }) => {
          const name = (row.daren_name || '').trim() || `@${row.unique_id}`;
          return (
            <li key={row.id} className="similar__item" data-testid="similar-item">
              <CheckBox
                isSelected={chosen.has(row.id)}
                onChange={(on) => toggle(row.id, on)}
                aria-label={m.similar_select({ name })}
              />
              <div className="similar__body">
                <CreatorNameLink id={row.id} name={row.daren_name} handle={row.unique_id} />
                <ul className="similar__reasons">
                  {reasons.map((r) => (
                    <li key={r.part}>{reasonText(r, answer?.seeds ?? 1, currency)}</li>
                  ))}
                </ul>
                <span className="similar__age">
                  {m.similar_numbers_from({ date: formatDate(Number(row.update_time)) })}
                </span>
              </div>
            </li>
          );
        })}
      </ol>
      {dialog === 'plan' && (
        <Suspense fallback={null}>
          <AddToPlanDialog
            country={country}
            creatorIds={picked.map((r) => r.row.id)}
            onClose={() => setDialog(null)}
            onDone={() => {
              setChosen(new Set());
              setDialog(null);
            }}
          />
        </Suspense>
      )}
      {dialog === 'tags' && (
        <Suspense fallback={null}>
          <TagDialog count={picked.length} tags={tags} onClose={() => setDialog(null)} onApply={applyTags} />
        </Suspense>
      )}
    </div>
  );
}

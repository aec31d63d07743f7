/**
 * "Best fit for this plan": the workspace's creators ranked for the plan's products by the
 * query worker (offline, fit.ts), each score a sum of named parts with the weights shown and
 * adjustable. Creators already in the plan and blacklisted ones are left out; chosen ones are added
 * to this plan (or another), tagged or saved as a view (PickList).
 */
import { useEffect, useMemo, useState } from 'react';
import { Label, Slider, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { browserStore, readJson, writeJson } from '../../ui/DataGrid/grid-storage.ts';
import { queryWorker } from '../../workers/query-client.ts';
import {
  DEFAULT_FIT_WEIGHTS,
  FIT_PARTS,
  FIT_WEIGHT_MAX,
  type FitAnswer,
  type FitPart,
  type FitWeights,
  type Outcomes,
} from '../../workers/query-types.ts';
import { useSalesRows } from '../plans/plan-queries.ts';
import { outcomesOf, readWeights } from './fit-spec.ts';
import { FIT_PART_NAMES, fitPartText, fitReasons, points } from './fit-text.ts';
import { ListDialog, PickList, type PickItem } from './PickList.tsx';
import { SIMILAR_TOP } from './SimilarList.tsx';
import { useRankingFailure } from './useRankingFailure.ts';

/** A weight change asks the worker again once the slider rests this long. */
const SETTLE_MS = 150;
const weightsKey = (planId: number) => `cd.fit.weights.${planId}`;

export function FitDialog({
  plan,
  members,
  onClose,
}: {
  plan: RowOf<'plans'>;
  /** Every plan's members: the seller's outcomes with each creator. */
  members: readonly RowOf<'plan_creators'>[];
  onClose: () => void;
}) {
  const country = plan.country as Country;
  const currency = COUNTRY_CURRENCY[country];
  const sales = useSalesRows();
  const [weights, setWeights] = useState<FitWeights>(() =>
    readWeights(readJson(browserStore('local'), weightsKey(plan.id))),
  );
  const [settled, setSettled] = useState(weights);
  const [skipContacted, setSkipContacted] = useState(true);
  const [answer, setAnswer] = useState<FitAnswer | null>(null);
  const [asked, setAsked] = useState(0);
  const { failedText, fail, clear } = useRankingFailure(() => setAsked((n) => n + 1));

  useEffect(() => {
    const t = setTimeout(() => setSettled(weights), SETTLE_MS);
    writeJson(browserStore('local'), weightsKey(plan.id), weights);
    return () => clearTimeout(t);
  }, [weights, plan.id]);

  // The plan's product categories, and what the ranking needs as one key (with outcomes and its own creators).
  const categories = useMemo(() => {
    if (!sales) return null;
    const ids = new Set((plan.product_ids ?? '').split(','));
    return [
      ...new Set(sales.products.filter((p) => ids.has(String(p.id))).map((p) => (p.category ?? '').trim())),
    ].filter(Boolean);
  }, [sales, plan]);
  const specJson = useMemo(() => {
    if (!sales || !categories) return null;
    const now = Math.floor(Date.now() / 1000);
    return JSON.stringify({
      categories,
      outcomes: outcomesOf(members, sales.sales, now),
      exclude: members.filter((r) => r.plan_id === plan.id).map((r) => r.creator_id),
    });
  }, [sales, categories, members, plan]);

  useEffect(() => {
    if (!specJson) return;
    let live = true;
    const spec = JSON.parse(specJson) as { categories: string[]; outcomes: Outcomes; exclude: number[] };
    clear();
    queryWorker()
      .fit(
        country,
        { weights: settled, categories: spec.categories, outcomes: spec.outcomes },
        {},
        { k: SIMILAR_TOP, skipContacted, excludeIds: spec.exclude },
      )
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
  }, [country, specJson, settled, skipContacted, asked, fail, clear]);

  const noCategories =
    specJson !== null && (JSON.parse(specJson) as { categories: string[] }).categories.length === 0;
  const items = useMemo<PickItem[]>(
    () =>
      (answer?.results ?? []).map(({ row, score, parts }) => ({
        row,
        body: (
          <>
            <strong className="fit__score">{m.fit_score({ score: formatNumber(Math.round(score)) })}</strong>
            <ul className="similar__reasons">
              {fitReasons(parts).map((p) => (
                <li key={p.part}>{fitPartText(p, currency)}</li>
              ))}
            </ul>
            <details className="fit__parts">
              <summary>{m.fit_breakdown({ score: formatNumber(Math.round(score)) })}</summary>
              <ul>
                {parts.map((p) => (
                  <li key={p.part}>
                    {m.fit_part_points({ part: FIT_PART_NAMES[p.part](), points: points(p.points) })} ·{' '}
                    {fitPartText(p, currency)}
                  </li>
                ))}
              </ul>
            </details>
          </>
        ),
      })),
    [answer, currency],
  );
  const status = failedText
    ? failedText
    : !answer
      ? m.fit_loading()
      : items.length
        ? m.fit_status({
            count: formatNumber(items.length),
            ranked: formatNumber(answer.ranked),
            max: formatNumber(SIMILAR_TOP),
          })
        : m.fit_none();

  return (
    <ListDialog title={m.fit_title({ plan: plan.name })} onClose={onClose}>
      <p className="similar__status">{m.fit_hint()}</p>
      {noCategories && <p className="similar__status">{m.fit_no_categories()}</p>}
      <details className="fit__weights">
        <summary>
          {m.fit_weights()}:{' '}
          {FIT_PARTS.map((p) => `${FIT_PART_NAMES[p]()} ${formatNumber(weights[p])}`).join(' · ')}
        </summary>
        <p className="similar__status">{m.fit_weights_hint({ max: formatNumber(FIT_WEIGHT_MAX) })}</p>
        <div className="fit__sliders">
          {FIT_PARTS.map((p) => (
            <WeightSlider
              key={p}
              part={p}
              value={weights[p]}
              onChange={(v) => setWeights((w) => ({ ...w, [p]: v }))}
            />
          ))}
        </div>
        <Button size="sm" onPress={() => setWeights(DEFAULT_FIT_WEIGHTS)}>
          {m.fit_weights_reset()}
        </Button>
      </details>
      <PickList
        country={country}
        items={items}
        status={status}
        skipContacted={skipContacted}
        onSkipContacted={setSkipContacted}
        onChanged={() => setAsked((n) => n + 1)}
        planId={plan.id}
      />
    </ListDialog>
  );
}

function WeightSlider({
  part,
  value,
  onChange,
}: {
  part: FitPart;
  value: number;
  onChange: (v: number) => void;
}) {
  return (
    <Slider
      className="fit__slider"
      value={value}
      onChange={onChange}
      minValue={0}
      maxValue={FIT_WEIGHT_MAX}
      step={0.5}
    >
      <div className="fit__slider-head">
        <Label>{FIT_PART_NAMES[part]()}</Label>
        <SliderOutput />
      </div>
      <SliderTrack className="fit__track">
        <SliderThumb className="fit__thumb" />
      </SliderTrack>
    </Slider>
  );
}

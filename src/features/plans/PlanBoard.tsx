/**
 * A plan's board: a column per stage, each a virtualised list of every card in it (a
 * column of 10,000 renders the dozen on screen). A card moves by its stage picker (keyboard: Tab to
 * the picker, Enter, arrows, Enter) or by dragging it onto another column; both go through
 * requestMove (quota warning, reason for a way out) and show at once. Each column tells PlanScreen
 * which cards it shows, so only their creators are read.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { lazy, memo, Suspense, useEffect, useRef, useState, type DragEvent } from 'react';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import { MESSAGES_BEFORE_REPLY } from '../../../contract/limits.ts';
import type { CreatorRow, RowOf } from '../../../contract/sync.ts';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/Button.tsx';
import { cx } from '../../ui/cx.ts';
import { Select } from '../../ui/Select.tsx';
import { CreatorNameLink } from '../workbench/CreatorNameLink.tsx';
import { logMessage, removeFromPlan } from './plan-actions.ts';
import { requestMove } from './plan-move.ts';
import {
  daysIn,
  isStage,
  postWithinOf,
  sampleDeadline,
  stageLabel,
  type BoardColumn,
  type PlanStage,
} from './plan-rules.ts';

const SaleDialog = lazy(() => import('./SaleDialog.tsx').then((mod) => ({ default: mod.SaleDialog })));
const CostDialog = lazy(() => import('./CostDialog.tsx').then((mod) => ({ default: mod.CostDialog })));
const SalesLinesDialog = lazy(() =>
  import('./SalesLinesDialog.tsx').then((mod) => ({ default: mod.SalesLinesDialog })),
);

/** Cards are read (creators, messages) in chunks of this many per column, so a scroll of a few cards reads nothing new. */
export const CARD_CHUNK = 24;
const CARD_ESTIMATE = 150;
const DRAG_TYPE = 'application/x-creatordesk-plan-card';
/** Stages where a message to the creator still counts against TikTok's limit of messages before a reply. */
const MESSAGING = new Set<string>(['to_contact', 'contacted', 'invited', 'no_reply']);

/** What every card of the board needs besides its row. */
export interface BoardData {
  plan: RowOf<'plans'>;
  creators: Map<number, CreatorRow> | undefined;
  /** Each creator's sales of the plan's products, in words. */
  money: Map<number, string>;
  /** Messages recorded before a reply; undefined while not read. */
  counts: Map<number, number> | undefined;
  connected: ReadonlySet<number>;
  products: { product_id: string; title: string }[];
  stages: { id: string; label: string }[];
  /** Unix seconds, minute-grained. */
  now: number;
  /** A column shows cards [start, end) of its stage (chunked by CARD_CHUNK). */
  onRange: (stage: PlanStage, start: number, end: number) => void;
}

export function PlanBoard({
  columns,
  data,
  name,
}: {
  columns: BoardColumn[];
  data: BoardData;
  name: string;
}) {
  return (
    <div
      className="plans-board"
      role="region"
      aria-label={m.plans_board_label({ name })}
      aria-description={m.plans_drag_hint()}
      tabIndex={0}
    >
      {columns.map((col) => (
        <Column key={col.stage} col={col} data={data} />
      ))}
    </div>
  );
}

const Column = memo(function Column({ col, data }: { col: BoardColumn; data: BoardData }) {
  const { plan, creators, onRange } = data;
  const scroller = useRef<HTMLDivElement>(null);
  const [over, setOver] = useState(false);
  const v = useVirtualizer({
    count: col.cards.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_ESTIMATE,
    overscan: 3,
    gap: 8,
    getItemKey: (i) => col.cards[i]!.id,
  });
  const items = v.getVirtualItems();
  const start = Math.floor((items[0]?.index ?? 0) / CARD_CHUNK) * CARD_CHUNK;
  const end = (Math.floor((items.at(-1)?.index ?? 0) / CARD_CHUNK) + 1) * CARD_CHUNK;
  useEffect(() => onRange(col.stage, start, end), [onRange, col.stage, start, end]);

  const accepts = (e: DragEvent) => e.dataTransfer.types.includes(DRAG_TYPE);
  function drop(e: DragEvent) {
    setOver(false);
    if (!accepts(e)) return;
    e.preventDefault();
    try {
      const card = JSON.parse(e.dataTransfer.getData(DRAG_TYPE)) as {
        plan: number;
        id: number;
        name: string;
      };
      const from = col.cards.find((r) => r.creator_id === card.id);
      if (card.plan === plan.id && !from) void requestMove(plan, [card.id], col.stage, card.name);
    } catch {
      // Not one of our cards.
    }
  }

  const heading = `plans-col-${col.stage}`;
  return (
    <section
      className={cx('plans-column', over && 'plans-column--over')}
      aria-labelledby={heading}
      data-stage={col.stage}
      onDragOver={(e) => {
        if (!accepts(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={drop}
    >
      <h2 id={heading} className="plans-column__title">
        {m.plans_column_label({ stage: stageLabel(col.stage), count: formatNumber(col.count) })}
      </h2>
      <div ref={scroller} className="plans-column__scroll">
        <ul className="plans-column__cards" style={{ height: v.getTotalSize() }}>
          {items.map((item) => {
            const r = col.cards[item.index]!;
            const id = r.creator_id;
            const creator = creators?.get(id);
            const messaging = MESSAGING.has(r.stage) && !data.connected.has(id);
            return (
              <Card
                key={item.key}
                index={item.index}
                top={item.start}
                setSize={col.count}
                measure={v.measureElement}
                plan={plan}
                row={r}
                name={creator?.daren_name}
                handle={creator?.unique_id}
                creatorId={creator?.id}
                stages={data.stages}
                now={data.now}
                sales={data.money.get(id)}
                products={data.products}
                messages={messaging ? (data.counts?.get(id) ?? 0) : undefined}
              />
            );
          })}
        </ul>
      </div>
    </section>
  );
});

/**
 * A card's place in its column: cheap, re-rendered whenever the cards above it change (its offset)
 * or the column's count does; what it holds is the memoised CardBody, re-rendered only when its own
 * row or data changed (a move costs the moved card and the two column headings, not every picker).
 */
function Card({
  index,
  top,
  setSize,
  measure,
  ...body
}: CardProps & {
  /** Place in the column (virtualiser index), offset and the column's size. */
  index: number;
  top: number;
  setSize: number;
  measure: (el: Element | null) => void;
}) {
  const creatorId = body.row.creator_id;
  return (
    <li
      ref={measure}
      data-index={index}
      aria-setsize={setSize}
      aria-posinset={index + 1}
      className="plans-card-item"
      style={{ transform: `translateY(${top}px)` }}
      data-testid="plan-member"
      data-creator={creatorId}
      draggable
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData(
          DRAG_TYPE,
          JSON.stringify({ plan: body.plan.id, id: creatorId, name: labelOf(body, creatorId) }),
        );
      }}
    >
      <CardBody {...body} />
    </li>
  );
}

interface CardProps {
  plan: RowOf<'plans'>;
  row: RowOf<'plan_creators'>;
  /** The plan's products (a sale entered by hand names one). */
  products: { product_id: string; title: string }[];
  /** The creator's sales of the plan's products, in words; undefined when none were imported. */
  sales: string | undefined;
  /** Messages recorded before a reply (TikTok allows 5); undefined when the limit does not apply. */
  messages: number | undefined;
  /** The creator as the mirror holds them; undefined while not read (or not mirrored). */
  name: string | undefined;
  handle: string | undefined;
  creatorId: number | undefined;
  stages: { id: string; label: string }[];
  now: number;
}

const labelOf = (p: { name: string | undefined; handle: string | undefined }, id: number): string =>
  p.handle !== undefined ? (p.name ?? '').trim() || `@${p.handle}` : `#${id}`;

const CardBody = memo(function CardBody(props: CardProps) {
  const { plan, row, name, handle, creatorId: mirrored, stages, now, messages, sales, products } = props;
  const creatorId = row.creator_id;
  const label = labelOf(props, creatorId);
  const [selling, setSelling] = useState(false);
  const [listing, setListing] = useState(false);
  const [costing, setCosting] = useState(false);
  return (
    <>
      {handle !== undefined ? (
        <CreatorNameLink id={mirrored} name={name ?? ''} handle={handle} />
      ) : (
        <span>{label}</span>
      )}
      <span className="plans-muted">{m.plans_days({ days: daysIn(row.stage_time, now) })}</span>
      {row.reason ? <span className="plans-muted plans-reason">{row.reason}</span> : null}
      <SampleDue row={row} now={now} postWithin={postWithinOf(plan)} />
      {sales && (
        <span className="plans-muted" data-testid="plan-sales">
          {sales}
        </span>
      )}
      {messages !== undefined && (
        <span className="plans-muted" data-testid="plan-messages">
          {m.plans_messages({ count: messages, max: MESSAGES_BEFORE_REPLY })}
        </span>
      )}
      <div className="plans-card-item__actions">
        <Select<string>
          size="sm"
          aria-label={m.plans_move_label({ name: label })}
          items={stages}
          value={row.stage}
          onChange={(s) => {
            if (isStage(s) && s !== row.stage) void requestMove(plan, [creatorId], s, label);
          }}
        />
        {messages !== undefined && (
          <Button
            size="sm"
            variant="text"
            aria-label={m.plans_log_message_label({ name: label })}
            onPress={() => void logMessage(creatorId, label, messages, false)}
          >
            {m.plans_log_message()}
          </Button>
        )}
        {products.length > 0 && (
          <Button
            size="sm"
            variant="text"
            aria-label={m.plans_add_sale_label({ name: label })}
            onPress={() => setSelling(true)}
          >
            {m.plans_add_sale()}
          </Button>
        )}
        <Button
          size="sm"
          variant="text"
          aria-label={m.money_cost_add_label({ name: label })}
          onPress={() => setCosting(true)}
        >
          {m.money_cost_add()}
        </Button>
        {sales && (
          <Button
            size="sm"
            variant="text"
            aria-label={m.plans_lines_label({ name: label })}
            onPress={() => setListing(true)}
          >
            {m.plans_lines()}
          </Button>
        )}
        <Button
          size="sm"
          variant="text"
          aria-label={m.plans_remove({ name: label })}
          onPress={() => void removeFromPlan(plan, [creatorId])}
        >
          {m.plans_remove_short()}
        </Button>
      </div>
      {listing && (
        <Suspense fallback={null}>
          <SalesLinesDialog creatorId={creatorId} name={label} onClose={() => setListing(false)} />
        </Suspense>
      )}
      {costing && (
        <Suspense fallback={null}>
          <CostDialog
            planId={Number(plan.id)}
            country={String(plan.country)}
            creatorId={creatorId}
            name={label}
            currency={COUNTRY_CURRENCY[String(plan.country) as Country]}
            onClose={() => setCosting(false)}
          />
        </Suspense>
      )}
      {selling && (
        <Suspense fallback={null}>
          <SaleDialog
            creatorId={creatorId}
            name={label}
            plan={plan}
            products={products}
            currency={COUNTRY_CURRENCY[plan.country as Country]}
            onClose={() => setSelling(false)}
          />
        </Suspense>
      )}
    </>
  );
});

/** TikTok's sample deadline for a card in a sample stage; past ones say so in words, not colour alone. */
export function SampleDue({
  row,
  now,
  postWithin,
}: {
  row: RowOf<'plan_creators'>;
  now: number;
  postWithin: number;
}) {
  const d = sampleDeadline(row, now, postWithin);
  if (!d) return null;
  const date = formatDate(d.due);
  const text = d.kind === 'approve' ? m.plans_due_approve({ date }) : m.plans_due_content({ date });
  return (
    <>
      <span className={d.overdue ? 'plans-due plans-due--late' : 'plans-due'} data-testid="sample-due">
        {d.overdue ? m.plans_due_overdue({ text }) : text}
      </span>
      {d.remindFrom && !d.overdue && (
        <span className="plans-muted">{m.plans_due_remind({ date: formatDate(d.remindFrom) })}</span>
      )}
    </>
  );
}

/**
 * A plan's ledger, pure (docs/decisions/plans.md, "The ledger"): the net profit inputs of
 * server/services/net-profit.ts laid out as one time-ordered list, each line with the running
 * GMV, costs and net after it. The same rules book every cent: a shipped member's samples at its
 * sample time, every counted line's GMV and commission at its order time (for the video it names
 * when the creator has a record of it), a fee or ad spend on its day, a retainer per month it
 * covers (pro rata, net-profit.ts retainerMonths). So the last line's running totals equal
 * netProfit's figures for the same creators, and each counted line appears exactly once.
 */
import { samplesSent } from '../../contract/plan-samples.ts';
import { shopDay, shopDayStart } from '../../contract/shop-time.ts';
import { LEDGER_CURSOR_RE, LEDGER_KINDS, type LedgerKind } from '../../contract/limits.ts';
import type { LedgerLine } from '../../contract/schemas/ledger.ts';
import type { NetMoney } from '../../contract/schemas/money.ts';
import { retainerMonths, toMoney, type NetInput } from './net-profit.ts';

const RANK = new Map(LEDGER_KINDS.map((k, i) => [k, i]));
export const SALE_RANK = RANK.get('sale')!;

/**
 * A line's place in the ledger's order (docs/decisions/plans.md, "The ledger"): its time, its
 * kind's place in LEDGER_KINDS, then its row id (the member's creator for a sample, the video
 * record, the order line, the cost line; a retainer's months differ in time). Unique in a ledger,
 * and it stays where it was when other lines come or go, so a page read after it (`after`) neither
 * repeats nor skips a line that was there.
 */
export interface LineKey {
  time: number;
  rank: number;
  id: number;
}
export const keyText = (k: LineKey): string => `${k.time}.${k.rank}.${k.id}`;
/** The key a cursor names, or null when it is not one (the schema's LEDGER_CURSOR_RE checks first). */
export function keyOf(text: string): LineKey | null {
  const m = LEDGER_CURSOR_RE.exec(text);
  if (!m) return null;
  const [time, rank, id] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return Number.isSafeInteger(time) && Number.isSafeInteger(id) && rank < LEDGER_KINDS.length
    ? { time, rank, id }
    : null;
}
export const keyCompare = (a: LineKey, b: LineKey): number =>
  a.time - b.time || a.rank - b.rank || a.id - b.id;

/** Where a page starts: after `key`, with the running totals of the sales up to it (SQL sums). */
export interface PageStart {
  key: LineKey;
  gmv_cents: number;
  cost_cents: number;
}

/** Keeps the inputs of one creator only (0: all of them). */
export function inputOf(input: NetInput, creatorId: number): NetInput {
  if (!creatorId) return input;
  const mine = <T extends { creator_id: number }>(rows: readonly T[]) =>
    rows.filter((r) => r.creator_id === creatorId);
  return {
    ...input,
    members: mine(input.members),
    lines: mine(input.lines),
    contents: mine(input.contents),
    costs: mine(input.costs),
  };
}

/**
 * Each line is made once in its final shape (its key, day and running totals filled in after the
 * sort), beside its place in the order: two years of a creator is 10,000 lines, and copying each
 * into a new object (a spread) cost more than the rest of the layout together.
 */
interface Draft {
  d: LedgerLine;
  time: number;
  rank: number;
  id: number;
}
const line = (
  kind: LedgerKind,
  id: number,
  time: number,
  creator_id: number,
  video_id: string,
  ref: string,
  gmv_cents: number,
  cost_cents: number,
): Draft => ({
  d: {
    key: '',
    kind,
    time,
    creator_id,
    video_id,
    ref,
    gmv_cents,
    cost_cents,
    day: '',
    run_gmv_cents: 0,
    run_cost_cents: 0,
    run_net_cents: 0,
  },
  time,
  rank: RANK.get(kind)!,
  id,
});

/**
 * A shop day's first second, kept per country and day: the time zone's formatter is the costly
 * part, and the same two years of days come back on every ledger opened. Bounded; a full cache
 * starts again.
 */
const dayStarts = new Map<string, number>();
const DAY_STARTS_MAX = 20_000;
function dayStartOf(day: string, country: NetInput['country']): number {
  const key = `${country}|${day}`;
  let t = dayStarts.get(key);
  if (t === undefined) {
    t = shopDayStart(day, country);
    if (dayStarts.size >= DAY_STARTS_MAX) dayStarts.clear();
    dayStarts.set(key, t);
  }
  return t;
}

/**
 * The ledger laid out. With `start`, `input.lines` holds only sales after its key (any other line
 * is still whole): the lines up to the key only add to the running totals, which begin from the
 * sales' sums up to the key, and `before` counts them; `total` is then that of the input only.
 */
export function ledgerLines(
  input: NetInput,
  start?: PageStart,
): { lines: LedgerLine[]; total: NetMoney; before: number } {
  const country = input.country;
  const drafts: Draft[] = [];
  const sum = { gmv: 0, commission: 0, samples: 0, fees: 0, ads: 0 };
  const add = (
    kind: LedgerKind,
    id: number,
    d: {
      time: number;
      creator_id: number;
      video_id: string;
      ref: string;
      gmv_cents: number;
      cost_cents: number;
    },
  ) => drafts.push(line(kind, id, d.time, d.creator_id, d.video_id, d.ref, d.gmv_cents, d.cost_cents));
  const dayStart = (day: string) => dayStartOf(day, country);

  for (const m of input.members) {
    if (!samplesSent(m) || input.sampleCents <= 0) continue;
    sum.samples += input.sampleCents;
    add('sample', m.creator_id, {
      time: m.sample_time || m.stage_time,
      creator_id: m.creator_id,
      video_id: '',
      ref: '',
      gmv_cents: 0,
      cost_cents: input.sampleCents,
    });
  }
  const videoOf = new Map(input.contents.map((c) => [`${c.creator_id}|${c.video_id}`, c]));
  const byId = new Map(input.contents.map((c) => [c.id, c]));
  for (const c of input.contents)
    add('content', c.id, {
      time: c.post_time ?? 0,
      creator_id: c.creator_id,
      video_id: c.video_id,
      ref: '',
      gmv_cents: 0,
      cost_cents: 0,
    });
  for (const l of input.lines) {
    sum.gmv += l.gmv_cents;
    sum.commission += l.commission_cents;
    const video = l.video_id ? videoOf.get(`${l.creator_id}|${l.video_id}`) : undefined;
    drafts.push(
      line(
        'sale',
        l.row_id ?? 0,
        l.created_time,
        l.creator_id,
        video ? video.video_id : '',
        l.order_id ?? '',
        l.gmv_cents,
        l.commission_cents,
      ),
    );
  }
  for (const c of input.costs) {
    if (c.kind === 'retainer') {
      for (const [month, cents] of retainerMonths(c.amount_cents, c.start_date, c.end_date)) {
        sum.fees += cents;
        const first = month === c.start_date.slice(0, 7) ? c.start_date : `${month}-01`;
        add('retainer', c.id ?? 0, {
          time: dayStart(first),
          creator_id: c.creator_id,
          video_id: '',
          ref: month,
          gmv_cents: 0,
          cost_cents: cents,
        });
      }
      continue;
    }
    if (c.kind === 'ad') sum.ads += c.amount_cents;
    else sum.fees += c.amount_cents;
    add(c.kind === 'ad' ? 'ad' : 'fee', c.id ?? 0, {
      time: dayStart(c.start_date),
      creator_id: c.creator_id,
      video_id: c.kind === 'ad' ? (byId.get(c.content_id)?.video_id ?? '') : '',
      ref: '',
      gmv_cents: 0,
      cost_cents: c.amount_cents,
    });
  }

  // By key (time, kind, row id); a stable sort keeps inputs without ids (tests) in their order.
  drafts.sort(keyCompare);
  // The lines are in time order: the time zone's formatter (the costly part of two years of lines)
  // runs once per shop day and in each day's last hour, not per line. A day is at least 23 hours
  // (the spring change), so a time less than 23 hours after its day's start is still that day.
  let day = '';
  let sure = -Infinity;
  const dayOf = (t: number): string => {
    if (t <= 0) return '';
    if (t < sure) return day;
    const d = shopDay(t, country);
    if (d !== day) {
      day = d;
      sure = dayStart(d) + 23 * 3600;
    }
    return day;
  };
  let gmv = start?.gmv_cents ?? 0;
  let cost = start?.cost_cents ?? 0;
  let before = 0;
  const lines: LedgerLine[] = [];
  for (const k of drafts) {
    const d = k.d;
    gmv += d.gmv_cents;
    cost += d.cost_cents;
    if (start && keyCompare(k, start.key) <= 0) {
      before++;
      continue;
    }
    d.key = keyText(k);
    d.day = dayOf(d.time);
    d.run_gmv_cents = gmv;
    d.run_cost_cents = cost;
    d.run_net_cents = gmv - cost;
    lines.push(d);
  }
  return { lines, total: toMoney(sum), before };
}

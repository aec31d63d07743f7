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
import { LEDGER_KINDS, type LedgerKind } from '../../contract/limits.ts';
import type { LedgerLine } from '../../contract/schemas/ledger.ts';
import type { NetMoney } from '../../contract/schemas/money.ts';
import { retainerMonths, toMoney, type NetInput } from './net-profit.ts';

const RANK = new Map(LEDGER_KINDS.map((k, i) => [k, i]));

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

type Draft = Omit<LedgerLine, 'day' | 'run_gmv_cents' | 'run_cost_cents' | 'run_net_cents'>;

export function ledgerLines(input: NetInput): { lines: LedgerLine[]; total: NetMoney } {
  const country = input.country;
  const drafts: Draft[] = [];
  const sum = { gmv: 0, commission: 0, samples: 0, fees: 0, ads: 0 };
  const add = (kind: LedgerKind, d: Omit<Draft, 'kind'>) => drafts.push({ kind, ...d });
  const dayStart = (day: string) => shopDayStart(day, country);

  for (const m of input.members) {
    if (!samplesSent(m) || input.sampleCents <= 0) continue;
    sum.samples += input.sampleCents;
    add('sample', {
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
    add('content', {
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
    add('sale', {
      time: l.created_time,
      creator_id: l.creator_id,
      video_id: video ? video.video_id : '',
      ref: l.order_id ?? '',
      gmv_cents: l.gmv_cents,
      cost_cents: l.commission_cents,
    });
  }
  for (const c of input.costs) {
    if (c.kind === 'retainer') {
      for (const [month, cents] of retainerMonths(c.amount_cents, c.start_date, c.end_date)) {
        sum.fees += cents;
        const first = month === c.start_date.slice(0, 7) ? c.start_date : `${month}-01`;
        add('retainer', {
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
    add(c.kind === 'ad' ? 'ad' : 'fee', {
      time: dayStart(c.start_date),
      creator_id: c.creator_id,
      video_id: c.kind === 'ad' ? (byId.get(c.content_id)?.video_id ?? '') : '',
      ref: '',
      gmv_cents: 0,
      cost_cents: c.amount_cents,
    });
  }

  const order = drafts.map((d, i) => ({ d, i }));
  order.sort((a, b) => a.d.time - b.d.time || RANK.get(a.d.kind)! - RANK.get(b.d.kind)! || a.i - b.i);
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
  let gmv = 0;
  let cost = 0;
  const lines = order.map(({ d }) => {
    gmv += d.gmv_cents;
    cost += d.cost_cents;
    return {
      ...d,
      day: dayOf(d.time),
      run_gmv_cents: gmv,
      run_cost_cents: cost,
      run_net_cents: gmv - cost,
    };
  });
  return { lines, total: toMoney(sum) };
}

/**
 * Net profit of a plan, pure (docs/decisions/plans.md, "Net profit"): from the plan's counted order
 * lines, its members' samples and its cost lines, all in whole cents so every sum is exact.
 *
 *   net = GMV − commission − samples − fees − ad spend;  ROI = net / (commission + samples + fees + ad spend)
 *
 * Per creator, per video and per month; the creators' nets and the months' nets each sum to the
 * plan's. A line counts for the video whose id it names and whose creator sold it: one video at
 * most, since a workspace keeps one record per video id in a country. A retainer counts in every
 * month it covers, pro rata by days in a month it covers in part.
 */
import { COUNTRY_CURRENCY, type Country } from '../../contract/constants.ts';
import { samplesSent } from '../../contract/plan-samples.ts';
import type { NetMoney, PlanMoneyResult } from '../../contract/schemas/money.ts';
import { shopDay } from '../../contract/shop-time.ts';

export interface NetInput {
  planId: number;
  country: Country;
  /** One creator's samples: the plan's sample cost plus shipping, in cents. */
  sampleCents: number;
  members: readonly { creator_id: number; stage: string; sample_time: number; stage_time: number }[];
  /** The plan's counted lines: its products, sold by its creators. */
  lines: readonly {
    creator_id: number;
    video_id: string;
    gmv_cents: number;
    commission_cents: number;
    created_time: number;
    /** The order line's ids, for the ledger's reference (server/services/ledger.ts). */
    order_id?: string;
    sku_id?: string;
    /** The order line's row id: the ledger lists sales of one second by it (ledger.ts LineKey). */
    row_id?: number;
    /**
     * Set when the line is a sum of lines (plan-money.service.ts, summedLines): how many, the GMV
     * of those with a positive GMV, and the shop week number they share (shop-clock-sql.ts weekSql,
     * meaningful only for week sums of times inside its window).
     */
    count?: number;
    positive_gmv_cents?: number;
    week?: number;
  }[];
  contents: readonly { id: number; creator_id: number; video_id: string; link: string; post_time?: number }[];
  costs: readonly {
    /** The cost line's row id (the ledger's order within a moment). */
    id?: number;
    creator_id: number;
    kind: string;
    content_id: number;
    amount_cents: number;
    start_date: string;
    end_date: string;
  }[];
  /** Videos answered at most (the best and the worst halves when there are more). */
  videosMax?: number;
}

interface Cents {
  gmv: number;
  commission: number;
  samples: number;
  fees: number;
  ads: number;
}
const zero = (): Cents => ({ gmv: 0, commission: 0, samples: 0, fees: 0, ads: 0 });

/** Cents to the answer's units, with the net and ROI of the slice. */
export function toMoney(c: Cents): NetMoney {
  const net = c.gmv - c.commission - c.samples - c.fees - c.ads;
  const spent = c.commission + c.samples + c.fees + c.ads;
  return {
    gmv: c.gmv / 100,
    commission: c.commission / 100,
    samples: c.samples / 100,
    fees: c.fees / 100,
    ads: c.ads / 100,
    net: net / 100,
    roi: spent > 0 ? net / spent : null,
  };
}

const daysIn = (y: number, m: number): number => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * A monthly retainer's cents per month (`YYYY-MM`): a month covered whole counts the amount, a
 * month covered in part counts amount × covered days / days of that month, rounded to the cent.
 */
export function retainerMonths(amountCents: number, start: string, end: string): Map<string, number> {
  const out = new Map<string, number>();
  let y = Number(start.slice(0, 4));
  let m = Number(start.slice(5, 7));
  const endKey = end.slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    if (key > endKey) break;
    const days = daysIn(y, m);
    const first = key === start.slice(0, 7) ? Number(start.slice(8, 10)) : 1;
    const last = key === endKey ? Number(end.slice(8, 10)) : days;
    const covered = Math.max(0, last - first + 1);
    out.set(key, covered === days ? amountCents : Math.round((amountCents * covered) / days));
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

export function netProfit(input: NetInput): PlanMoneyResult {
  const monthOf = (t: number) => (t > 0 ? shopDay(t, input.country).slice(0, 7) : '');
  const total = zero();
  const creators = new Map<number, Cents>();
  const months = new Map<string, Cents>();
  const slice = <K>(map: Map<K, Cents>, k: K) => {
    let c = map.get(k);
    if (!c) map.set(k, (c = zero()));
    return c;
  };
  const book = (creatorId: number, month: string, field: keyof Cents, cents: number) => {
    total[field] += cents;
    slice(creators, creatorId)[field] += cents;
    slice(months, month)[field] += cents;
  };

  for (const m of input.members) {
    slice(creators, m.creator_id);
    if (samplesSent(m) && input.sampleCents > 0)
      book(m.creator_id, monthOf(m.sample_time || m.stage_time), 'samples', input.sampleCents);
  }
  const videoOf = new Map(input.contents.map((c) => [`${c.creator_id}|${c.video_id}`, c.id]));
  const videos = new Map<number, Cents>();
  for (const c of input.contents) slice(videos, c.id);
  for (const l of input.lines) {
    const month = monthOf(l.created_time);
    book(l.creator_id, month, 'gmv', l.gmv_cents);
    book(l.creator_id, month, 'commission', l.commission_cents);
    const video = l.video_id ? videoOf.get(`${l.creator_id}|${l.video_id}`) : undefined;
    if (video !== undefined) {
      const v = slice(videos, video);
      v.gmv += l.gmv_cents;
      v.commission += l.commission_cents;
    }
  }
  for (const c of input.costs) {
    if (c.kind === 'retainer')
      for (const [month, cents] of retainerMonths(c.amount_cents, c.start_date, c.end_date))
        book(c.creator_id, month, 'fees', cents);
    else book(c.creator_id, c.start_date.slice(0, 7), c.kind === 'ad' ? 'ads' : 'fees', c.amount_cents);
    if (c.kind === 'ad' && videos.has(c.content_id)) slice(videos, c.content_id).ads += c.amount_cents;
  }

  const byId = new Map(input.contents.map((c) => [c.id, c]));
  let videoRows = [...videos].map(([id, c]) => {
    const content = byId.get(id)!;
    return {
      ...toMoney(c),
      content_id: id,
      creator_id: content.creator_id,
      video_id: content.video_id,
      link: content.link,
    };
  });
  videoRows.sort((a, b) => b.net - a.net || a.content_id - b.content_id);
  const videosTotal = videoRows.length;
  const max = input.videosMax ?? Infinity;
  if (videoRows.length > max)
    videoRows = [...videoRows.slice(0, Math.ceil(max / 2)), ...videoRows.slice(-Math.floor(max / 2))];
  return {
    plan_id: input.planId,
    currency: COUNTRY_CURRENCY[input.country],
    total: toMoney(total),
    creators: [...creators]
      .sort((a, b) => a[0] - b[0])
      .map(([creator_id, c]) => ({ ...toMoney(c), creator_id })),
    videos: videoRows,
    videos_total: videosTotal,
    months: [...months]
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
      .map(([month, c]) => ({ ...toMoney(c), month })),
  };
}

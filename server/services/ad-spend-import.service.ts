/**
 * Ad spend from a file into a plan's cost lines (docs/decisions/plans.md, "Ad spend from a file").
 * Each row is read on its own: a video that is not one of the workspace's content records in the
 * plan's country (or is another plan's, or its creator is not in this plan), an amount that is not
 * digits with at most two decimals above 0 (a negative, "1e3", a third decimal), a day that is not a
 * real `YYYY-MM-DD`, or a currency other than the plan's is refused and named by row, field and
 * value; the other rows still count. Rows of one video, day, channel and campaign are one line
 * (their amounts summed); the line's `import_key` says so, and a line the workspace already has
 * under that key is kept when the file says the same amount, or corrected (with history) when it
 * says another. Nothing stored is deleted. The workspace's version lock is taken first, so parallel
 * imports of one file are ordered and the cost cap holds; the unique index on (workspace, plan,
 * import_key) holds it across processes. A dry run (the screen's Check) reads the same way and writes
 * nothing, not even a new workspace version.
 */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { COUNTRY_CURRENCY, type Country, type Language } from '../../contract/constants.ts';
import { COSTS_MAX, COST_AMOUNT_MAX, COST_NOTE_MAX } from '../../contract/limits.ts';
import type { AdSpendImportRequest, AdSpendRefusal } from '../../contract/schemas/ad-spend.ts';
import { dayOf, yearFirst } from '../../contract/date-order.ts';
import { costAmount, costDay } from '../../contract/schemas/money.ts';
import { isVideoLink, parseVideoLink } from '../../contract/tiktok-link.ts';
import { chunks } from '../db/creator.repository.ts';
import type { Actor } from '../db/creator-events.repository.ts';
import {
  addHistory,
  countCosts,
  insertCost,
  updateCost,
  type CostDbRow,
} from '../db/plan-cost.repository.ts';
import { planTerms } from '../db/plan.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { AppError } from '../domain/errors.ts';
import { message } from '../domain/messages.ts';
import '../domain/messages/ad-spend.messages.ts';
import '../domain/messages/import-dates.messages.ts';

type Trx = Transaction<DB>;
type Input = z.infer<typeof AdSpendImportRequest>;

const AMOUNT = costAmount();
const DAY = costDay();
const cut = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s);

interface Read {
  row: number;
  videoId: string;
  cents: number;
  date: string;
  campaign: string;
}

/** A row's video cell: digits, or a full TikTok video link; null when it is neither. */
function videoIdOf(raw: string): string | null {
  if (/^\d{1,25}$/.test(raw)) return raw.replace(/^0+(?=\d)/, '');
  const link = parseVideoLink(raw);
  return isVideoLink(link) ? link.videoId : null;
}

export async function importAdSpend(trx: Trx, ws: number, by: Actor, input: Input, lang: Language) {
  // A check writes nothing, so it takes no version: a new one would wake every member's device
  // (live stream, pull) for a change that did not happen.
  const version = input.dryRun ? 0 : await nextVersion(trx, ws);
  const plan = await planTerms(trx, ws, input.plan_id);
  if (!plan) throw new AppError(40004, 'plan_not_found');
  const currency = COUNTRY_CURRENCY[plan.country as Country] ?? '';
  const refused: AdSpendRefusal[] = [];
  const refuse = (row: number, field: string, value: string, key: string, params = {}) =>
    refused.push({ row, field, value: cut(value), reason: message(key, lang, params) });

  // 1. Each row's cells, on their own.
  const read: Read[] = [];
  for (const r of input.rows) {
    const before = refused.length;
    const video = r.video.trim();
    const videoId = video ? videoIdOf(video) : null;
    if (!video) refuse(r.row, 'video', video, 'ad_import_video_required');
    else if (!videoId) refuse(r.row, 'video', video, 'ad_import_video_invalid');
    const amount = r.amount.trim();
    const cents = AMOUNT.safeParse(amount);
    if (/^-/.test(amount)) refuse(r.row, 'amount', amount, 'ad_import_amount_negative');
    else if (!cents.success)
      refuse(r.row, 'amount', amount, cents.error.issues[0]?.message ?? 'cost_amount_invalid');
    // Read day or month first only when the member chose that order for the file.
    const day = DAY.safeParse(dayOf(yearFirst(r.date, input.date_order)));
    if (!day.success) refuse(r.row, 'date', r.date.trim(), 'ad_import_date_invalid');
    const cur = (r.currency ?? '').trim().toUpperCase();
    if (cur && cur !== currency)
      refuse(r.row, 'currency', cur, 'ad_import_currency', { currency: cur, expected: currency });
    const campaign = (r.campaign ?? '').trim().replace(/\s+/g, ' ');
    if (campaign.length > COST_NOTE_MAX)
      refuse(r.row, 'campaign', campaign, 'ad_import_campaign_too_long', { max: COST_NOTE_MAX });
    if (refused.length > before) continue;
    read.push({
      row: r.row,
      videoId: videoId!,
      cents: cents.data as number,
      date: day.data as string,
      campaign,
    });
  }

  // 2. The videos: the workspace's live records in the plan's country, of creators in the plan.
  const ids = [...new Set(read.map((r) => r.videoId))];
  const records = new Map<string, { id: number; creator_id: number; handle: string; plan_id: number }>();
  for (const part of chunks(ids))
    for (const c of await trx
      .selectFrom('contents')
      .select(['id', 'creator_id', 'handle', 'plan_id', 'video_id'])
      .where('workspace_id', '=', ws)
      .where('deleted_at', 'is', null)
      .where('country', '=', plan.country)
      .where('video_id', 'in', part)
      .execute())
      records.set(c.video_id, {
        id: Number(c.id),
        creator_id: Number(c.creator_id),
        handle: c.handle.toLowerCase(),
        plan_id: Number(c.plan_id),
      });
  const members = await trx
    .selectFrom('plan_creators as pc')
    .innerJoin('creators as c', (j) =>
      j.onRef('c.id', '=', 'pc.creator_id').on('c.workspace_id', '=', ws).on('c.deleted_at', 'is', null),
    )
    .select(['pc.creator_id', 'c.unique_id'])
    .where('pc.workspace_id', '=', ws)
    .where('pc.plan_id', '=', input.plan_id)
    .where('pc.deleted_at', 'is', null)
    .execute();
  const memberIds = new Set(members.map((mb) => Number(mb.creator_id)));
  const byHandle = new Map(members.map((mb) => [mb.unique_id.toLowerCase(), Number(mb.creator_id)]));

  // 3. One line per video, day, channel and campaign: the file's rows of it summed.
  const groups = new Map<
    string,
    { contentId: number; creatorId: number; date: string; campaign: string; cents: number; row: number }
  >();
  for (const r of read) {
    const rec = records.get(r.videoId);
    if (!rec) {
      refuse(r.row, 'video', r.videoId, 'ad_import_video_unknown', { country: plan.country });
      continue;
    }
    if (rec.plan_id && rec.plan_id !== input.plan_id) {
      refuse(r.row, 'video', r.videoId, 'ad_import_video_other_plan');
      continue;
    }
    const creatorId = memberIds.has(rec.creator_id) ? rec.creator_id : byHandle.get(rec.handle);
    if (!creatorId) {
      refuse(r.row, 'video', r.videoId, 'ad_import_video_not_in_plan', { handle: rec.handle });
      continue;
    }
    const key = `ad|${rec.id}|${r.date}|${input.channel}|${r.campaign.toLowerCase()}`;
    const g = groups.get(key);
    if (g && g.cents + r.cents > COST_AMOUNT_MAX * 100) {
      refuse(r.row, 'amount', String(r.cents / 100), 'cost_amount_range');
      continue;
    }
    if (g) g.cents += r.cents;
    else
      groups.set(key, {
        contentId: rec.id,
        creatorId,
        date: r.date,
        campaign: r.campaign,
        cents: r.cents,
        row: r.row,
      });
  }

  // 4. What the plan holds under those keys now.
  const keys = [...groups.keys()];
  const existing = new Map<string, { id: number; amount_cents: number }>();
  for (const part of chunks(keys))
    for (const c of await trx
      .selectFrom('plan_costs')
      .select(['id', 'amount_cents', 'import_key'])
      .where('workspace_id', '=', ws)
      .where('plan_id', '=', input.plan_id)
      .where('deleted_at', 'is', null)
      .where('import_key', 'in', part)
      .execute())
      existing.set(c.import_key, { id: Number(c.id), amount_cents: Number(c.amount_cents) });

  let added = 0;
  let updated = 0;
  let unchanged = 0;
  let changeCents = 0;
  const newLines = keys.filter((k) => !existing.has(k)).length;
  if (newLines && (await countCosts(trx, ws)) + newLines > COSTS_MAX)
    throw new AppError(40009, 'cost_limit', { max: COSTS_MAX });
  const t = now();
  for (const [key, g] of groups) {
    const had = existing.get(key);
    if (had && had.amount_cents === g.cents) {
      unchanged++;
      continue;
    }
    changeCents += g.cents - (had?.amount_cents ?? 0);
    if (had) updated++;
    else added++;
    if (input.dryRun) continue;
    let row: CostDbRow;
    if (had) {
      row = await updateCost(trx, ws, had.id, {
        amount_cents: g.cents,
        updated_by: by.id,
        updated_by_name: by.name,
        update_time: t,
        version,
      });
      await addHistory(trx, ws, 'edit', row, by, t);
    } else {
      row = await insertCost(trx, {
        workspace_id: ws,
        version,
        deleted_at: null,
        plan_id: input.plan_id,
        creator_id: g.creatorId,
        kind: 'ad',
        content_id: g.contentId,
        amount_cents: g.cents,
        currency,
        start_date: g.date,
        end_date: '',
        channel: input.channel,
        note: g.campaign,
        import_key: key,
        user_id: by.id,
        user_name: by.name,
        updated_by: by.id,
        updated_by_name: by.name,
        add_time: t,
        update_time: t,
      });
      await addHistory(trx, ws, 'add', row, by, t);
    }
  }
  refused.sort((a, b) => a.row - b.row);
  return {
    added,
    updated,
    unchanged,
    rows: input.rows.length - new Set(refused.map((r) => r.row)).size,
    refused,
    change: changeCents / 100,
    currency,
  };
}

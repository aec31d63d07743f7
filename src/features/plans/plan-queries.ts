/**
 * Reads of the plan screens from the local mirror, with the user's unsent changes on
 * top, so they work offline. Creators for a board's cards are read a storage block at a time
 * (one read per block, not per creator).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { API } from '../../../contract/routes.ts';
import type { CreatorRow, RowOf } from '../../../contract/sync.ts';
import { isCallOf } from '../../db/call.ts';
import { META, blockOf, getMeta } from '../../db/db.ts';
import { localDb } from '../../db/local.ts';
import { isLive } from '../../db/outbox.ts';
import { applyCreatorEffect, liveEffects, overlayRows } from '../../db/overlay.ts';
import { readRows, sessionEntries } from '../../db/queries.ts';
import { connectedCreators, contactedSince, isMessage, lastReset, nextReset } from './quota-rules.ts';

/**
 * Every plan's creators as the mirror holds them. A plan of 10,000 creators costs a read of 10,000
 * rows, and the live queries re-run on every outbox change (a move, its send, its ack), which only
 * changes the overlay. The mirror's rows change only when a pulled page lands (mirror.ts applyPage,
 * the one writer, bumps META.rev and the cursor in the same transaction), so the last read is kept
 * under that key and read again only when it changed. The key includes the cursor, which names the
 * workspace and the moment of the pull: a new session never meets an old session's rows.
 */
let membersRead: { key: string; rows: RowOf<'plan_creators'>[] } | null = null;
async function mirroredMembers(): Promise<RowOf<'plan_creators'>[]> {
  const [rev, cursor] = await Promise.all([
    getMeta<number>(localDb, META.rev),
    getMeta<string>(localDb, META.cursor),
  ]);
  const key = `${rev ?? 0}|${cursor ?? ''}`;
  if (membersRead?.key === key) return membersRead.rows;
  const rows = await localDb.small('plan_creators').toArray();
  membersRead = { key, rows };
  return rows;
}

/** Plans and every plan's creators with the user's unsent changes on top, read as one state. */
export function readPlans(): Promise<{ plans: RowOf<'plans'>[]; members: RowOf<'plan_creators'>[] }> {
  return localDb.transaction(
    'r',
    [localDb.small('plans'), localDb.small('plan_creators'), localDb.outbox, localDb.meta],
    async () => {
      const [plans, members, entries] = await Promise.all([
        localDb.small('plans').toArray(),
        mirroredMembers(),
        sessionEntries(localDb),
      ]);
      const shownPlans = overlayRows(plans, liveEffects(entries, 'plans'));
      shownPlans.sort((a, b) => b.add_time - a.add_time || b.id - a.id);
      return { plans: shownPlans, members: overlayRows(members, liveEffects(entries, 'plan_creators')) };
    },
  );
}

/** Every plan (newest first) and every plan's creators; undefined while loading. */
export const usePlans = (): { plans: RowOf<'plans'>[]; members: RowOf<'plan_creators'>[] } | undefined =>
  useLiveQuery(readPlans, []);

/**
 * Creator rows of these storage blocks as the mirror holds them, kept like mirroredMembers (same
 * key), for the last few block sets (a board's cards, its charts and a name search read at once).
 */
const blocksRead: { key: string; blocks: string; rows: Map<number, CreatorRow> }[] = [];
const BLOCK_READS_KEPT = 3;
async function mirroredCreators(blocks: number[]): Promise<Map<number, CreatorRow>> {
  // Nothing wanted: answered without touching the kept read (another screen part may use it).
  if (blocks.length === 0) return new Map();
  const [rev, cursor] = await Promise.all([
    getMeta<number>(localDb, META.rev),
    getMeta<string>(localDb, META.cursor),
  ]);
  const key = `${rev ?? 0}|${cursor ?? ''}`;
  const which = blocks.join(',');
  const kept = blocksRead.find((r) => r.key === key && r.blocks === which);
  if (kept) return kept.rows;
  const rows = new Map<number, CreatorRow>();
  for (const b of await localDb.creatorBlocks.where('block').anyOf(blocks).toArray())
    for (const r of b.rows) rows.set(r.id, r);
  blocksRead.unshift({ key, blocks: which, rows });
  blocksRead.length = Math.min(blocksRead.length, BLOCK_READS_KEPT);
  return rows;
}

/** The creators with these ids that the mirror holds, unsent edits applied (`key`: the ids, sorted, comma-joined). */
function readCreatorsOf(key: string): Promise<Map<number, CreatorRow>> {
  return localDb.transaction('r', [localDb.creatorBlocks, localDb.outbox, localDb.meta], async () => {
    const wanted = key ? key.split(',').map(Number) : [];
    const blocks = [...new Set(wanted.map(blockOf))].sort((a, b) => a - b);
    const [all, entries] = await Promise.all([mirroredCreators(blocks), sessionEntries(localDb)]);
    const out = new Map<number, CreatorRow>();
    for (const id of wanted) {
      const row = all.get(id);
      if (row) out.set(id, row);
    }
    for (const fx of liveEffects(entries, 'creators'))
      if ('ids' in fx)
        for (const id of fx.ids) {
          const row = out.get(id);
          if (!row) continue;
          const next = applyCreatorEffect(row, fx);
          if (next) out.set(id, next);
          else out.delete(id);
        }
    return out;
  });
}

const idsKey = (ids: readonly number[]): string => [...new Set(ids)].sort((a, b) => a - b).join(',');

/** The creators with these ids, read once (an export of a whole plan). */
export const creatorsOf = (ids: readonly number[]): Promise<Map<number, CreatorRow>> =>
  readCreatorsOf(idsKey(ids));

/** The same, kept live for a screen. */
export function useCreatorsOf(ids: readonly number[]): Map<number, CreatorRow> | undefined {
  const key = idsKey(ids);
  return useLiveQuery(() => readCreatorsOf(key), [key]);
}

export interface QuotaState {
  /** -1: not set. */
  quota: number;
  /** The shop says there is no weekly limit (no number is stored then). */
  unlimited: boolean;
  /** The number (or "unlimited") came from the shop sync, not a member. */
  fromShop: boolean;
  /** From the shop: how many shops' figures it combines (the number is the smallest of them). */
  shops: number;
  /** From several shops: the shop whose number it is ('' when unlimited or unnamed). */
  shopName: string;
  /** The settings row, when the workspace has one (to edit it). */
  row: RowOf<'workspace_settings'> | undefined;
  contacted: Set<number>;
  connected: Set<number>;
  since: number;
  next: number;
}

/** History rows since `since`, kept like mirroredMembers (history is written only by pulled pages). */
let eventsRead: { key: string; rows: RowOf<'creator_events'>[] } | null = null;
async function eventsSince(since: number): Promise<RowOf<'creator_events'>[]> {
  const [rev, cursor] = await Promise.all([
    getMeta<number>(localDb, META.rev),
    getMeta<string>(localDb, META.cursor),
  ]);
  const key = `${rev ?? 0}|${cursor ?? ''}|${since}`;
  if (eventsRead?.key === key) return eventsRead.rows;
  const rows = await localDb.small('creator_events').where('add_time').aboveOrEqual(since).toArray();
  eventsRead = { key, rows };
  return rows;
}

/** The workspace's weekly quota as the seller entered it; -1 when not set. */
export async function readWeeklyQuota(): Promise<number> {
  const settings = await readRows(localDb, 'workspace_settings');
  const quota = settings.length ? settings[0]!.weekly_quota : -1;
  return Number.isFinite(quota) ? quota : -1;
}

/** This week's quota use: history rows since the last reset and every plan's creators. */
export async function readQuota(): Promise<QuotaState> {
  const now = Math.floor(Date.now() / 1000);
  const since = lastReset(now);
  const [settings, { members }, events] = await Promise.all([
    readRows(localDb, 'workspace_settings'),
    readPlans(),
    eventsSince(since),
  ]);
  const quota = settings.length ? settings[0]!.weekly_quota : -1;
  return {
    quota: Number.isFinite(quota) ? quota : -1,
    // Set by the shop sync (a row from before it has neither column: a member's, with a limit).
    unlimited: Number(settings[0]?.quota_unlimited ?? 0) === 1,
    fromShop: settings[0]?.quota_source === 'shop',
    // A row from before these columns has neither: one shop's figure, as the note said then.
    shops: Number(settings[0]?.quota_shops ?? 0),
    shopName: settings[0]?.quota_shop_name ?? '',
    row: settings[0],
    contacted: contactedSince(events, members, since),
    connected: connectedCreators(members),
    since,
    next: nextReset(now),
  };
}

export const useQuota = (): QuotaState | undefined => useLiveQuery(readQuota, []);

/**
 * What the message limit counts for these creators: their history rows of messages and the messages
 * still waiting in the outbox (one creator id per message). Fed to quota-rules.ts messageCounts.
 */
export function useMessageLog(
  ids: readonly number[],
): { events: RowOf<'creator_events'>[]; pending: number[] } | undefined {
  const key = [...new Set(ids)].sort((a, b) => a - b).join(',');
  return useLiveQuery(async () => {
    const wanted = key ? key.split(',').map(Number) : [];
    const [rows, entries] = await Promise.all([
      wanted.length ? localDb.small('creator_events').where('creator_id').anyOf(wanted).toArray() : [],
      sessionEntries(localDb),
    ]);
    // Messages, and the stage moves that say whether the creator ever replied.
    const events = rows.filter((e) => isMessage(e) || e.kind === 'stage');
    const pending = entries
      .filter((e) => isCallOf(e, API.planMessage) && isLive(e))
      .map((e) => Number(e.body.creator_id));
    return { events, pending };
  }, [key]);
}

/** The mirrored sales per creator and product, and the products (to read a plan's TikTok product ids). */
export async function readSalesRows(): Promise<{
  sales: RowOf<'creator_sales'>[];
  products: RowOf<'products'>[];
}> {
  const [sales, products] = await Promise.all([
    readRows(localDb, 'creator_sales'),
    readRows(localDb, 'products'),
  ]);
  return { sales, products };
}

export const useSalesRows = ():
  { sales: RowOf<'creator_sales'>[]; products: RowOf<'products'>[] } | undefined =>
  useLiveQuery(readSalesRows, []);

/**
 * Samples that turned into content, per creator and per plan (docs/decisions/plans.md, "Samples
 * that turn into content"): of the plan members whose samples were sent (contract/plan-samples.ts),
 * how many posted, the post rate, and the median days from shipping to the creator's first video
 * after it. Read from the mirror (plan creators with this member's unsent moves on top, and content
 * records), so it shows at once and offline. Fit ranking's "posts after samples" counts the same
 * stages (contract/fit/outcomes.ts).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { POSTED } from '../../../contract/fit/outcomes.ts';
import { samplesSent } from '../../../contract/plan-samples.ts';
import type { RowOf } from '../../../contract/sync.ts';
import { localDb } from '../../db/local.ts';
import { creatorsOf, readPlans } from '../plans/plan-queries.ts';

type Member = Pick<RowOf<'plan_creators'>, 'creator_id' | 'stage' | 'stage_time' | 'sample_time'>;
type Video = Pick<RowOf<'contents'>, 'creator_id' | 'post_time'>;

export interface SampleFunnel {
  /** Plan members whose samples were sent. */
  sent: number;
  /** Of those, the ones who posted: at "content posted" or later, or with a video after the sample. */
  posted: number;
  /** Whole days from shipping to the first video after it, median over the posted ones with such a video. */
  medianDays: number | null;
}

const DAY = 86_400;

export function sampleFunnel(members: readonly Member[], videos: readonly Video[]): SampleFunnel {
  const times = new Map<number, number[]>();
  for (const v of videos) {
    if (!v.creator_id) continue;
    const list = times.get(v.creator_id) ?? [];
    list.push(v.post_time);
    times.set(v.creator_id, list);
  }
  let sent = 0;
  let posted = 0;
  const days: number[] = [];
  for (const mem of members) {
    if (!samplesSent(mem)) continue;
    sent++;
    const at = mem.sample_time || mem.stage_time;
    const first = (times.get(mem.creator_id) ?? []).filter((t) => t >= at).sort((a, b) => a - b)[0];
    if (first !== undefined) days.push(Math.floor((first - at) / DAY));
    if (POSTED.has(mem.stage) || first !== undefined) posted++;
  }
  return { sent, posted, medianDays: median(days) };
}

function median(xs: number[]): number | null {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : Math.round((s[mid - 1]! + s[mid]!) / 2);
}

/**
 * The creators' videos, matched by country and handle as the server matches records (a record made
 * before its creator was added names no creator id), each given the creator's id.
 */
async function videosOf(ids: readonly number[]): Promise<Video[]> {
  const creators = await creatorsOf(ids);
  const keys = [...creators.values()].map((c) => [c.country, c.unique_id.toLowerCase()] as [string, string]);
  if (!keys.length) return [];
  const idOf = new Map(
    [...creators.values()].map((c) => [`${c.country}|${c.unique_id.toLowerCase()}`, c.id]),
  );
  const rows = await localDb.contents.where('[country+handle]').anyOf(keys).toArray();
  return rows.map((r) => ({ creator_id: idOf.get(`${r.country}|${r.handle}`) ?? 0, post_time: r.post_time }));
}

/** A plan's funnel; undefined while the mirror is read. */
export function usePlanSampleFunnel(planId: number): SampleFunnel | undefined {
  return useLiveQuery(async () => {
    const { members } = await readPlans();
    const mine = members.filter((r) => r.plan_id === planId);
    return sampleFunnel(mine, await videosOf([...new Set(mine.map((r) => r.creator_id))]));
  }, [planId]);
}

/** A creator's funnel over every plan they are in; undefined while the mirror is read. */
export function useCreatorSampleFunnel(creatorId: number): SampleFunnel | undefined {
  return useLiveQuery(async () => {
    const { members } = await readPlans();
    return sampleFunnel(
      members.filter((r) => r.creator_id === creatorId),
      await videosOf([creatorId]),
    );
  }, [creatorId]);
}

/**
 * What the videos page says about a topic's collection: TikTok's count (the topic row's
 * video_count) and the videos collected here can differ a lot, most of all for a topic that had
 * ended before the collector reached it (the collector skips ended topics). The page states both
 * numbers and why they differ instead of showing an unexplained empty grid.
 */
export type CollectionState =
  /** Not collected yet (check_time unset, not ended): the collector picks it up at its next tick. */
  | { kind: 'pending'; count: number }
  /** Still collected; `checkedAt` is the last collection. */
  | { kind: 'live'; count: number; collected: number; checkedAt: number }
  /** Ended at `endedAt` with some videos kept. */
  | { kind: 'ended'; count: number; collected: number; endedAt: number }
  /** Ended at `endedAt` with nothing collected before it: nothing is kept. */
  | { kind: 'ended-none'; count: number; endedAt: number };

/** The topic row's fields it reads (video_count, end_time, check_time), as the mirror holds them. */
export type TopicCollectionRow = Readonly<Record<string, unknown>>;

const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** `collected`: the server's count of the topic's videos; `now`: unix seconds. */
export function collectionState(topic: TopicCollectionRow, collected: number, now: number): CollectionState {
  const count = num(topic.video_count);
  const endedAt = num(topic.end_time);
  const checkedAt = num(topic.check_time);
  if (endedAt > 0 && endedAt <= now) {
    return collected > 0
      ? { kind: 'ended', count, collected, endedAt }
      : { kind: 'ended-none', count, endedAt };
  }
  if (checkedAt <= 0) return { kind: 'pending', count };
  return { kind: 'live', count, collected, checkedAt };
}

/**
 * Local edits shown on top of the mirror. The mirror holds only what the server sent; each
 * live outbox entry's effect is applied here, in outbox order, whenever rows are read. Pure
 * functions, so screens (useLiveQuery), the query worker and tests share them.
 */
import type { CreatorRow, CreatorTag, SyncRow, SyncRows } from '../../contract/sync.ts';
import type { Effect, MembersEffect, OutboxEntry } from './outbox-types.ts';
import { isLive } from './outbox.ts';

export function liveEffects(entries: readonly OutboxEntry[], table: string): Effect[] {
  const out: Effect[] = [];
  for (const e of entries) if (e.effect && e.effect.table === table && isLive(e)) out.push(e.effect);
  return out;
}

/** Applies effects to one small table's rows (the array is not modified). */
export function overlayRows<R extends SyncRow>(rows: readonly R[], effects: readonly Effect[]): R[] {
  if (effects.length === 0) return rows as R[];
  const byId = new Map<number, R>(rows.map((r) => [r.id, r]));
  for (const fx of effects) {
    if (fx.kind === 'delete') for (const id of fx.ids) byId.delete(id);
    else if (fx.kind === 'upsert') byId.set(fx.row.id, { ...byId.get(fx.row.id), ...fx.row } as R);
    else if (fx.kind === 'members') applyMembers(byId as unknown as Map<number, MemberRow>, fx);
    else
      for (const id of fx.ids) {
        const row = byId.get(id);
        if (row) byId.set(id, applyCreatorEffect(row as unknown as CreatorRow, fx) as unknown as R);
      }
  }
  return [...byId.values()];
}

/** Stages that end a collaboration (contract/schemas/plan.ts PLAN_EXITS); only they keep a reason. */
const EXITS = new Set(['declined', 'no_reply', 'dropped']);

/** A plan's creators after a join / stage / leave, matched by (plan, creator) as the server does. */
type MemberRow = SyncRows['plan_creators'];
function applyMembers(byId: Map<number, MemberRow>, fx: MembersEffect): void {
  const wanted = new Set(fx.creator_ids);
  const present = new Map<number, MemberRow>();
  for (const row of byId.values())
    if (row.plan_id === fx.plan_id && wanted.has(row.creator_id)) present.set(row.creator_id, row);
  const t = fx.time;
  if (fx.op === 'leave') for (const row of present.values()) byId.delete(row.id);
  else if (fx.op === 'stage')
    for (const row of present.values()) {
      if (!fx.stage || row.stage === fx.stage) continue;
      const reason = EXITS.has(fx.stage) ? (fx.reason ?? '') : '';
      byId.set(row.id, { ...row, stage: fx.stage, reason, stage_time: t, update_time: t });
    }
  else
    for (const creatorId of fx.creator_ids) {
      if (present.has(creatorId)) continue;
      // A stable temporary id per (plan, creator): negative, so it never meets a server id.
      const id = -(Math.abs(fx.plan_id) * 1e9 + creatorId);
      byId.set(id, {
        id,
        version: 0,
        plan_id: fx.plan_id,
        creator_id: creatorId,
        stage: 'to_contact',
        reason: '',
        stage_time: t,
        sample_time: 0,
        user_id: 0,
        user_name: '',
        add_time: t,
        update_time: t,
      });
    }
}

/** One creator after one effect; undefined when the effect deletes it. */
export function applyCreatorEffect(row: CreatorRow, fx: Effect): CreatorRow | undefined {
  if (fx.kind === 'delete') return undefined;
  if (fx.kind === 'patch') return { ...row, ...fx.patch };
  if (fx.kind === 'tags') return { ...row, tags: mergeTags(row.tags, fx.op, fx.tags) };
  return row;
}

export function mergeTags(
  current: readonly CreatorTag[],
  op: 'add' | 'del',
  tags: readonly CreatorTag[],
): CreatorTag[] {
  if (op === 'del') {
    const drop = new Set(tags.map((t) => t.tag_id));
    return current.filter((t) => !drop.has(t.tag_id));
  }
  const have = new Set(current.map((t) => t.tag_id));
  return [...current, ...tags.filter((t) => !have.has(t.tag_id))];
}

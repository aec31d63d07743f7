import { describe, expect, it } from 'vitest';
import type { RowOf } from '../../contract/sync.ts';
import type { MembersEffect } from './outbox-types.ts';
import { overlayRows } from './overlay.ts';

const member = (
  id: number,
  plan_id: number,
  creator_id: number,
  stage = 'to_contact',
): RowOf<'plan_creators'> =>
  ({
    id,
    version: 1,
    plan_id,
    creator_id,
    stage,
    reason: '',
    stage_time: 100,
  }) as RowOf<'plan_creators'>;
const fx = (
  op: MembersEffect['op'],
  creator_ids: number[],
  extra: Partial<MembersEffect> = {},
): MembersEffect => ({
  table: 'plan_creators',
  kind: 'members',
  op,
  plan_id: 7,
  creator_ids,
  time: 500,
  ...extra,
});
const view = (rows: RowOf<'plan_creators'>[]) =>
  rows
    .map((r) => `${String(r.plan_id)}/${String(r.creator_id)}:${String(r.stage)}:${String(r.reason)}`)
    .sort();

describe("a plan's creators with unsent joins, moves and leaves on top", () => {
  it('joins only creators not in the plan yet, at "to contact", with temporary negative ids', () => {
    const rows = overlayRows([member(1, 7, 10, 'replied'), member(2, 8, 11)], [fx('join', [10, 11, 12])]);
    expect(view(rows)).toEqual(['7/10:replied:', '7/11:to_contact:', '7/12:to_contact:', '8/11:to_contact:']);
    expect(rows.filter((r) => r.plan_id === 7 && r.creator_id !== 10).every((r) => r.id < 0)).toBe(true);
  });

  it('moves by (plan, creator), so a move made before the join was confirmed still shows on the server row', () => {
    const move = fx('stage', [12], { stage: 'declined', reason: 'Too pricey' });
    // Before the server's copy arrives: the temporary row moves.
    expect(view(overlayRows([], [fx('join', [12]), move]))).toEqual(['7/12:declined:Too pricey']);
    // After it arrived (the join settled): the server's row moves.
    const rows = overlayRows([member(40, 7, 12)], [move]);
    expect(view(rows)).toEqual(['7/12:declined:Too pricey']);
    expect(rows[0]!.stage_time).toBe(500);
  });

  it('keeps a reason only with a way out, and leaves other plans alone', () => {
    const rows = overlayRows(
      [member(1, 7, 10, 'declined'), member(2, 8, 10, 'declined')],
      [fx('stage', [10], { stage: 'contacted', reason: 'ignored' })],
    );
    expect(view(rows)).toEqual(['7/10:contacted:', '8/10:declined:']);
  });

  it('leaves take the creator out of this plan only', () => {
    expect(view(overlayRows([member(1, 7, 10), member(2, 8, 10)], [fx('leave', [10])]))).toEqual([
      '8/10:to_contact:',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { RowOf } from '../../../contract/sync.ts';
import { holdMoves, moveKey, pendingMoves, shownMoves, withPending, type PendingMove } from './plan-move.ts';

const row = (id: number, creator_id: number, stage: string): RowOf<'plan_creators'> =>
  ({
    id,
    version: 1,
    plan_id: 7,
    creator_id,
    stage,
    stage_time: 100,
    reason: '',
  }) as RowOf<'plan_creators'>;

describe('moves held until the local read shows them', () => {
  it('puts a held move on top of the read, keeps the other rows as they were, and drops it once shown', () => {
    const read = [row(1, 11, 'to_contact'), row(2, 12, 'to_contact')];
    const move: PendingMove = { stage: 'dropped', reason: 'Out of budget', time: 500 };
    holdMoves([moveKey(7, 12)], move);
    const shown = withPending(read, pendingMoves(), 7);
    expect(shown[0]).toBe(read[0]);
    expect(shown[1]).toMatchObject({ id: 2, stage: 'dropped', reason: 'Out of budget', stage_time: 500 });
    // Another plan's rows with the same creator are not touched.
    expect(withPending([{ ...read[1]!, plan_id: 8 }], pendingMoves(), 8)[0]!.stage).toBe('to_contact');
    expect(shownMoves(read, pendingMoves(), 7)).toEqual([]);

    // A newer move of the same creator is not dropped by the older one's clean-up.
    const newer: PendingMove = { stage: 'no_reply', reason: '', time: 600 };
    holdMoves([moveKey(7, 12)], newer);
    holdMoves([moveKey(7, 12)], null, move);
    expect(pendingMoves().get(moveKey(7, 12))).toBe(newer);

    // The read shows it: it is reported and can be dropped; the read is then shown as it is.
    const after = [read[0]!, row(2, 12, 'no_reply')];
    expect(shownMoves(after, pendingMoves(), 7)).toEqual([moveKey(7, 12)]);
    holdMoves([moveKey(7, 12)], null, newer);
    expect(pendingMoves().size).toBe(0);
    expect(withPending(after, pendingMoves(), 7)).toBe(after);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RowOf } from '../../../contract/sync.ts';
import { MESSAGES_BEFORE_REPLY } from '../../../contract/limits.ts';
import {
  checkBatch,
  checkMessage,
  connectedCreators,
  contactedSince,
  lastReset,
  messageCounts,
  nextReset,
} from './quota-rules.ts';

const at = (iso: string) => Date.parse(iso) / 1000;

describe("TikTok's weekly quota", () => {
  it('resets on Sunday at 12:00 GMT-8 (20:00 UTC)', () => {
    // Sunday 2026-11-22 20:00 UTC is a reset; a second before belongs to the week before.
    expect(lastReset(at('2026-11-22T20:00:00Z'))).toBe(at('2026-11-22T20:00:00Z'));
    expect(lastReset(at('2026-11-22T19:59:59Z'))).toBe(at('2026-11-15T20:00:00Z'));
    expect(lastReset(at('2026-11-27T04:00:00Z'))).toBe(at('2026-11-22T20:00:00Z'));
    // Summer too: GMT-8 is a fixed offset, not Pacific time.
    expect(lastReset(at('2026-07-06T00:00:00Z'))).toBe(at('2026-07-05T20:00:00Z'));
  });

  it('every moment lies in exactly one week that starts on a Sunday 20:00 UTC (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_102_444_800 }), (t) => {
        const r = lastReset(t);
        const d = new Date(r * 1000);
        expect(d.getUTCDay()).toBe(0);
        expect(d.getUTCHours()).toBe(20);
        expect(d.getUTCMinutes() + d.getUTCSeconds()).toBe(0);
        expect(r).toBeLessThanOrEqual(t);
        expect(t).toBeLessThan(nextReset(t));
        expect(lastReset(nextReset(t))).toBe(nextReset(t));
        expect(lastReset(r - 1)).toBe(r - 7 * 86_400);
      }),
      { numRuns: 2000 },
    );
  });

  const since = at('2026-11-22T20:00:00Z');
  const ev = (
    creator_id: number,
    kind: string,
    detail: string,
    add_time = since + 60,
  ): RowOf<'creator_events'> =>
    ({
      id: creator_id * 100 + kind.length,
      version: 1,
      creator_id,
      kind,
      detail,
      add_time,
    }) as RowOf<'creator_events'>;
  const member = (creator_id: number, stage: string, stage_time = since + 60): RowOf<'plan_creators'> =>
    ({
      id: creator_id,
      version: 1,
      plan_id: 1,
      creator_id,
      stage,
      stage_time,
    }) as RowOf<'plan_creators'>;

  it('counts each unconnected creator contacted this week once, whatever the channel', () => {
    const events = [
      ev(1, 'chat', '1'),
      ev(1, 'stage', 'contacted:Spring'),
      ev(2, 'invitation', ''),
      ev(3, 'stage', 'invited:Spring: cats'),
      ev(4, 'chat', '0'),
      ev(5, 'stage', 'to_contact:Spring'),
      ev(6, 'chat', '1', since - 1),
      ev(7, 'chat', '1'),
    ];
    // 7 replied in a plan: connected, so exempt. 8 was moved offline (no history row yet).
    const members = [member(7, 'replied'), member(8, 'contacted'), member(9, 'contacted', since - 10)];
    expect([...contactedSince(events, members, since)].sort()).toEqual([1, 2, 3, 8]);
  });

  it('says how much of a batch fits in what is left, and nothing without a quota', () => {
    const contacted = new Set([1, 2, 3]);
    const connected = connectedCreators([member(4, 'selling')]);
    expect(checkBatch([1, 4, 5, 6, 6], contacted, connected, 4)).toEqual({
      fresh: 2,
      used: 3,
      left: 1,
      over: 1,
    });
    expect(checkBatch([5], contacted, connected, 10)).toMatchObject({ left: 7, over: 0 });
    expect(checkBatch([5, 6], contacted, connected, -1)).toEqual({ fresh: 2, used: 3, left: null, over: 0 });
    expect(checkBatch([5], contacted, connected, 2)).toMatchObject({ left: 0, over: 1 });
  });

  it('counts messages per creator from history and the outbox, and none for a connected creator', () => {
    const events = [
      ev(1, 'chat', '1'),
      ev(1, 'chat', '0'),
      ev(2, 'chat', '1'),
      ev(7, 'chat', '1'),
      ev(1, 'note', '1'),
    ];
    const counts = messageCounts(events, [1, 1, 3], connectedCreators([member(7, 'replied')]));
    expect(Object.fromEntries(counts)).toEqual({ 1: 3, 2: 1, 3: 1 });
    expect(checkMessage(4, false)).toEqual({ allowed: true, left: 1 });
    expect(checkMessage(5, false)).toEqual({ allowed: false, left: 0 });
    expect(checkMessage(9, true)).toEqual({ allowed: true, left: null });
  });

  it('never lets a 6th message through before a reply, whatever the order of sends and replies (property)', () => {
    // A run of actions on one creator: try to message (m), or the creator replies (r, a connected stage).
    fc.assert(
      fc.property(fc.array(fc.constantFrom('m', 'r'), { maxLength: 30 }), (actions) => {
        const events: RowOf<'creator_events'>[] = [];
        let connected = new Set<number>();
        let sentBeforeReply = 0;
        for (const a of actions) {
          if (a === 'r') {
            connected = connectedCreators([member(1, 'replied')]);
            continue;
          }
          const count = messageCounts(events, [], connected).get(1) ?? 0;
          const check = checkMessage(count, connected.has(1));
          if (!check.allowed) continue;
          events.push({ ...ev(1, 'chat', '1'), id: events.length + 1 });
          if (!connected.has(1)) sentBeforeReply++;
        }
        expect(sentBeforeReply).toBeLessThanOrEqual(MESSAGES_BEFORE_REPLY);
        // Every message before the limit went through: only messages past it were held back.
        const tries = actions.indexOf('r') < 0 ? actions.length : actions.indexOf('r');
        expect(sentBeforeReply).toBe(Math.min(tries, MESSAGES_BEFORE_REPLY));
      }),
      { numRuns: 1000 },
    );
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { setAppLocale } from '../../i18n/locale.ts';
import type { SyncRow, RowOf } from '../../../contract/sync.ts';
import {
  addedText,
  batchSizes,
  boardColumns,
  daysIn,
  filterMembers,
  funnels,
  isDue,
  nextAction,
  NO_FILTER,
  PLAN_STAGES,
  postWithinOf,
  sampleDeadline,
  sortMembers,
} from './plan-rules.ts';

const row = (id: number, plan_id: number, stage: string, stage_time = 0): RowOf<'plan_creators'> =>
  ({
    id,
    version: 1,
    plan_id,
    creator_id: id,
    stage,
    stage_time,
  }) as RowOf<'plan_creators'>;

describe('plan rules', () => {
  it('counts creators per stage for each plan, in stage order, ignoring unknown stages', () => {
    const f = funnels([
      row(1, 7, 'to_contact'),
      row(2, 7, 'to_contact'),
      row(3, 7, 'selling'),
      row(4, 8, 'declined'),
      row(5, 7, 'bogus'),
    ]);
    expect(f.get(7)).toEqual(PLAN_STAGES.map((s) => (s === 'to_contact' ? 2 : s === 'selling' ? 1 : 0)));
    expect(f.get(8)![PLAN_STAGES.indexOf('declined')]).toBe(1);
    expect(f.has(9)).toBe(false);
  });

  it("builds one plan's columns, newest arrivals first, bounded per column with the rest counted", () => {
    const members = [
      row(1, 7, 'contacted', 100),
      row(2, 7, 'contacted', 300),
      row(3, 7, 'contacted', 200),
      row(4, 9, 'contacted', 999),
    ];
    const cols = boardColumns(members, 7, 2);
    expect(cols.map((c) => c.stage)).toEqual([...PLAN_STAGES]);
    const contacted = cols.find((c) => c.stage === 'contacted')!;
    expect(contacted.count).toBe(3);
    expect(contacted.cards.map((c) => c.id)).toEqual([2, 3]);
    expect(cols.find((c) => c.stage === 'to_contact')!.count).toBe(0);
  });

  it('counts whole days in a stage and never goes negative', () => {
    expect(daysIn(0, 86_399)).toBe(0);
    expect(daysIn(0, 86_400 * 3 + 5)).toBe(3);
    expect(daysIn(500, 100)).toBe(0);
  });

  it("dates TikTok's sample deadlines from the stage's start, and says when they are past", () => {
    const day = 86_400;
    const requested = row(1, 7, 'sample_requested', 1000);
    expect(sampleDeadline(requested, 1000 + 7 * day)).toEqual({
      kind: 'approve',
      due: 1000 + 7 * day,
      overdue: false,
    });
    expect(sampleDeadline(requested, 1001 + 7 * day)?.overdue).toBe(true);
    expect(sampleDeadline(row(2, 7, 'shipped', 1000), 1000 + 6 * day)).toEqual({
      kind: 'content',
      due: 1000 + 14 * day,
      remindFrom: 1000 + 5 * day,
      overdue: false,
    });
    expect(sampleDeadline(row(3, 7, 'contacted', 1000), 1000)).toBeNull();
    expect(sampleDeadline(row(4, 7, 'shipped', 0), 1000)).toBeNull();
  });

  it("dates content by the plan's days to post, the same the samples-without-content list uses", () => {
    const day = 86_400;
    const shipped = row(5, 7, 'shipped', 1000);
    const plan = (days: unknown) => ({ id: 7, post_within_days: days }) as unknown as RowOf<'plans'>;
    expect(postWithinOf(plan(3))).toBe(3);
    expect(postWithinOf(plan(0))).toBe(14);
    expect(postWithinOf(plan(''))).toBe(14);
    expect(postWithinOf(null)).toBe(14);
    expect(sampleDeadline(shipped, 1000, postWithinOf(plan(3)))?.due).toBe(1000 + 3 * day);
    expect(isDue(shipped, 1000 + 2 * day, 3)).toBe(true);
    expect(isDue(shipped, 1000 + 2 * day)).toBe(false);
    expect(filterMembers([shipped], 7, { ...NO_FILTER, due: true }, 1000 + 2 * day, 3)).toEqual([shipped]);
    expect(filterMembers([shipped], 7, { ...NO_FILTER, due: true }, 1000 + 2 * day)).toEqual([]);
  });

  it("splits a selection into TikTok's target invitations of at most 100 creators", () => {
    expect(batchSizes(250)).toEqual([100, 100, 50]);
    expect(batchSizes(100)).toEqual([100]);
    expect(batchSizes(101)).toEqual([100, 1]);
    expect(batchSizes(0)).toEqual([]);
    expect(batchSizes(7, 3)).toEqual([3, 3, 1]);
  });

  it('filters one plan by stage, by a due sample deadline and by a set of creators', () => {
    const day = 86_400;
    const now = 100 * day;
    const members = [
      row(1, 7, 'sample_requested', now - 6 * day), // approve by now + 1 day: due
      row(2, 7, 'sample_requested', now - 1 * day), // approve by now + 6 days: not yet
      row(3, 7, 'shipped', now - 20 * day), // content overdue
      row(4, 7, 'contacted', now - 30 * day), // no deadline
      row(5, 8, 'shipped', now - 20 * day), // another plan
    ];
    const ids = (rows: SyncRow[]) => rows.map((r) => r.id);
    expect(ids(filterMembers(members, 7, NO_FILTER, now))).toEqual([1, 2, 3, 4]);
    expect(ids(filterMembers(members, 7, { ...NO_FILTER, stage: 'sample_requested' }, now))).toEqual([1, 2]);
    expect(ids(filterMembers(members, 7, { ...NO_FILTER, due: true }, now))).toEqual([1, 3]);
    expect(ids(filterMembers(members, 7, { ...NO_FILTER, ids: new Set([2, 4, 5]) }, now))).toEqual([2, 4]);
    expect(isDue(members[1]!, now + 5 * day)).toBe(true);
    expect(nextAction('replied')).toBe('Send a target invitation');
    expect(nextAction('dropped')).toBe('');
  });

  it('sorts the table by stage, days in stage and due date, creators without a deadline last', () => {
    const day = 86_400;
    const now = 100 * day;
    const members = [
      row(1, 7, 'shipped', now - 1 * day), // content due now + 13 days
      row(2, 7, 'contacted', now - 9 * day),
      row(3, 7, 'sample_requested', now - 3 * day), // approve by now + 4 days
      row(4, 7, 'to_contact', now - 2 * day),
    ];
    const ids = (rows: SyncRow[]) => rows.map((r) => r.id);
    expect(ids(sortMembers(members, 'stage', 'asc', now))).toEqual([4, 2, 3, 1]);
    expect(ids(sortMembers(members, 'stage', 'desc', now))).toEqual([1, 3, 2, 4]);
    expect(ids(sortMembers(members, 'days', 'desc', now))).toEqual([2, 3, 4, 1]);
    expect(ids(sortMembers(members, 'due', 'asc', now))).toEqual([3, 1, 4, 2]);
    expect(ids(sortMembers(members, 'due', 'desc', now))).toEqual([1, 3, 4, 2]);
  });
});

describe('what "Add to plan" did', () => {
  afterEach(() => setAppLocale('en-us'));
  const part = (changed: number, already: number, skipped = already) => ({
    plan_id: 1,
    changed,
    skipped,
    already,
  });

  it('says how many were added and how many were already there, with plurals', () => {
    expect(addedText([part(2, 2)])).toBe('2 creators added to the plan · 2 were already in it');
    expect(addedText([part(1, 1)])).toBe('1 creator added to the plan · 1 was already in it');
    expect(addedText([part(4, 0)])).toBe('4 creators added to the plan');
    expect(addedText([part(0, 1)])).toBe('1 creator was already in the plan; nothing added');
    expect(addedText([part(0, 3)])).toBe('3 creators were already in the plan; nothing added');
    // Parts of a large selection add up; skipped ids that were not in the plan are named apart.
    expect(addedText([part(998, 2), part(500, 0, 1)])).toBe(
      '1,498 creators added to the plan · 2 were already in it · 1 is no longer among your creators',
    );
    // An answer without the counts (an older server): no guess.
    expect(addedText([{ plan_id: 1, changed: 2, skipped: 2 }])).toBeNull();
  });

  it('says it in Chinese', () => {
    setAppLocale('zh-cn');
    expect(addedText([part(2, 2)])).toBe('已将 2 位达人加入计划 · 2 位原已在计划中');
    expect(addedText([part(0, 2)])).toBe('2 位达人原已在计划中，未新增');
  });
});

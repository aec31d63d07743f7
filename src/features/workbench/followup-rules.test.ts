import { describe, expect, it } from 'vitest';
import { dueList, isDue, notifyKey, snoozedDate, today, toNotify } from './followup-rules.ts';

const at = new Date(2026, 2, 10, 9, 30); // 10 March 2026, local time

describe('follow-up rules', () => {
  it('reads today in local time', () => {
    expect(today(at)).toBe('2026-03-10');
  });

  it('is due on or before today while open', () => {
    expect(isDue({ id: 1, due_date: '2026-03-10', done_time: 0 }, today(at))).toBe(true);
    expect(isDue({ id: 1, due_date: '2026-03-01', done_time: 0 }, today(at))).toBe(true);
    expect(isDue({ id: 1, due_date: '2026-03-11', done_time: 0 }, today(at))).toBe(false);
    expect(isDue({ id: 1, due_date: '2026-03-01', done_time: 5 }, today(at))).toBe(false);
  });

  it('snoozes from the due day, or from today when overdue, across month ends', () => {
    expect(snoozedDate('2026-03-12', 1, at)).toBe('2026-03-13');
    expect(snoozedDate('2026-03-01', 7, at)).toBe('2026-03-17');
    expect(snoozedDate('2026-03-31', 1, at)).toBe('2026-04-01');
  });

  it('lists due follow-ups oldest first, or newest first', () => {
    const rows = [
      { id: 3, due_date: '2026-03-09', done_time: 0 },
      { id: 1, due_date: '2026-03-10', done_time: 0 },
      { id: 2, due_date: '2026-03-11', done_time: 0 },
      { id: 4, due_date: '2026-03-02', done_time: 9 },
    ];
    expect(dueList(rows, '2026-03-10').map((r) => r.id)).toEqual([3, 1]);
    expect(dueList(rows, '2026-03-10', 'desc').map((r) => r.id)).toEqual([1, 3]);
  });
});

describe('due notifications', () => {
  const rows = [
    { id: 1, due_date: '2026-11-20', done_time: 0 },
    { id: 2, due_date: '2026-11-26', done_time: 0 },
    { id: 3, due_date: '2026-11-27', done_time: 0 },
    { id: 4, due_date: '2026-11-25', done_time: 1_790_000_000 },
    { id: -5, due_date: '2026-11-26', done_time: 0 },
  ];

  it('notifies open follow-ups due by today, saved ones only, each once a day', () => {
    const day = '2026-11-26';
    expect(toNotify(rows, day, new Set()).map((f) => f.id)).toEqual([1, 2]);
    const seen = new Set([notifyKey(rows[0]!, day)]);
    expect(toNotify(rows, day, seen).map((f) => f.id)).toEqual([2]);
    // The next day an overdue one notifies again; tomorrow's falls due then.
    expect(toNotify(rows, '2026-11-27', seen).map((f) => f.id)).toEqual([1, 2, 3]);
  });
});

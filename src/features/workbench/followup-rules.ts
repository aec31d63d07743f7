/**
 * Follow-up dates. A follow-up is due on a calendar day (YYYY-MM-DD) in the user's own
 * time zone: "today" is the device's date, so a reminder set for tomorrow shows as due after local
 * midnight, wherever the server runs. Days compare as text (the format sorts as dates).
 */
import dayjs from 'dayjs';
import type { RowOf } from '../../../contract/sync.ts';

export interface FollowupLike {
  id: number;
  due_date: string;
  done_time: number;
}

/** The follow-up fields of a mirrored row. */
export const followupOf = (
  r: Pick<RowOf<'creator_followups'>, 'id' | 'due_date' | 'done_time'>,
): FollowupLike => ({
  id: r.id,
  due_date: r.due_date,
  done_time: r.done_time,
});

export const today = (now: Date = new Date()): string => dayjs(now).format('YYYY-MM-DD');

/** `day` moved by `n` days (snooze counts from today when the follow-up is already overdue). */
export function snoozedDate(day: string, n: number, now: Date = new Date()): string {
  const from = day < today(now) ? today(now) : day;
  return dayjs(from).add(n, 'day').format('YYYY-MM-DD');
}

export const isOpen = (f: FollowupLike): boolean => !f.done_time;
export const isDue = (f: FollowupLike, day: string): boolean => isOpen(f) && f.due_date <= day;

/** Open follow-ups due on or before `day`, oldest first (ties by id), or newest first. */
export function dueList<T extends FollowupLike>(
  rows: readonly T[],
  day: string,
  order: 'asc' | 'desc' = 'asc',
): T[] {
  const out = rows.filter((f) => isDue(f, day));
  out.sort((a, b) => a.due_date.localeCompare(b.due_date) || a.id - b.id);
  return order === 'asc' ? out : out.reverse();
}

/** The key that marks a follow-up as notified on one day (a snoozed one notifies again on its new day). */
export const notifyKey = (f: FollowupLike, day: string): string => `${f.id}@${day}`;

/** Follow-ups due on or before `day` that have not been notified on `day` yet, oldest first. */
export function toNotify<T extends FollowupLike>(
  rows: readonly T[],
  day: string,
  notified: ReadonlySet<string>,
): T[] {
  return dueList(rows, day).filter((f) => f.id > 0 && !notified.has(notifyKey(f, day)));
}

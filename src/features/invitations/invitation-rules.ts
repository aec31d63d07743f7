/**
 * Invitation statuses and the add dialog's lists. The mirror holds the numbers
 * only, so the labels are the app's own messages; the colours come from the kit (StatusTag).
 */
import { TEXTAREA_MAX } from '../../../contract/constants.ts';
import { splitNames } from '../../../contract/limits.ts';
import { m } from '../../paraglide/messages.js';

export const STATUSES = [1, 2, 3, 4] as const;
export const SUB_STATUSES = [1, 2, 3, 4, 5] as const;
/** The one status that carries a sub status. */
export const COOPERATING = 3;

export function statusLabel(status: number): string {
  const labels: Record<number, () => string> = {
    1: m.invited_status_1,
    2: m.invited_status_2,
    3: m.invited_status_3,
    4: m.invited_status_4,
  };
  return labels[status]?.() ?? '';
}

export function subStatusLabel(sub: number): string {
  const labels: Record<number, () => string> = {
    1: m.invited_sub_1,
    2: m.invited_sub_2,
    3: m.invited_sub_3,
    4: m.invited_sub_4,
    5: m.invited_sub_5,
  };
  return labels[sub]?.() ?? '';
}

/** One per line, blank lines dropped, duplicates merged (the server's own split, splitNames). */
export const linesOf = (text: string): string[] => splitNames([text.slice(0, TEXTAREA_MAX)]);

/**
 * The creator outreach quota (the guide's "Creator outreach quota", unconfirmed: one SDK and one
 * field report). Read defensively: the payload may be nested one level deeper (`data.data`) or not;
 * counters may be strings or numbers; times are milliseconds (a value that reads as seconds is
 * taken as seconds); `unlimited` may be a boolean, "true"/"1" or 1. Only a weekly quota is a weekly
 * quota: `quota_type` naming a week, or, without a type, a window of seven days (or none given).
 */
import { z } from 'zod';
import { TtsApiError } from './errors.ts';

export const OUTREACH_QUOTA_PATH = '/affiliate_seller/202607/creator_outreach/quota';

const WEEK = 7 * 86_400;
const Int = z.union([
  z.number().int().min(0).max(1e13),
  z
    .string()
    .trim()
    .regex(/^\d{1,13}$/)
    .transform(Number),
]);
const Flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1', 'TRUE', 'FALSE'])])
  .transform((v) => v === true || v === 1 || v === '1' || String(v).toLowerCase() === 'true');

const Quota = z.object({
  quota_type: z.string().max(40).nullish(),
  quota_sum: Int.nullish(),
  quota_use: Int.nullish(),
  unlimited: Flag.nullish(),
  start_time: Int.nullish(),
  end_time: Int.nullish(),
});

/** The envelope's data as sent; checked by `readOutreachQuota`. */
export const OutreachQuotaData = z.unknown();

export type OutreachQuota =
  { unlimited: true; used: number | null } | { unlimited: false; weekly: number; used: number | null };

/** Seconds from a time that is (per the guide) in milliseconds. */
const seconds = (v: number): number => (v > 1e11 ? Math.floor(v / 1000) : v);

/** TikTok's answer read as a weekly quota, or why it is not one (never a guess). */
export function readOutreachQuota(data: unknown): OutreachQuota | { problem: string } {
  const outer = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const inner = outer.data && typeof outer.data === 'object' ? outer.data : outer;
  const parsed = Quota.safeParse(inner);
  if (!parsed.success)
    return {
      problem:
        `outreach quota: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`.slice(
          0,
          300,
        ),
    };
  const q = parsed.data;
  const used = q.quota_use ?? null;
  if (q.unlimited) return { unlimited: true, used };
  if (q.quota_sum === undefined || q.quota_sum === null)
    return { problem: 'outreach quota: no quota_sum and not unlimited' };
  const type = (q.quota_type ?? '').trim();
  const span = q.start_time && q.end_time ? seconds(q.end_time) - seconds(q.start_time) : null;
  const weekly = type ? /WEEK/i.test(type) : span === null || Math.abs(span - WEEK) <= 3600;
  if (!weekly) return { problem: `outreach quota: not a weekly quota (${type || `${span} s window`})` };
  return { unlimited: false, weekly: q.quota_sum, used };
}

/** The shop or the app does not have the endpoint: a missing scope, path or version (the kind skips, the shop goes on). */
export const isQuotaUnavailable = (err: unknown): boolean =>
  err instanceof TtsApiError &&
  (err.kind === 'scope_missing' || [36009009, 36009010, 36009014, 40006].includes(err.code));

/**
 * Creator intake: the browser plugin's ingest call and the import of mapped
 * CSV/XLSX rows. One profile schema serves both; items are checked one by one so a bad item is
 * rejected with its reason and the good ones still land.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { COUNTRIES, EMAIL_PATTERN, HANDLE_MAX, HANDLE_PATTERN } from '../constants.ts';
import { country, flag } from './common.ts';

/** "12.3K", "1,204", "1.2M", "3.5%" → a number; blank → absent. */
export function parseMetric(v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return v;
  const s = v.trim().replace(/,/g, '').replace(/%$/, '');
  if (s === '' || s === '-') return undefined;
  const m = /^(-?\d+(?:\.\d+)?)\s*([kKmMbBwW万]?)$/.exec(s);
  if (!m) return v;
  const mult = { k: 1e3, m: 1e6, b: 1e9, w: 1e4, 万: 1e4 }[m[2]!.toLowerCase()] ?? 1;
  return Number(m[1]) * mult;
}

const count = () => z.preprocess(parseMetric, z.number().min(0).max(1e13).transform(Math.round).optional());
const amount = () => z.preprocess(parseMetric, z.number().min(0).max(1e13).optional());
const str = (max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? undefined : typeof v === 'number' ? String(v) : v),
    z.string().trim().max(max).optional(),
  );
/** An email address: blank, or the basic shape of EMAIL_PATTERN (the import's dry run lists the rest). */
const email = () => str(200).refine((v) => !v || EMAIL_PATTERN.test(v), 'intake_email_invalid');

export const CreatorProfile = z.object({
  /** The creator's TikTok handle; a leading @ is dropped. */
  unique_id: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/^@/, '') : v),
    z
      .string()
      .min(1, 'intake_unique_id_required')
      .max(HANDLE_MAX, 'intake_unique_id_invalid')
      .regex(HANDLE_PATTERN, 'intake_unique_id_invalid'),
  ),
  country: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(COUNTRIES).optional(),
  ),
  daren_name: str(200),
  nick_name: str(200),
  signature: str(2000),
  bio_link: str(500),
  email: email(),
  categorys: str(500),
  head_img: str(1000),
  daren_sex: str(20),
  daren_email: email(),
  daren_phone: str(50),
  daren_addr: str(500),
  follower_count: count(),
  following_count: count(),
  heart_count: count(),
  digg_count: count(),
  video_count: count(),
  product_count: count(),
  units_sold_t30: count(),
  video_publish_t30: count(),
  video_view_t30: count(),
  gmv_t30: amount(),
  /** A percentage: 3.25 means 3.25 %. */
  video_engagement_t30: z.preprocess(parseMetric, z.number().min(0).max(100).optional()),
});
export type CreatorProfile = z.infer<typeof CreatorProfile>;
export const PROFILE_FIELDS = Object.keys(CreatorProfile.shape) as (keyof CreatorProfile)[];

export const MAX_INTAKE_ITEMS = 5000;

export const IntakeResult = z.object({
  received: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Items not written, with their position in the request and the reason. */
  rejected: z.array(
    z.object({ index: z.number().int(), unique_id: z.string().optional(), reason: z.string() }),
  ),
});
export type IntakeResult = z.infer<typeof IntakeResult>;

/** Items stay unparsed here: the service checks each against CreatorProfile on its own. */
const items = z.array(z.unknown()).min(1, 'intake_empty').max(MAX_INTAKE_ITEMS, 'intake_too_many');

export const intakeEndpoints = {
  bloggerIngest: endpoint({
    method: 'POST',
    path: '/blogger/ingest',
    auth: true,
    extension: true,
    // JSON: a bare array of profiles, or { country, creators: [...] } (country applies to items without one).
    request: z.preprocess(
      (v) => (Array.isArray(v) ? { creators: v } : v),
      z.object({ country: country().optional(), creators: items }),
    ),
    response: IntakeResult,
  }),
  bloggerImport: endpoint({
    method: 'POST',
    path: '/blogger/import',
    auth: true,
    // JSON: rows already mapped to profile fields by the import dialog; dryRun=1 writes nothing.
    request: z.object({ country: country(), rows: items, dryRun: flag().default(0) }),
    response: IntakeResult,
  }),
};

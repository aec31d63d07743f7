/**
 * The demo provider (the default): videos and authors generated from the hashtag
 * with a seeded PRNG, so a fresh install shows living data without any platform account.
 *
 * Deterministic in (hashtag, time): time is cut into hourly buckets; each bucket publishes 0–3
 * videos by authors drawn from a pool that belongs to the hashtag. A refresh returns the videos
 * of the last WINDOW buckets, so every new hour may bring new videos, and counts grow with the
 * video's age (views) or with time (followers), never from Math.random.
 */
import crypto from 'node:crypto';
import { Rng } from '../seed/prng.ts';
import {
  blankVideo,
  type Collected,
  type CollectedAuthor,
  type CollectedVideo,
  type TopicProvider,
  type TopicQuery,
} from './provider.ts';

export const BUCKET_SECONDS = 3600;
const WINDOW = 48;
/** 2024-01-01: the origin of the slow follower growth. */
const ANCHOR_BUCKET = Math.floor(1_704_067_200 / BUCKET_SECONDS);
const WORDS = ['sunny', 'maple', 'pixel', 'coco', 'nova', 'luna', 'mango', 'river', 'kiki', 'zen', 'berry'];
const CATEGORIES = ['Beauty', 'Home', 'Fashion', 'Food', 'Fitness', 'Tech', 'Pets', 'Toys'];
const PLATFORMS = ['instagram', 'youtube', 'twitter'];

export function seedOf(hashtag: string): number {
  return crypto.createHash('sha256').update(hashtag.toLowerCase()).digest().readUInt32BE(0);
}

const slugOf = (hashtag: string): string =>
  hashtag
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '')
    .slice(0, 12) || 'topic';

function authorAt(seed: number, slug: string, j: number, bucket: number): CollectedAuthor {
  const rng = new Rng((seed ^ Math.imul(j + 1, 0x85ebca6b)) >>> 0);
  const word = rng.pick(WORDS);
  const big = rng.chance(0.3);
  const base = big ? rng.int(10_000, 900_000) : rng.int(300, 9_000);
  const grow = Math.log1p(Math.max(0, bucket - ANCHOR_BUCKET) / 24);
  const follower = base + Math.floor(base * 0.015 * grow);
  const videos = rng.int(5, 400);
  const engagement = Math.round(rng.float(0, 12) * 100) / 100;
  const socialize = rng.chance(0.5) ? [{ platform: rng.pick(PLATFORMS), value: `@${word}${j}` }] : [];
  return {
    unique_id: `${word}.${slug}${j}`,
    nick_name: `${word[0]!.toUpperCase()}${word.slice(1)} ${j}`,
    head_img: '',
    email: rng.chance(0.4) ? `${word}${j}@example.com` : '',
    bio_link: rng.chance(0.3) ? `https://example.com/${word}${j}` : '',
    signature: `#${slug} ${rng.pick(CATEGORIES).toLowerCase()} lover`,
    cid: String(rng.int(1_000_000, 9_999_999)),
    categorys: rng.pick(CATEGORIES),
    socialize,
    follower_count: follower,
    following_count: rng.int(10, 2_000),
    friend_count: rng.int(0, 500),
    digg_count: rng.int(100, 50_000),
    heart: follower * rng.int(2, 20),
    heart_count: follower * rng.int(2, 20),
    video_count: videos + Math.floor(grow * 3),
    product_count: rng.int(0, 40),
    units_sold_t30: rng.int(0, 3_000),
    video_publish_t30: rng.int(0, 60),
    video_view_t30: rng.int(0, 40) * follower,
    gmv_t30: Math.round(rng.float(0, 20_000) * 100) / 100,
    video_engagement_t30: rng.chance(0.1) ? 0 : engagement,
  };
}

function videosOfBucket(
  seed: number,
  hashtag: string,
  bucket: number,
  pool: number,
): [CollectedVideo, number][] {
  const rng = new Rng((seed ^ Math.imul(bucket, 0x9e3779b1)) >>> 0);
  const out: [CollectedVideo, number][] = [];
  const n = rng.int(0, 3);
  for (let k = 0; k < n; k++) {
    const author = rng.int(0, pool - 1);
    const id = `7${String(seed % 100_000).padStart(5, '0')}${String(bucket).padStart(8, '0')}${k}`;
    const v = blankVideo(id, '');
    v.video_desc = `${rng.pick(WORDS)} ${rng.pick(CATEGORIES).toLowerCase()} #${hashtag}`;
    v.is_ad = rng.chance(0.08) ? 1 : 0;
    v.video_create_time = bucket * BUCKET_SECONDS + rng.int(0, BUCKET_SECONDS - 1);
    v.play_count = rng.int(200, 60_000);
    v.digg_count = rng.float(0.02, 0.12);
    v.comment_count = rng.float(0.001, 0.01);
    v.share_count = rng.float(0.001, 0.02);
    v.collect_count = rng.float(0.002, 0.03);
    v.video_definition = rng.pick(['540p', '720p', '1080p']);
    v.video_codec_type = rng.pick(['h264', 'h265']);
    v.video_format = 'mp4';
    v.video_width = v.video_definition === '1080p' ? 1080 : 720;
    v.video_height = Math.round((v.video_width * 16) / 9);
    v.video_ratio = '9:16';
    v.video_size = rng.int(500_000, 40_000_000);
    out.push([v, author]);
  }
  return out;
}

/** Views grow with the video's age; the other counts follow as fixed rates of the views. */
function grown(v: CollectedVideo, at: number): CollectedVideo {
  const ageHours = Math.max(0, (at - v.video_create_time) / 3600);
  const plays = Math.floor(v.play_count * (1 + Math.log1p(ageHours)));
  return {
    ...v,
    play_count: plays,
    digg_count: Math.floor(plays * v.digg_count),
    comment_count: Math.floor(plays * v.comment_count),
    share_count: Math.floor(plays * v.share_count),
    collect_count: Math.floor(plays * v.collect_count),
  };
}

export function demoCollect(q: TopicQuery): Collected {
  const seed = seedOf(q.hashtag);
  const slug = slugOf(q.hashtag);
  const pool = 12 + (seed % 18);
  const now = Math.floor(q.at / BUCKET_SECONDS);
  const videos: CollectedVideo[] = [];
  const authors = new Map<number, CollectedAuthor>();
  for (let b = now - WINDOW + 1; b <= now; b++) {
    for (const [v, j] of videosOfBucket(seed, q.hashtag, b, pool)) {
      if (v.video_create_time > q.at) continue;
      const author = authors.get(j) ?? authorAt(seed, slug, j, now);
      authors.set(j, author);
      videos.push(grown({ ...v, unique_id: author.unique_id }, q.at));
    }
  }
  return { videos, authors: [...authors.values()] };
}

export const demoProvider: TopicProvider = {
  name: 'demo',
  collect: async (q) => demoCollect(q),
};

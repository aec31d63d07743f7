/**
 * Deterministic creator rows and query mixes for the benchmarks (no Node or DOM imports, so the
 * browser bundle uses the same data). Field sizes resemble real rows: names, a signature, links.
 */
import type { CreatorRow } from '../contract/sync.ts';
import { SORT_FIELDS, type CreatorQuery, type SortField } from '../src/workers/query-types.ts';

export function rng(seed: number): (m: number) => number {
  let s = seed >>> 0;
  return (m) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) % m;
  };
}

const SYL = ['ka', 'mi', 'lo', 'ra', 'ne', 'zu', 'ti', 'po', 'sa', 've', 'do', 'ri', 'an', 'el', 'yo'];
// A pool of words keeps generation fast; names stay unique through the row number.
const POOL: string[][] = [1, 2, 3, 4, 5].map((len) => {
  const r = rng(len * 7919);
  return Array.from({ length: 512 }, () => Array.from({ length: len }, () => SYL[r(SYL.length)]).join(''));
});
const word = (r: (m: number) => number, n: number): string => POOL[n - 1]![r(512)]!;

/** The creator columns a server row has, with values; `id` and tags supplied by the caller. */
export function creatorFields(i: number, r: (m: number) => number): Record<string, string | number | null> {
  const name = `${word(r, 2)}_${word(r, 2)}${i}`;
  const base = 1_640_000_000 + r(120_000_000);
  return {
    country: 'US',
    unique_id: name,
    status: r(3),
    is_chat: r(4) === 0 ? 1 : 0,
    is_invitation: r(6) === 0 ? 1 : 0,
    is_black: r(50) === 0 ? 1 : 0,
    daren_name: `${word(r, 2)} ${word(r, 3)}`,
    daren_sex: r(2) ? 'female' : 'male',
    daren_email: r(3) ? '' : `${name}@mail.example`,
    daren_phone: '',
    signature: `${word(r, 4)} ${word(r, 3)} ${word(r, 5)} | shop ${word(r, 2)} | collab dm`,
    daren_socialize: r(2) ? `instagram:${name}` : '',
    daren_addr: '',
    email: r(4) ? '' : `${name}@biz.example`,
    bio_link: r(3) ? '' : `https://link.example/${name}`,
    nick_name: `${word(r, 3)}${r(100)}`,
    head_img: `https://img.example/a/${i}.jpg`,
    follower_count: Math.floor(1000 * Math.exp(r(1000) / 100)),
    categorys: ['Beauty', 'Fashion', 'Home', 'Food', 'Tech'][r(5)]!,
    product_count: r(300),
    gmv_t30: r(10_000_000) / 100,
    video_count: r(2000),
    units_sold_t30: r(50_000),
    video_publish_t30: r(60),
    video_view_t30: r(5_000_000),
    video_engagement_t30: r(10_000) / 10_000,
    digg_count: r(1_000_000),
    following_count: r(3000),
    heart: r(1_000_000),
    heart_count: r(10_000_000),
    video_last_time: base + r(1_000_000),
    check_time: r(5) ? base + r(2_000_000) : null,
    nick_update_time: r(7) ? null : base,
    add_time: base,
    update_time: base + r(1_000_000),
  };
}

export function makeCreators(n: number, seed = 1): CreatorRow[] {
  const r = rng(seed);
  const out: CreatorRow[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const tags = r(3) === 0 ? [] : [{ tag_id: 1 + r(20), tag_title: `tag${r(20)}` }];
    out[i] = { id: i + 1, version: 1, ...creatorFields(i, r), tags } as unknown as CreatorRow;
  }
  return out;
}

/** A mix like a person using the grid: mostly sort and page changes, some filters. */
export function queryMix(count: number, seed = 2): CreatorQuery[] {
  const r = rng(seed);
  const fields = SORT_FIELDS.filter((f) => f !== 'id') as SortField[];
  return Array.from({ length: count }, () => {
    const q: CreatorQuery = {
      field: fields[r(fields.length)],
      sort: r(2) ? 'asc' : 'desc',
      offset: r(4) === 0 ? 20 * r(50) : 0,
      limit: 20,
    };
    const k = r(6);
    if (k === 1) q.name = SYL[r(SYL.length)]! + SYL[r(SYL.length)]!;
    if (k === 2) q.isChat = 1;
    if (k === 3) q.tagIds = [1 + r(20)];
    if (k === 4) {
      q.isInvitation = 0;
      q.startTime = 1_650_000_000;
      q.endTime = 1_700_000_000;
    }
    if (k === 5) {
      q.name = SYL[r(SYL.length)]!;
      q.isBlack = 0;
    }
    return q;
  });
}

export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

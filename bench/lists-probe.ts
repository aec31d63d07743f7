/** The filter sets bench/lists.ts times, and the two measurements (list latency, pull throughput). */
export interface Probe {
  token: string;
  country: string;
  tagId: number;
}
export interface FilterSet {
  name: string;
  /** Another endpoint than /blogger/lists (the baseline row). */
  path?: string;
  body: (p: Probe) => Record<string, string | number>;
}
export interface Result {
  engine: string;
  size: number;
  name: string;
  p50: number;
  p95: number;
  count: number;
  rowsPerSec?: number;
  samples?: number;
}

const FOLLOWERS = { field: 'follower_count', sort: 'desc' } as const;
export const FILTER_SETS: FilterSet[] = [
  // What any signed-in call costs on this machine (auth + a tiny query): the floor under every row.
  { name: 'baseline: POST /tags/lists', path: '/tags/lists', body: () => ({}) },
  { name: 'default (add_time desc)', body: () => ({}) },
  { name: 'sorted by followers', body: () => ({ ...FOLLOWERS }) },
  { name: 'name "ann" (3+ chars) + followers', body: () => ({ name: 'ann', ...FOLLOWERS }) },
  { name: 'name "li" (2 chars, LIKE) + followers', body: () => ({ name: 'li', ...FOLLOWERS }) },
  { name: 'isChat=1 + followers', body: () => ({ isChat: 1, ...FOLLOWERS }) },
  { name: 'tag + followers', body: (p) => ({ tagsId: p.tagId, ...FOLLOWERS }) },
  {
    name: 'name + isChat + tag + followers',
    body: (p) => ({ name: 'ann', isChat: 1, tagsId: p.tagId, ...FOLLOWERS }),
  },
  { name: 'page 50 of default', body: () => ({ page: 50 }) },
];

async function post(base: string, path: string, token: string, body: Record<string, string | number>) {
  const form = new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${base}/api/v0.1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', token },
    body: form.toString(),
  });
  const json = (await res.json()) as { code: number; data: any; msg: string };
  if (json.code !== 200) throw new Error(`${path} ${JSON.stringify(body)} → ${json.code} ${json.msg}`);
  return json.data;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function measure(base: string, p: Probe, set: FilterSet, runs: number) {
  const body = { country: p.country, limit: 20, language: 'en-us', ...set.body(p) };
  let count = 0;
  for (let i = 0; i < 2; i++) count = (await post(base, set.path ?? '/blogger/lists', p.token, body)).count; // warm-up
  const times: number[] = [];
  const began = performance.now();
  // A slow set stops after 20 s (at least 5 samples), so one miss does not hold up the run.
  for (let i = 0; i < runs && (i < 5 || performance.now() - began < 20_000); i++) {
    const t = performance.now();
    await post(base, set.path ?? '/blogger/lists', p.token, body);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { name: set.name, p50: pct(times, 50), p95: pct(times, 95), count, samples: times.length };
}

/** Pulls pages of 5,000 from an empty cursor for up to `maxSeconds`; rows counted are changes + deletes. */
export async function pullThroughput(base: string, token: string, maxSeconds = 20) {
  let cursor = '';
  let rows = 0;
  const t = performance.now();
  for (;;) {
    const page = await post(base, '/sync/pull', token, { cursor, limit: 5000 });
    for (const t of Object.values(page.changes as Record<string, { rows: unknown[] }>)) rows += t.rows.length;
    for (const list of Object.values(page.deletes as Record<string, unknown[]>)) rows += list.length;
    cursor = page.cursor;
    if (!page.has_more || (performance.now() - t) / 1000 > maxSeconds) break;
  }
  const seconds = (performance.now() - t) / 1000;
  return { rows, seconds, rowsPerSec: rows / seconds };
}

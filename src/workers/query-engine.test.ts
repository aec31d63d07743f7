import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CreatorRow } from '../../contract/sync.ts';
import { CreatorIndex } from './query-engine.ts';
import * as rank from './rank/rank.ts';
import { DEFAULT_FIT_WEIGHTS, SORT_FIELDS, type CreatorQuery } from './query-types.ts';

const NAMES = ['alice', 'Bob', 'carol', 'dave', 'Eve'];

function makeRows(n: number, seed: number): CreatorRow[] {
  // mulberry32: small, and its low bits are as random as its high ones.
  let s = seed >>> 0;
  const rnd = (m: number) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return (((z ^ (z >>> 14)) >>> 0) % m) as number;
  };
  return Array.from({ length: n }, (_, i) => {
    const row: Record<string, unknown> = {
      id: i * 3 + 1,
      version: 1,
      country: 'US',
      unique_id: `${NAMES[rnd(5)]}_${i}`,
      daren_name: NAMES[rnd(5)]!.toUpperCase(),
      nick_name: `n${rnd(50)}`,
      is_chat: rnd(2),
      is_invitation: rnd(2),
      is_black: rnd(2),
      add_time: 1000 + rnd(100),
      // 0 to 4 tags: the engine keeps two inline and the rest aside.
      tags: [...new Set(Array.from({ length: [0, 1, 1, 2, 4][rnd(5)]! }, () => rnd(6)))].map((t) => ({
        tag_id: t,
        tag_title: 't',
      })),
    };
    for (const f of SORT_FIELDS) if (f !== 'id' && f !== 'add_time') row[f] = rnd(5) === 0 ? null : rnd(20);
    return row as CreatorRow;
  });
}

/** The reference: filter, then a full stable sort, then slice. */
function brute(rows: CreatorRow[], q: CreatorQuery) {
  const name = q.name?.trim().toLowerCase();
  const hit = rows.filter(
    (r) =>
      (!name || [r.unique_id, r.daren_name, r.nick_name].some((x) => x.toLowerCase().includes(name))) &&
      (q.isChat === undefined || r.is_chat === q.isChat) &&
      (q.isInvitation === undefined || r.is_invitation === q.isInvitation) &&
      (q.isBlack === undefined || r.is_black === q.isBlack) &&
      (q.startTime === undefined || r.add_time >= q.startTime) &&
      (q.endTime === undefined || r.add_time <= q.endTime) &&
      (!q.uniqueIds || q.uniqueIds.includes(r.unique_id)) &&
      (!q.tagIds?.length || r.tags.some((t) => q.tagIds!.includes(t.tag_id))),
  );
  const field = q.field ?? 'id';
  const v = (r: CreatorRow) => (typeof r[field] === 'number' ? (r[field] as number) : -Infinity);
  const sorted = [...hit].sort((a, b) => v(a) - v(b) || a.id - b.id);
  if ((q.sort ?? 'desc') === 'desc') sorted.reverse();
  return { ids: sorted.slice(q.offset, q.offset + q.limit).map((r) => r.id), total: hit.length };
}

const queryArb = fc.record(
  {
    name: fc.constantFrom('', 'ali', 'BOB', 'n1', '_1', 'zzz'),
    isChat: fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>,
    isInvitation: fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>,
    isBlack: fc.constantFrom(0, 1) as fc.Arbitrary<0 | 1>,
    startTime: fc.integer({ min: 990, max: 1100 }),
    endTime: fc.integer({ min: 1000, max: 1110 }),
    tagIds: fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 2 }),
    field: fc.constantFrom(...SORT_FIELDS),
    sort: fc.constantFrom('asc', 'desc') as fc.Arbitrary<'asc' | 'desc'>,
    offset: fc.integer({ min: 0, max: 120 }),
    limit: fc.integer({ min: 1, max: 50 }),
  },
  { requiredKeys: ['offset', 'limit'] },
);

describe('query engine', () => {
  const rows = makeRows(400, 7);
  const index = new CreatorIndex(rows);

  it('matches a brute-force filter, sort and page for random queries', () => {
    fc.assert(
      fc.property(queryArb, (q) => {
        const got = index.query(q);
        const want = brute(rows, q);
        expect({ ids: got.rows.map((r) => r.id), total: got.total }).toEqual(want);
      }),
      { numRuns: 400 },
    );
  });

  it('still matches the brute force after patches change names, tags and flags', () => {
    const local = makeRows(300, 11);
    const patched = new CreatorIndex(local);
    let r = 5;
    const pick = (m: number) => (r = (r * 1103515245 + 12345) % 2147483648) % m;
    fc.assert(
      fc.property(queryArb, (q) => {
        // Edit a few rows in place the way the sync delivers them, then compare.
        const edits = Array.from({ length: 3 }, () => {
          const i = pick(local.length);
          const next: CreatorRow = {
            ...local[i]!,
            unique_id: pick(2) ? `${NAMES[pick(5)]}_${i}x` : local[i]!.unique_id,
            nick_name: `n${pick(50)}`,
            is_chat: pick(2) as 0 | 1,
            tags: pick(3) ? [] : [0, 1, 2].map((k) => ({ tag_id: (k + pick(6)) % 7, tag_title: 't' })),
          };
          local[i] = next;
          return next;
        });
        patched.patch(edits);
        const got = patched.query(q);
        expect({ ids: got.rows.map((x) => x.id), total: got.total }).toEqual(brute(local, q));
      }),
      { numRuns: 200 },
    );
  });

  it('answers only the window, with the total of all matches', () => {
    const res = index.query({ isChat: 1, offset: 0, limit: 20 });
    expect(res.rows).toHaveLength(20);
    expect(res.total).toBe(rows.filter((r) => r.is_chat === 1).length);
  });

  it('filters by challenge authors (unique ids)', () => {
    const res = index.query({ uniqueIds: [rows[3]!.unique_id, rows[9]!.unique_id], offset: 0, limit: 20 });
    expect(res.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([rows[3]!.id, rows[9]!.id]);
  });

  it('keeps only the given ids (a saved selection), within the other filters', () => {
    const picked = [rows[40]!, rows[3]!, rows[9]!, rows[250]!, rows[77]!];
    const ids = [...picked.map((r) => r.id), 999_999]; // an id not loaded matches nothing
    const only = index.query({ ids, field: 'id', sort: 'asc', offset: 0, limit: 50 });
    expect(only.total).toBe(5);
    expect(only.rows.map((r) => r.id)).toEqual(picked.map((r) => r.id).sort((a, b) => a - b));
    for (const chat of [0, 1] as const) {
      const both = index.query({ ids, isChat: chat, offset: 0, limit: 50 });
      const want = picked.filter((r) => r.is_chat === chat).map((r) => r.id);
      expect(both.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(want.sort((a, b) => a - b));
      expect(both.total).toBe(want.length);
    }
    const named = index.query({ ids, name: picked[1]!.unique_id, offset: 0, limit: 50 });
    expect(named.rows.map((r) => r.id)).toEqual([picked[1]!.id]);
    expect(index.query({ ids: [], offset: 0, limit: 50 }).total).toBe(0);
    expect(index.query({ offset: 0, limit: 1 }).total).toBe(rows.length); // lifted again
  });

  it('reflects patched, added and removed rows', () => {
    const local = new CreatorIndex(makeRows(50, 3));
    const before = local.query({ field: 'follower_count', sort: 'desc', offset: 0, limit: 5 });
    const top = before.rows[0]!;
    local.patch(
      [
        { ...top, follower_count: -5 },
        { ...top, id: 9999, follower_count: 10_000 },
      ],
      [before.rows[1]!.id],
    );
    const after = local.query({ field: 'follower_count', sort: 'desc', offset: 0, limit: 100 });
    expect(after.rows[0]!.id).toBe(9999);
    expect(after.total).toBe(50);
    expect(after.rows.map((r) => r.id)).not.toContain(before.rows[1]!.id);
    expect(local.row(top.id)?.follower_count).toBe(-5);
  });
});

describe('lookalikes in the query engine', () => {
  const creator = (id: number, extra: Record<string, unknown>): CreatorRow =>
    ({
      id,
      version: 1,
      country: 'US',
      unique_id: `c${id}`,
      daren_name: `C${id}`,
      nick_name: '',
      is_chat: 0,
      is_invitation: 0,
      is_black: 0,
      add_time: 1000 + id,
      tags: [],
      follower_count: 10_000 * id,
      video_view_t30: 30_000 * id,
      gmv_t30: 100 * id,
      units_sold_t30: 5 * id,
      video_publish_t30: 10,
      video_engagement_t30: 4,
      categorys: 'Pet Supplies',
      ...extra,
    }) as Partial<CreatorRow> as CreatorRow;

  it('ranks the closest first and leaves out the seed, blacklisted, filtered-out and (asked) contacted creators', () => {
    const rows = [
      creator(1, {}),
      creator(2, {}),
      creator(3, { is_black: 1 }),
      creator(4, { is_chat: 1 }),
      creator(5, {}),
      creator(50, {}),
      creator(6, { categorys: 'Beauty' }),
    ];
    const index = new CreatorIndex(rows);
    const all = index.lookalikes(rank, [2], {}, 10, false);
    expect(all.seeds).toBe(1);
    const ids = all.results.map((r) => r.row.id);
    expect(ids).not.toContain(2);
    expect(ids).not.toContain(3);
    expect(ids.slice(0, 2).sort()).toEqual([1, 4]);
    expect(ids.indexOf(50)).toBeGreaterThan(ids.indexOf(5));
    expect(all.results[0]!.reasons.length).toBeGreaterThan(0);
    // Contacted creators out on request; a filter limits the candidates.
    expect(index.lookalikes(rank, [2], {}, 10, true).results.map((r) => r.row.id)).not.toContain(4);
    expect(index.lookalikes(rank, [2], { name: 'c5' }, 10, false).results.map((r) => r.row.id)).toEqual([
      5, 50,
    ]);
    // Unknown seeds: nothing to be like.
    expect(index.lookalikes(rank, [999], {}, 10, false)).toEqual({ seeds: 0, results: [] });
  });

  it('reads the new numbers after a patch changes them', () => {
    const index = new CreatorIndex([creator(1, {}), creator(2, {}), creator(40, {})]);
    expect(index.lookalikes(rank, [1], {}, 1, false).results[0]!.row.id).toBe(2);
    index.patch([
      creator(40, { follower_count: 10_000, video_view_t30: 30_000, gmv_t30: 100, units_sold_t30: 5 }),
    ]);
    expect(index.lookalikes(rank, [1], {}, 1, false).results[0]!.row.id).toBe(40);
    // Blacklisted afterwards: left out at once.
    index.patch([
      creator(40, {
        follower_count: 10_000,
        video_view_t30: 30_000,
        gmv_t30: 100,
        units_sold_t30: 5,
        is_black: 1,
      }),
    ]);
    expect(index.lookalikes(rank, [1], {}, 1, false).results[0]!.row.id).toBe(2);
  });

  it("ranks a plan's fit, leaving out the plan's creators, blacklisted and (asked) contacted ones", () => {
    const rows = [
      creator(1, {}),
      creator(2, {}),
      creator(3, { is_black: 1 }),
      creator(4, { is_chat: 1 }),
      creator(5, { categorys: 'Beauty' }),
      creator(6, {}),
    ];
    const index = new CreatorIndex(rows);
    const spec = {
      weights: DEFAULT_FIT_WEIGHTS,
      categories: ['Pet Supplies'],
      // Creator 6 replied twice in other plans; creator 2 never did.
      outcomes: {
        ids: [6, 2],
        rows: [
          { contacted: 2, replied: 2, shipped: 0, posted: 0, samples: 0, gmv: 0 },
          { contacted: 3, replied: 0, shipped: 0, posted: 0, samples: 0, gmv: 0 },
        ],
      },
    };
    const fit = index.fit(rank, spec, {}, 10, false, [1]);
    const ids = fit.results.map((r) => r.row.id);
    expect(ids).not.toContain(1); // in the plan
    expect(ids).not.toContain(3); // blacklisted
    expect(fit.ranked).toBe(4);
    expect(ids.indexOf(6)).toBeLessThan(ids.indexOf(2));
    expect(ids.indexOf(2)).toBeLessThan(ids.indexOf(5)); // the plan's category counts most
    const six = fit.results.find((r) => r.row.id === 6)!;
    expect(six.parts.reduce((a, p) => a + p.points, 0)).toBeCloseTo(six.score, 6);
    expect(index.fit(rank, spec, {}, 10, true, [1]).results.map((r) => r.row.id)).not.toContain(4);
    expect(index.fit(rank, spec, { name: 'c5' }, 10, false, []).results.map((r) => r.row.id)).toEqual([5]);
  });
});

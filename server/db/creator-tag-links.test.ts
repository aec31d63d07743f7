/**
 * Tag lists after writes (migration 0013). On SQLite a list filtered by tags is counted
 * and paged from the tag links, which carry their creator's live country and flags. After random
 * sequences of writes — creators inserted (live or deleted, other workspace), tags linked and
 * unlinked, flags and countries changed, soft deletes, restores, hard deletes — every tag list
 * (with flags, a name, each sort, several pages) answers the page and count that filtering the
 * stored rows in memory gives, on both engines, and the links' copied columns (country, flags,
 * follower_count, add_time) equal their creator's. Sorts by followers and add time read the
 * page from the links' indexes, video_last_time sorts the matched creators.
 * Migration 0015 (PostgreSQL): the links also carry their creator's lowercased names, and
 * creator_names holds one narrow row per creator; both are checked against the creators after each
 * program, and lists by a name without a tag (including a term with a newline, which must not match
 * across two names) are checked as the tag lists are.
 */
import fc from 'fast-check';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { creatorWriteOps, creatorWriter } from '../../tests/helpers/creator-writes.ts';
import { describeEngines, type SignedIn } from '../../tests/helpers/test-app.ts';
import { insertTag } from '../../tests/helpers/creator-fixtures.ts';
import { blankCreator } from './creator.repository.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const COUNTRIES = ['US', 'US', 'GB'] as const;
const LIMIT = 5;
const flag = fc.constantFrom(0, 1);
const flags = fc.record({ is_chat: flag, is_invitation: flag, is_black: flag }, { requiredKeys: [] });
const word = fc
  .array(fc.constantFrom('a', 'n', 'b', 'A'), { minLength: 3, maxLength: 5 })
  .map((a) => a.join(''));
const op = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('insert' as const), n: fc.integer({ min: 1, max: 6 }), country: fc.constantFrom(...COUNTRIES), flags, name: word, followers: fc.constantFrom(0, 10, 20), other: fc.boolean(), deleted: fc.integer({ min: 0, max: 5 }).map((n) => n === 0), tags: fc.subarray([0, 1, 2]) }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('link' as const), pick: fc.nat(), n: fc.integer({ min: 1, max: 8 }), tags: fc.subarray([0, 1, 2], { minLength: 1 }) }) },
  fc.record({ kind: fc.constant('unlink' as const), pick: fc.nat(), n: fc.integer({ min: 1, max: 3 }), tags: fc.subarray([0, 1, 2], { minLength: 1 }) }),
  ...creatorWriteOps(flags, COUNTRIES),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), name: word }),
  fc.record({ kind: fc.constant('keys' as const), pick: fc.nat(), n: fc.integer({ min: 1, max: 4 }), followers: fc.constantFrom(0, 10, 20, 30), added: fc.constantFrom(1_700_000_000, 1_700_000_005) }),
); // prettier-ignore
const request = fc.record(
  {
    tags: fc.subarray([0, 1, 2], { minLength: 1 }),
    isChat: flag,
    isInvitation: flag,
    isBlack: flag,
    name: fc.constantFrom('ann', 'aNa', 'bab', 'an'),
    field: fc.constantFrom('follower_count', 'add_time', 'video_last_time'),
    sort: fc.constantFrom('asc', 'desc'),
    page: fc.integer({ min: 1, max: 3 }),
  },
  { requiredKeys: ['tags', 'field', 'sort', 'page'] },
);
// No tag: a name (+ flags) alone, which PostgreSQL answers from creator_names (migration 0015).
const byName = fc.record(
  {
    isChat: flag,
    isInvitation: flag,
    isBlack: flag,
    name: fc.constantFrom('ann', 'aNa', 'bab', 'an', 'A', 'n\nb'),
    field: fc.constantFrom('follower_count', 'add_time', 'video_last_time'),
    sort: fc.constantFrom('asc', 'desc'),
    page: fc.integer({ min: 1, max: 3 }),
  },
  { requiredKeys: ['name', 'field', 'sort', 'page'] },
);
// Tags alone match many creators: pages 2 and 3 have rows.
const dense = fc.record({
  tags: fc.subarray([0, 1, 2], { minLength: 2 }),
  field: fc.constantFrom('follower_count', 'add_time'),
  sort: fc.constantFrom('asc', 'desc'),
  page: fc.integer({ min: 1, max: 3 }),
});

interface Stored {
  id: number;
  workspace_id: number;
  country: string;
  unique_id: string;
  daren_name: string;
  nick_name: string;
  deleted_at: number | null;
  follower_count: number;
  add_time: number;
  video_last_time: number | null;
  is_chat: number;
  is_invitation: number;
  is_black: number;
}

describeEngines('tag and name lists after writes (0013, 0015)', (t) => {
  it('answer the page and count of the stored rows', { timeout: 180_000 }, async () => {
    const app = t();
    const { db, engine } = app.database;
    const me: SignedIn = await app.signUp();
    const other: SignedIn = await app.signUp();
    const tagIds = await Promise.all(
      ['t0', 't1', 't2'].map((title) => insertTag(app, me.workspaceId, title)),
    );
    const otherTag = await insertTag(app, other.workspaceId, 'x');
    const programs = fc.sample(fc.array(op, { minLength: 10, maxLength: 40 }), { seed: SEED, numRuns: 12 });
    type Req<A> = A extends fc.Arbitrary<infer T> ? T : never;
    const requests: (Omit<Req<typeof request>, 'tags' | 'name'> & { tags?: number[]; name?: string })[] = [
      ...fc.sample(request, { seed: SEED, numRuns: 40 }),
      ...fc.sample(dense, { seed: SEED, numRuns: 10 }),
      ...fc.sample(byName, { seed: SEED, numRuns: 20 }),
    ];
    const w = creatorWriter(db, me.workspaceId);
    let checked = 0;
    for (const program of programs) {
      for (const o of program) {
        await w.load();
        const link = async (ws: number, creators: number[], tags: number[]) => {
          if (!creators.length || !tags.length) return;
          await db
            .insertInto('creator_tags')
            .values(
              creators.flatMap((creator_id) =>
                tags.map((tag_id) => ({ workspace_id: ws, creator_id, tag_id })),
              ),
            )
            .onConflict((oc) => oc.columns(['creator_id', 'tag_id']).doNothing())
            .execute();
        };
        if (o.kind === 'insert') {
          const ws = o.other ? other.workspaceId : me.workspaceId;
          const rows = Array.from({ length: o.n }, () => {
            const seq = w.next();
            return {
              ...blankCreator(ws, o.country, `${o.name}${seq}`, 1, 1_700_000_000 + (seq % 3)),
              daren_name: o.name,
              follower_count: o.followers,
              video_last_time: seq % 2 ? null : seq % 4,
              ...o.flags,
              deleted_at: o.deleted ? 1_700_000_000 : null,
            };
          });
          const made = await db.insertInto('creators').values(rows).returning('id').execute();
          const tags = o.other ? [otherTag] : o.tags.map((i) => tagIds[i]!);
          await link(ws, made.map((r) => Number(r.id)), tags); // prettier-ignore
        } else if (o.kind === 'link') {
          await link(me.workspaceId, w.some(o.pick, o.n), o.tags.map((i) => tagIds[i]!)); // prettier-ignore
        } else if (o.kind === 'unlink') {
          if (!w.any) continue;
          await db
            .deleteFrom('creator_tags')
            .where('creator_id', 'in', w.some(o.pick, o.n))
            .where(
              'tag_id',
              'in',
              o.tags.map((i) => tagIds[i]!),
            ) // prettier-ignore
            .execute();
        } else if (o.kind === 'keys') {
          if (!w.any) continue;
          await db
            .updateTable('creators')
            .set({ follower_count: o.followers, add_time: o.added })
            .where('id', 'in', w.some(o.pick, o.n))
            .execute();
        } else if (o.kind === 'rename') {
          if (!w.any) continue;
          await db
            .updateTable('creators')
            .set({ nick_name: o.name })
            .where('id', 'in', w.some(o.pick))
            .execute();
        } else {
          // a raw delete leaves the creator's tag links behind: they must not count
          await w.apply(o);
        }
      }

      // Every link's copied columns equal its creator's live country, flags and sort keys (null once gone).
      const differs = sql.raw(engine === 'sqlite' ? 'is not' : 'is distinct from');
      const copied = ['is_chat', 'is_invitation', 'is_black', 'follower_count', 'add_time'].map(
        (c) => sql` or ct.${sql.raw(c)} ${differs} c.${sql.raw(c)}`,
      );
      const { rows: stale } = await sql<{ n: number | string }>`select count(*) as n from creator_tags ct
        left join creators c on c.id = ct.creator_id
        where ct.country ${differs} (case when c.deleted_at is null and c.workspace_id = ct.workspace_id then c.country end)${sql.join(
          copied,
          sql``,
        )}`.execute(db);
      expect(Number(stale[0]!.n)).toBe(0);
      if (engine === 'postgres') {
        // PostgreSQL (0015): each link's names and each creator's creator_names row equal its creator's.
        const names = (c: string) =>
          sql.raw(`concat_ws(E'\\n', lower(${c}.unique_id), lower(${c}.daren_name), lower(${c}.nick_name))`);
        const { rows: staleNames } = await sql<{
          n: number | string;
        }>`select count(*) as n from creator_tags ct
          left join creators c on c.id = ct.creator_id
          where ct.names is distinct from (case when c.id is not null then ${names('c')} end)`.execute(db);
        expect(Number(staleNames[0]!.n)).toBe(0);
        const { rows: staleRows } = await sql<{ n: number | string }>`select count(*) as n
          from creators c full join creator_names cn on cn.creator_id = c.id
          where (cn.workspace_id, cn.country, cn.is_chat, cn.is_invitation, cn.is_black, cn.follower_count,
            cn.add_time, cn.names) is distinct from (c.workspace_id, case when c.deleted_at is null then c.country end,
            c.is_chat, c.is_invitation, c.is_black, c.follower_count, c.add_time, ${names('c')})`.execute(db);
        expect(Number(staleRows[0]!.n)).toBe(0);
      }

      const stored = (await db
        .selectFrom('creators')
        .select(['id', 'workspace_id', 'country', 'unique_id', 'daren_name', 'nick_name', 'deleted_at'])
        .select(['follower_count', 'add_time', 'video_last_time', 'is_chat', 'is_invitation', 'is_black'])
        .where('workspace_id', '=', me.workspaceId)
        .execute()) as unknown as Stored[];
      const links = await db
        .selectFrom('creator_tags')
        .select(['creator_id', 'tag_id', 'workspace_id'])
        .execute();
      const tagsOf = new Map<number, Set<number>>();
      for (const l of links) {
        if (Number(l.workspace_id) !== me.workspaceId) continue;
        const set = tagsOf.get(Number(l.creator_id)) ?? new Set<number>();
        set.add(Number(l.tag_id));
        tagsOf.set(Number(l.creator_id), set);
      }
      const live = stored.filter((r) => r.country === 'US' && r.deleted_at === null);
      for (const q of requests) {
        const wanted = q.tags?.map((i) => tagIds[i]!);
        const matches = live.filter(
          (r) =>
            (!wanted || wanted.some((tag) => tagsOf.get(Number(r.id))?.has(tag))) &&
            (q.name === undefined ||
              [r.unique_id, r.daren_name, r.nick_name].some((v) =>
                v.toLowerCase().includes(q.name!.toLowerCase()),
              )) &&
            (q.isChat === undefined || Number(r.is_chat) === q.isChat) &&
            (q.isInvitation === undefined || Number(r.is_invitation) === q.isInvitation) &&
            (q.isBlack === undefined || Number(r.is_black) === q.isBlack),
        );
        const keyOf = (r: Stored) => Number(r[q.field as 'add_time'] ?? 0);
        const sign = q.sort === 'asc' ? 1 : -1;
        matches.sort((a, b) => sign * (keyOf(a) - keyOf(b) || Number(a.id) - Number(b.id)));
        const want = matches.slice((q.page - 1) * LIMIT, q.page * LIMIT).map((r) => r.unique_id);
        const body: Record<string, unknown> = {
          country: 'US',
          limit: LIMIT,
          ...(wanted ? { tagsId: wanted } : {}),
          field: q.field,
          sort: q.sort,
          page: q.page,
        };
        if (q.name !== undefined) body.name = q.name;
        for (const k of ['isChat', 'isInvitation', 'isBlack'] as const)
          if (q[k] !== undefined) body[k] = q[k];
        const res = await app.call('POST', '/blogger/lists', body, { token: me.token });
        expect(res.code, JSON.stringify(body)).toBe(200);
        const got = (res.data.list as { unique_id: string }[]).map((r) => r.unique_id);
        expect(got, JSON.stringify(body)).toEqual(want);
        expect(res.data.count, JSON.stringify(body)).toBe(matches.length);
        checked += want.length;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

/**
 * Creator intake: ingest (browser plugin) and import (mapped CSV/XLSX rows). Upserts by
 * (workspace, country, unique_id): new creators are inserted in bulk, known ones get only the
 * fields the item carries (a seller's flags, tags and notes are never overwritten).
 * Items are checked one by one: a bad item is rejected with its reason, the rest still land.
 * Within one request a later item for the same creator wins; the earlier is reported.
 */
import { sql, type Transaction } from 'kysely';
import type { Language } from '../../contract/constants.ts';
import { CreatorProfile, type IntakeResult } from '../../contract/schemas/intake.ts';
import type { DB, NewCreator } from '../db/schema.ts';
import { blankCreator, chunks, findCreators } from '../db/creator.repository.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { recordEvents, type Actor } from '../db/creator-events.repository.ts';
import { salesOfNewCreators } from './order-sums.ts';
import { message, MESSAGES } from '../domain/messages.ts';

type Profile = Omit<CreatorProfile, 'country' | 'unique_id'>;
interface Item {
  index: number;
  country: string;
  unique_id: string;
  profile: Profile;
}

/** Rows per version, so a sync page never has to carry more than this many rows of one version. */
const VERSION_CHUNK = 1000;

function reasonOf(issue: { message: string; path: PropertyKey[] } | undefined, lang: Language): string {
  const field = issue?.path.map(String).join('.') || 'item';
  if (issue && MESSAGES[issue.message]) return message(issue.message, lang, { field });
  return message('intake_invalid_field', lang, { field });
}

/** Checks every item; returns the valid ones (deduplicated) and the rejections. */
export function checkItems(raw: unknown[], defaultCountry: string | undefined, lang: Language) {
  const rejected: IntakeResult['rejected'] = [];
  const byKey = new Map<string, Item>();
  raw.forEach((value, index) => {
    const parsed = CreatorProfile.safeParse(value);
    if (!parsed.success) {
      const uid = (value as { unique_id?: unknown } | null)?.unique_id;
      rejected.push({
        index,
        ...(typeof uid === 'string' ? { unique_id: uid } : {}),
        reason: reasonOf(parsed.error.issues[0], lang),
      });
      return;
    }
    const { country, unique_id, ...profile } = parsed.data;
    const c = country ?? defaultCountry;
    if (!c) {
      rejected.push({ index, unique_id, reason: message('intake_country_required', lang) });
      return;
    }
    const key = `${c}\u0000${unique_id}`;
    const earlier = byKey.get(key);
    if (earlier)
      rejected.push({
        index: earlier.index,
        unique_id,
        reason: message('intake_duplicate', lang, { index }),
      });
    byKey.set(key, { index, country: c, unique_id, profile });
  });
  return { items: [...byKey.values()], rejected };
}

const defined = (p: Profile): Partial<Profile> =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== '')) as Partial<Profile>;

/** Rows per INSERT statement, and per UPDATE … FROM (VALUES …). */
const INSERT_ROWS = 500;
const UPDATE_ROWS = 500;

/**
 * The insert values for new creators. Only the columns some row of the batch carries are
 * written (the table's defaults are the blank creator's values), which keeps the statement
 * small: an import usually maps a handful of the 40-odd columns.
 */
function newRows(ws: number, country: string, version: number, t: number, items: readonly Item[]) {
  const blank: Record<string, unknown> = blankCreator(ws, country, '', version, t);
  const profiles = items.map((i) => defined(i.profile) as Record<string, unknown>);
  const cols = new Set<string>();
  for (const p of profiles) for (const k in p) cols.add(k);
  return items.map((i, n) => {
    const p = profiles[n]!;
    const row: Record<string, unknown> = {
      workspace_id: ws,
      country,
      unique_id: i.unique_id,
      version,
      add_time: t,
      update_time: t,
    };
    for (const c of cols) row[c] = p[c] ?? blank[c];
    return row as NewCreator;
  });
}

/** SQL types of the numeric profile fields (the rest are text); casts keep PostgreSQL's VALUES typed. */
const NUMERIC: Partial<Record<string, 'bigint' | 'double precision'>> = {
  follower_count: 'bigint',
  following_count: 'bigint',
  heart_count: 'bigint',
  digg_count: 'bigint',
  video_count: 'bigint',
  product_count: 'bigint',
  units_sold_t30: 'bigint',
  video_publish_t30: 'bigint',
  video_view_t30: 'bigint',
  gmv_t30: 'double precision',
  video_engagement_t30: 'double precision',
};

/**
 * Known creators get the fields their item carries, in one `UPDATE … FROM (VALUES …)` per
 * batch of rows that carry the same fields (an import's rows usually all do), instead of one
 * statement per creator. VALUES columns are column1, column2… on both engines.
 */
async function updateRows(
  trx: Transaction<DB>,
  ws: number,
  version: number,
  t: number,
  rows: readonly { id: number; values: Partial<Profile> }[],
): Promise<void> {
  const groups = new Map<string, { id: number; values: Record<string, unknown> }[]>();
  for (const r of rows) {
    const key = Object.keys(r.values).sort().join(',');
    const list = groups.get(key);
    const row = { id: r.id, values: r.values as Record<string, unknown> };
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  for (const [key, list] of groups) {
    const cols = key ? key.split(',') : [];
    for (const part of chunks(list, UPDATE_ROWS)) {
      if (cols.length === 0) {
        await trx
          .updateTable('creators')
          .set({ version, update_time: t })
          .where('workspace_id', '=', ws)
          .where(
            'id',
            'in',
            part.map((p) => p.id),
          )
          .execute();
        continue;
      }
      const values = sql.join(
        part.map(
          (p) =>
            sql`(${sql.join([
              sql`cast(${p.id} as bigint)`,
              ...cols.map((c) => sql`cast(${p.values[c]} as ${sql.raw(NUMERIC[c] ?? 'text')})`),
            ])})`,
        ),
      );
      const sets = sql.join(cols.map((c, n) => sql`${sql.ref(c)} = v.${sql.raw(`column${n + 2}`)}`));
      await sql`update creators set ${sets}, version = ${version}, update_time = ${t}
        from (values ${values}) as v
        where creators.id = v.column1 and creators.workspace_id = ${ws}`.execute(trx);
    }
  }
}

export async function intakeCreators(
  trx: Transaction<DB>,
  ws: number,
  raw: unknown[],
  opts: {
    defaultCountry?: string | undefined;
    dryRun?: boolean;
    lang: Language;
    /** Who, and by which path: each creator written gets a history row. */
    history?: { by: Actor; kind: 'import' | 'ingest' };
  },
): Promise<IntakeResult> {
  const { items, rejected } = checkItems(raw, opts.defaultCountry, opts.lang);
  let created = 0;
  let updated = 0;
  const t = now();
  const byCountry = new Map<string, Item[]>();
  for (const i of items) {
    const list = byCountry.get(i.country);
    if (list) list.push(i);
    else byCountry.set(i.country, [i]);
  }
  for (const [country, list] of byCountry) {
    for (const part of chunks(list, VERSION_CHUNK)) {
      const existing = new Map(
        (
          await findCreators(
            trx,
            ws,
            country,
            part.map((i) => i.unique_id),
          )
        ).map((c) => [c.unique_id, c.id]),
      );
      const fresh = part.filter((i) => !existing.has(i.unique_id));
      created += fresh.length;
      updated += part.length - fresh.length;
      if (opts.dryRun) continue;
      const version = await nextVersion(trx, ws);
      const touched: number[] = [];
      for (const rows of chunks(fresh, INSERT_ROWS)) {
        const ids = await trx
          .insertInto('creators')
          .values(newRows(ws, country, version, t, rows))
          .returning('id')
          .execute();
        if (opts.history) touched.push(...ids.map((r) => Number(r.id)));
      }
      // Orders imported before these creators existed count for them now.
      await salesOfNewCreators(
        trx,
        ws,
        country,
        fresh.map((i) => i.unique_id),
      );
      const known = part.flatMap((i) => {
        const id = existing.get(i.unique_id);
        return id === undefined ? [] : [{ id, values: defined(i.profile) }];
      });
      await updateRows(trx, ws, version, t, known);
      if (opts.history) {
        touched.push(...known.map((k) => Number(k.id)));
        await recordEvents(trx, ws, opts.history.by, version, touched, opts.history.kind);
      }
    }
  }
  rejected.sort((a, b) => a.index - b.index);
  return { received: raw.length, created, updated, rejected };
}

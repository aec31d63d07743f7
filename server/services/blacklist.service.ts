/**
 * The blacklist. Adding creates unknown creators in that country (like invitation.add) so
 * the flag has a row to live on; the creator's is_black mirrors whether a live blacklist row
 * exists. Every write stamps one new version on blacklist rows and creators alike.
 */
import type { Kysely, Transaction } from 'kysely';
import type { z } from 'zod';
import type { blackAddRequest, blackDelRequest, BlackListRequest } from '../../contract/schemas/blacklist.ts';
import { findBlacklist, listBlacklist } from '../db/blacklist.repository.ts';
import { chunks, ensureCreators, findCreators, touchCreators } from '../db/creator.repository.ts';
import { salesOfNewCreators } from './order-sums.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { recordEvents, type Actor } from '../db/creator-events.repository.ts';
import { AppError } from '../domain/errors.ts';

export async function addToBlacklist(
  trx: Transaction<DB>,
  ws: number,
  input: z.infer<typeof blackAddRequest>,
  by?: Actor,
) {
  const version = await nextVersion(trx, ws);
  const t = now();
  const {
    creators,
    created,
    fresh: arrived,
  } = await ensureCreators(trx, ws, input.country, input.bloggers, version);
  await salesOfNewCreators(trx, ws, input.country, arrived);
  const existing = await findBlacklist(trx, ws, input.country, input.bloggers);
  for (const part of chunks(existing.map((b) => Number(b.id))))
    await trx
      .updateTable('blacklist')
      .set({ reason: input.reason, version, update_time: t })
      .where('workspace_id', '=', ws)
      .where('id', 'in', part)
      .execute();
  const has = new Set(existing.map((b) => b.unique_id));
  const fresh = input.bloggers.filter((n) => !has.has(n));
  for (const part of chunks(fresh, 100))
    await trx
      .insertInto('blacklist')
      .values(
        part.map((unique_id) => ({
          workspace_id: ws,
          version,
          deleted_at: null,
          country: input.country,
          unique_id,
          reason: input.reason,
          add_time: t,
          update_time: t,
        })),
      )
      .execute();
  const ids = [...creators.values()].map((c) => Number(c.id));
  await touchCreators(trx, ws, ids, version, { is_black: 1 });
  await recordEvents(trx, ws, by, version, ids, 'black_add', input.reason);
  return { added: fresh.length, updated: existing.length, created_creators: created };
}

export async function removeFromBlacklist(
  trx: Transaction<DB>,
  ws: number,
  input: z.infer<typeof blackDelRequest>,
  by?: Actor,
) {
  const rows = await findBlacklist(trx, ws, input.country, input.bloggers);
  if (!rows.length) throw new AppError(40004, 'blacklist_not_found');
  const version = await nextVersion(trx, ws);
  const t = now();
  for (const part of chunks(rows.map((b) => Number(b.id))))
    await trx
      .updateTable('blacklist')
      .set({ deleted_at: t, update_time: t, version })
      .where('workspace_id', '=', ws)
      .where('id', 'in', part)
      .execute();
  const names = rows.map((b) => b.unique_id);
  const creators = await findCreators(trx, ws, input.country, names);
  const ids = creators.map((c) => Number(c.id));
  await touchCreators(trx, ws, ids, version, { is_black: 0 });
  await recordEvents(trx, ws, by, version, ids, 'black_del');
  const known = new Set(names);
  return { deleted: rows.length, not_found: input.bloggers.filter((n) => !known.has(n)) };
}

export async function listBlacklistRows(db: Kysely<DB>, ws: number, f: BlackListRequest) {
  const { rows, count } = await listBlacklist(db, ws, f);
  return {
    list: rows.map((r) => ({
      id: Number(r.id),
      country: r.country,
      unique_id: r.unique_id,
      email: r.email ?? '',
      bio_link: r.bio_link ?? '',
      follower_count: Number(r.follower_count ?? 0),
      reason: r.reason,
      add_time: Number(r.add_time),
      update_time: Number(r.update_time),
    })),
    count,
    limit: f.limit,
    page: f.page,
  };
}

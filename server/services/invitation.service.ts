/**
 * Invitations. Invariants kept here:
 * - one live invitation per (workspace, country, unique_id): adding again updates it;
 * - sub_status is set exactly when status is 3;
 * - every status/sub_status change appends invitation_history;
 * - the creator row mirrors its invitation's status (0 when none), with a new version.
 */
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Language } from '../../contract/constants.ts';
import type {
  InvitationRow,
  invitationAddRequest,
  InvitationEditRequest,
} from '../../contract/schemas/invitation.ts';
import { chunks, ensureCreators, findCreators, touchCreators } from '../db/creator.repository.ts';
import { salesOfNewCreators } from './order-sums.ts';
import { blacklistedNames } from '../db/blacklist.repository.ts';
import { shortList } from '../../contract/limits.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion, now } from '../db/versioning.ts';
import { recordEvents, type Actor } from '../db/creator-events.repository.ts';
import { AppError } from '../domain/errors.ts';
import { findInvitation, rowsWithTags, type Invitation } from './invitation-read.service.ts';

async function appendHistory(
  trx: Transaction<DB>,
  ws: number,
  userId: number,
  invs: Invitation[],
  note: string,
) {
  for (const part of chunks(invs, 200)) {
    await trx
      .insertInto('invitation_history')
      .values(
        part.map((i) => ({
          workspace_id: ws,
          invitation_id: Number(i.id),
          user_id: userId,
          status: Number(i.status),
          sub_status: i.sub_status,
          note,
          created_at: now(),
        })),
      )
      .execute();
  }
}

/**
 * Adds invitations by creator name. Blacklisted names are refused (40009 naming them when
 * nothing else is left); the rest goes through and the result lists the refused ones.
 */
export async function addInvitations(
  trx: Transaction<DB>,
  ws: number,
  userId: number,
  input: z.infer<typeof invitationAddRequest>,
  by?: Actor,
) {
  const black = await blacklistedNames(trx, ws, input.country, input.bloggers);
  const names = input.bloggers.filter((n) => !black.has(n));
  const blacklisted = input.bloggers.filter((n) => black.has(n));
  if (!names.length) throw new AppError(40009, 'invitation_all_black', { names: shortList(blacklisted) });
  const version = await nextVersion(trx, ws);
  const t = now();
  const { creators, created, fresh: arrived } = await ensureCreators(trx, ws, input.country, names, version);
  await salesOfNewCreators(trx, ws, input.country, arrived);
  const existing: Invitation[] = [];
  for (const part of chunks(names))
    existing.push(
      ...(await trx
        .selectFrom('invitations')
        .selectAll()
        .where('workspace_id', '=', ws)
        .where('country', '=', input.country)
        .where('unique_id', 'in', part)
        .where('deleted_at', 'is', null)
        .execute()),
    );
  const productId = input.productIds.join(',');
  for (const part of chunks(existing.map((i) => Number(i.id))))
    await trx
      .updateTable('invitations')
      .set({ version, update_time: t, ...(productId ? { product_id: productId } : {}) })
      .where('workspace_id', '=', ws)
      .where('id', 'in', part)
      .execute();
  const has = new Set(existing.map((i) => i.unique_id));
  const fresh = names.filter((n) => !has.has(n));
  const inserted: Invitation[] = [];
  for (const part of chunks(fresh, 100)) {
    const values = part.map((unique_id) => {
      const c = creators.get(unique_id);
      return {
        workspace_id: ws,
        version,
        deleted_at: null,
        country: input.country,
        unique_id,
        status: 1,
        sub_status: null,
        daren_name: c?.daren_name ?? '',
        daren_sex: c?.daren_sex ?? '',
        daren_email: c?.daren_email ?? '',
        daren_phone: c?.daren_phone ?? '',
        daren_addr: c?.daren_addr ?? '',
        logistics: '',
        cooperate: '',
        product_id: productId,
        add_time: t,
        update_time: t,
      };
    });
    inserted.push(...(await trx.insertInto('invitations').values(values).returningAll().execute()));
  }
  await appendHistory(trx, ws, userId, inserted, 'created');
  const idsOf = (list: string[]) => list.map((n) => Number(creators.get(n)?.id)).filter((id) => id > 0);
  await touchCreators(trx, ws, idsOf(fresh), version, {
    status: 1,
    ...(input.isInvitation ? { is_invitation: 1 } : {}),
  });
  await touchCreators(trx, ws, idsOf([...has]), version, input.isInvitation ? { is_invitation: 1 } : {});
  // Detail: the product ids the invitation carries now.
  await recordEvents(trx, ws, by, version, idsOf(names), 'invitation', productId);
  return {
    added: inserted.length,
    updated: existing.length,
    created_creators: created,
    blacklisted,
    /** Not answered (the route leaves it out): the invited creators' ids, for the plans they move in. */
    creator_ids: idsOf(names),
  };
}

const TEXT_FIELDS = [
  'daren_name',
  'daren_sex',
  'daren_email',
  'daren_phone',
  'daren_addr',
  'logistics',
  'cooperate',
  'product_id',
] as const;

export async function editInvitation(
  trx: Transaction<DB>,
  ws: number,
  userId: number,
  input: InvitationEditRequest,
  lang: Language,
  by?: Actor,
): Promise<InvitationRow> {
  const inv = await findInvitation(trx, ws, input.id);
  const status = input.status ?? Number(inv.status);
  let sub: number | null = null;
  if (status === 3) {
    // Staying in 3 keeps the current sub status; entering 3 needs one.
    sub = input.sub_status ?? (Number(inv.status) === 3 ? inv.sub_status : null);
    if (!sub) throw new AppError(40001, 'sub_status_required', { field: 'sub_status' });
  } else if (input.sub_status !== undefined) {
    throw new AppError(40001, 'sub_status_without_cooperating', { field: 'sub_status' });
  }
  const patch: Partial<Invitation> = {};
  for (const k of TEXT_FIELDS) if (input[k] !== undefined) patch[k] = input[k];
  const statusChanged =
    status !== Number(inv.status) || sub !== (inv.sub_status === null ? null : Number(inv.sub_status));
  const version = await nextVersion(trx, ws);
  const row = await trx
    .updateTable('invitations')
    .set({ ...patch, status, sub_status: sub, version, update_time: now() })
    .where('workspace_id', '=', ws)
    .where('id', '=', inv.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  if (statusChanged) {
    await appendHistory(trx, ws, userId, [row], 'status');
    const creators = await findCreators(trx, ws, row.country, [row.unique_id]);
    const ids = creators.map((c) => Number(c.id));
    await touchCreators(trx, ws, ids, version, { status });
    // Detail: "status" or "status.sub_status", read by the timeline with the status names.
    await recordEvents(
      trx,
      ws,
      by,
      version,
      ids,
      'invitation_status',
      sub ? `${status}.${sub}` : String(status),
    );
  }
  return (await rowsWithTags(trx, ws, [row], lang))[0]!;
}

/** Soft-deletes the invitations of this workspace among `ids`; their creators go back to status 0. */
export async function deleteInvitations(trx: Transaction<DB>, ws: number, ids: number[]) {
  const invs: Invitation[] = [];
  for (const part of chunks([...new Set(ids)]))
    invs.push(
      ...(await trx
        .selectFrom('invitations')
        .selectAll()
        .where('workspace_id', '=', ws)
        .where('id', 'in', part)
        .where('deleted_at', 'is', null)
        .execute()),
    );
  if (!invs.length) throw new AppError(40004, 'invitation_not_found');
  const version = await nextVersion(trx, ws);
  const t = now();
  for (const part of chunks(invs.map((i) => Number(i.id))))
    await trx
      .updateTable('invitations')
      .set({ deleted_at: t, update_time: t, version })
      .where('workspace_id', '=', ws)
      .where('id', 'in', part)
      .execute();
  const byCountry = new Map<string, string[]>();
  for (const i of invs) byCountry.set(i.country, [...(byCountry.get(i.country) ?? []), i.unique_id]);
  for (const [country, names] of byCountry) {
    const creators = await findCreators(trx, ws, country, names);
    await touchCreators(
      trx,
      ws,
      creators.map((c) => Number(c.id)),
      version,
      { status: 0 },
    );
  }
  return { deleted: invs.length };
}

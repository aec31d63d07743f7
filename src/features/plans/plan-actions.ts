/**
 * Writes of the plans, all through the outbox: they work offline, show at once and are
 * sent as /plan/* calls later. A plan created offline has a temporary id until the server's copy
 * arrives; adding creators to it or deleting it waits until then (the catalog's rule). Creators
 * join, move and leave in parts of PLAN_CALL_MAX, addressed by (plan, creator) so the screen shows
 * each change before the server has answered (overlay.ts, MembersEffect).
 */
import { API } from '../../../contract/routes.ts';
import { POST_WITHIN_DEFAULT } from '../../../contract/limits.ts';
import {
  MESSAGES_BEFORE_REPLY,
  PLAN_BEFORE_INVITE,
  PLAN_CALL_MAX,
  PLAN_INVITE_MAX,
  type PlanStage,
} from '../../../contract/limits.ts';
import type { RowOf } from '../../../contract/sync.ts';
import {
  addRow,
  deleteRows,
  editRow,
  enqueue,
  enqueueInParts,
  enqueueParts,
  type NewRow,
} from '../../db/actions.ts';
import { call, type Call, type Input } from '../../db/call.ts';
import { localDb } from '../../db/local.ts';
import type { MembersEffect } from '../../db/outbox-types.ts';
import { m } from '../../paraglide/messages.js';
import { toast } from '../../ui/toast-queue.ts';
import { record } from '../sync/outcome.ts';
import { isPending } from '../../db/temp-id.ts';
import type { Summary } from '../sync/outcome.ts';
import { addedText } from './plan-rules.ts';
import { checkMessage } from './quota-rules.ts';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export interface PlanDraft {
  name: string;
  country: string;
  product_ids: number[];
  /** '' when not given. */
  commission_rate: number | '';
  budget: number | '';
  /** What one creator's samples cost, and one shipment; '' when not given (kept on edit). */
  sample_cost: number | '';
  shipping_cost: number | '';
  /** Days a creator has to post after samples ship; '' when not given (the server's 14, or kept on edit). */
  post_within_days: number | '';
  start_date: string;
  end_date: string;
  chat_template_id: number;
}

/** The call's terms (an empty commission or budget is left out: not given, or kept on edit). */
function termsBody(d: PlanDraft): Omit<Input<typeof API.planAdd>, 'country'> {
  return {
    name: d.name,
    product_ids: d.product_ids,
    start_date: d.start_date,
    end_date: d.end_date,
    chat_template_id: d.chat_template_id,
    ...(d.commission_rate === '' ? {} : { commission_rate: d.commission_rate }),
    ...(d.budget === '' ? {} : { budget: d.budget }),
    ...(d.sample_cost === '' ? {} : { sample_cost: d.sample_cost }),
    ...(d.shipping_cost === '' ? {} : { shipping_cost: d.shipping_cost }),
    ...(d.post_within_days === '' ? {} : { post_within_days: d.post_within_days }),
  };
}

/** The same terms as the row shows them until the server's copy arrives. */
function termsRow(d: PlanDraft): Record<string, unknown> {
  const { product_ids: _ids, ...rest } = termsBody(d);
  return { ...rest, product_ids: d.product_ids.join(',') };
}

export function createPlan(d: PlanDraft): Promise<boolean> {
  const t = nowSeconds();
  const add = call(API.planAdd, { ...termsBody(d), country: d.country });
  const row = {
    commission_rate: 0,
    budget: 0,
    sample_cost: 0,
    shipping_cost: 0,
    post_within_days: POST_WITHIN_DEFAULT,
    ...termsRow(d),
    country: d.country,
    user_id: 0,
    user_name: '',
  };
  return record(
    // The draft's terms (termsRow) fill the plan's other columns.
    () => addRow(localDb, 'plans', add, { ...row, add_time: t, update_time: t } as NewRow<'plans'>),
    m.plans_created(),
  );
}

/** New terms for a plan (its country stays): shown at once, sent as PUT /plan/edit. */
export async function editPlan(plan: RowOf<'plans'>, d: PlanDraft): Promise<boolean> {
  if (waitsForServer(plan)) return false;
  const edit = call(API.planEdit, { id: plan.id, ...termsBody(d) });
  return record(
    () => editRow(localDb, 'plans', edit, { ...termsRow(d), id: plan.id, update_time: nowSeconds() }),
    m.plans_saved(),
  );
}

/** A plan still on its way to the server cannot be addressed by a call yet. */
function waitsForServer(plan: RowOf<'plans'>): boolean {
  if (!isPending(plan)) return false;
  toast.info(m.catalog_still_saving());
  return true;
}

export async function deletePlan(plan: RowOf<'plans'>): Promise<boolean> {
  if (waitsForServer(plan)) return false;
  return record(
    () => deleteRows(localDb, 'plans', call(API.planDel, { id: plan.id }), [plan.id]),
    m.plans_deleted(),
  );
}

function members(
  plan: RowOf<'plans'>,
  creatorIds: readonly number[],
  op: MembersEffect['op'],
  /** The call for one part of the creators. */
  partCall: (creatorIds: number[]) => Call,
  okMessage: string,
  effect: Partial<MembersEffect> = {},
  summary?: Summary,
): Promise<boolean> {
  if (waitsForServer(plan)) return Promise.resolve(false);
  const time = nowSeconds();
  return record(
    () =>
      enqueueParts(localDb, creatorIds, PLAN_CALL_MAX, (part) => ({
        call: partCall(part),
        effect: {
          table: 'plan_creators',
          kind: 'members',
          op,
          plan_id: plan.id,
          creator_ids: part,
          time,
          ...effect,
        },
      })),
    okMessage,
    summary,
  );
}

/**
 * Creators join the plan (those already in it stay where they are). What was done is said once the
 * server has accepted every part, from its counts: "2 added, 2 already in it", never what was asked.
 */
export const addToPlan = (plan: RowOf<'plans'>, creatorIds: readonly number[]): Promise<boolean> =>
  members(
    plan,
    creatorIds,
    'join',
    (part) => call(API.planCreatorAdd, { plan_id: plan.id, creator_ids: part }),
    m.plans_added(),
    {},
    addedText,
  );

export const moveInPlan = (
  plan: RowOf<'plans'>,
  creatorIds: readonly number[],
  stage: PlanStage,
  reason = '',
): Promise<boolean> =>
  members(
    plan,
    creatorIds,
    'stage',
    (part) => call(API.planCreatorStage, { plan_id: plan.id, creator_ids: part, stage, reason }),
    m.plans_moved(),
    { stage, reason },
  );

export const removeFromPlan = (plan: RowOf<'plans'>, creatorIds: readonly number[]): Promise<boolean> =>
  members(
    plan,
    creatorIds,
    'leave',
    (part) => call(API.planCreatorDel, { plan_id: plan.id, creator_ids: part }),
    m.plans_removed(),
  );

/**
 * Target invitations (POST /plan/invite) of the plan's creators, one per PLAN_INVITE_MAX (TikTok's
 * limit) in order; the creators show as "invited" at once (the server moves only those not invited
 * yet, and its copy replaces this one).
 */
export function invitePlan(
  plan: RowOf<'plans'>,
  creatorIds: readonly number[],
  members: readonly RowOf<'plan_creators'>[],
): Promise<boolean> {
  if (waitsForServer(plan)) return Promise.resolve(false);
  const time = nowSeconds();
  // Shown as invited: those the server will move (not in the plan yet, or before "invited").
  const later = new Set(
    members
      .filter((r) => r.plan_id === plan.id && !PLAN_BEFORE_INVITE.includes(r.stage as PlanStage))
      .map((r) => r.creator_id),
  );
  return record(
    () =>
      enqueueInParts(localDb, creatorIds, PLAN_INVITE_MAX, (part) => ({
        call: call(API.planInvite, { plan_id: plan.id, creator_ids: part }),
        effect: {
          table: 'plan_creators',
          kind: 'members',
          op: 'stage',
          plan_id: plan.id,
          creator_ids: part.filter((id) => !later.has(id)),
          stage: 'invited',
          reason: '',
          time,
        },
      })),
    m.plans_invited(),
  );
}

/**
 * Records a message sent to a creator (POST /plan/message). TikTok allows MESSAGES_BEFORE_REPLY
 * before the creator replies: past it the message is refused here with the reason, nothing queued
 * (the server checks again, with the whole team's messages).
 */
export function logMessage(
  creatorId: number,
  name: string,
  count: number,
  connected: boolean,
): Promise<boolean> {
  if (!checkMessage(count, connected).allowed) {
    toast.error(m.plans_message_limit({ max: MESSAGES_BEFORE_REPLY, name }));
    return Promise.resolve(false);
  }
  return record(
    () => enqueue(localDb, call(API.planMessage, { creator_id: creatorId }, name)),
    m.plans_message_logged(),
  );
}

/** The workspace's weekly quota of new creators (-1: not set), shown at once and sent as PUT /plan/quota. */
export function setWeeklyQuota(
  current: RowOf<'workspace_settings'> | undefined,
  quota: number,
): Promise<boolean> {
  const set = call(API.planQuota, { weekly_quota: quota });
  const t = nowSeconds();
  return record(
    () =>
      current
        ? editRow(localDb, 'workspace_settings', set, {
            id: current.id,
            weekly_quota: quota,
            // A member's number, as the server records it (the shop's "unlimited" no longer holds).
            quota_source: '',
            quota_unlimited: 0,
            quota_shops: 0,
            quota_shop_name: '',
            update_time: t,
          })
        : addRow(localDb, 'workspace_settings', set, {
            weekly_quota: quota,
            user_id: 0,
            user_name: '',
            update_time: t,
            quota_source: '',
            quota_unlimited: 0,
            quota_shops: 0,
            quota_shop_name: '',
          }),
    m.quota_saved(),
  );
}

/**
 * Writes the plan's creators, stages and money as an XLSX on this device (offline too) and saves it.
 * The writer and the table code load with the first export, not with the board.
 */
export async function exportPlan(
  plan: RowOf<'plans'>,
  members: readonly RowOf<'plan_creators'>[],
): Promise<void> {
  const [{ planTable, planFileName }, { writeTable, MIME_TYPE }, { saveFile }, q] = await Promise.all([
    import('./plan-export.ts'),
    import('../../files/table-writer.ts'),
    import('../export/save-file.ts'),
    import('./plan-queries.ts'),
  ]);
  const ids = members.filter((r) => r.plan_id === plan.id).map((r) => r.creator_id);
  const [creators, money] = await Promise.all([q.creatorsOf(ids), q.readSalesRows()]);
  const table = planTable(plan, members, creators, money.sales, money.products, nowSeconds());
  saveFile(await writeTable('xlsx', table), planFileName(plan), MIME_TYPE.xlsx);
  toast.success(m.plans_exported({ rows: table.rowCount }));
}

export interface SaleDraft {
  product_id: string;
  gmv: number;
  units: number;
  commission: number;
  /** YYYY-MM-DD */
  day: string;
  currency: string;
}

/**
 * A sale entered by hand (POST /plan/sale.add), shown at once as an extra sales row of the creator
 * (totals add up) until the server's sums arrive; offline too. Its reference is made here once, so
 * a retried call records the sale once.
 */
export function addSale(creatorId: number, name: string, d: SaleDraft): Promise<boolean> {
  const ref = `${Date.now()}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
  const { currency, ...body } = d;
  return record(
    () =>
      addRow(localDb, 'creator_sales', call(API.planSaleAdd, { creator_id: creatorId, ...body, ref }, name), {
        creator_id: creatorId,
        product_id: d.product_id,
        gmv: d.gmv,
        orders: 1,
        units: d.units,
        commission: d.commission,
        currency,
        // The server files the sale under its day's week; until its copy arrives the shown row
        // counts as a line without a time (0), as it did before the row was typed.
        week: 0,
        last_time: Math.floor(Date.parse(`${d.day}T00:00:00Z`) / 1000),
        update_time: nowSeconds(),
      }),
    m.sale_recorded(),
  );
}

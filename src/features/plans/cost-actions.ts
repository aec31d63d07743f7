/**
 * Writes of a plan's cost lines, all through the outbox (docs/decisions/plans.md, "Fees, retainers
 * and ad spend"): a line added, corrected or deleted shows at once, offline too, and is sent as
 * /plan/cost.* later. A refusal takes the change back and the sync's notice says why. A line added
 * offline has a temporary id until the server's copy arrives; correcting or deleting it waits until
 * then (the cost list offers neither before).
 */
import { API } from '../../../contract/routes.ts';
import { COUNTRY_CURRENCY, type Country } from '../../../contract/constants.ts';
import { addRow, deleteRows, editRow } from '../../db/actions.ts';
import { call } from '../../db/call.ts';
import { localDb } from '../../db/local.ts';
import { m } from '../../paraglide/messages.js';
import { record } from '../sync/outcome.ts';
import { centsOf, type CostLine } from './cost-rules.ts';

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export interface CostDraft {
  plan_id: number;
  creator_id: number;
  /** The plan's country: the line is in its currency. */
  country: string;
  kind: 'fee' | 'retainer' | 'ad';
  /** Digits as the form checked them (isAmount). */
  amount: string;
  start_date: string;
  /** A retainer's last day; '' otherwise. */
  end_date: string;
  /** An ad spend's content record; 0 otherwise. */
  content_id: number;
  channel: '' | 'spark' | 'shop_ads';
  note: string;
}

/** Adds a line; `name` names the creator if the server refuses it. */
export function addCost(d: CostDraft, name: string): Promise<boolean> {
  const t = nowSeconds();
  const body = {
    plan_id: d.plan_id,
    creator_id: d.creator_id,
    kind: d.kind,
    amount: d.amount,
    start_date: d.start_date,
    note: d.note,
    ...(d.kind === 'retainer' && { end_date: d.end_date }),
    ...(d.kind === 'ad' && { content_id: d.content_id, channel: d.channel || 'spark' }),
  };
  return record(
    () =>
      addRow(localDb, 'plan_costs', call(API.costAdd, body, name), {
        plan_id: d.plan_id,
        creator_id: d.creator_id,
        kind: d.kind,
        content_id: d.kind === 'ad' ? d.content_id : 0,
        amount_cents: centsOf(d.amount),
        currency: COUNTRY_CURRENCY[d.country as Country] ?? '',
        start_date: d.start_date,
        end_date: d.kind === 'retainer' ? d.end_date : '',
        channel: d.kind === 'ad' ? d.channel || 'spark' : '',
        note: d.note,
        import_key: '',
        user_id: 0,
        user_name: '',
        updated_by: 0,
        updated_by_name: '',
        add_time: t,
        update_time: t,
      }),
    m.money_cost_saved(),
  );
}

export interface CostFix {
  amount: string;
  start_date: string;
  end_date: string;
  channel: '' | 'spark' | 'shop_ads';
  note: string;
}

/** Corrects a line the server has (its plan, creator, kind and video stay). */
export function editCost(line: CostLine, fix: CostFix, name: string): Promise<boolean> {
  const body = {
    id: line.id,
    amount: fix.amount,
    start_date: fix.start_date,
    note: fix.note,
    ...(line.kind === 'retainer' && { end_date: fix.end_date }),
    ...(line.kind === 'ad' && fix.channel && { channel: fix.channel }),
  };
  return record(
    () =>
      editRow(localDb, 'plan_costs', call(API.costEdit, body, name), {
        id: line.id,
        amount_cents: centsOf(fix.amount),
        start_date: fix.start_date,
        ...(line.kind === 'retainer' && { end_date: fix.end_date }),
        ...(line.kind === 'ad' && fix.channel && { channel: fix.channel }),
        note: fix.note,
        // An import no longer stands for a line a member moved to another day (the server drops
        // its key the same way).
        ...(fix.start_date !== line.start_date && { import_key: '' }),
        update_time: nowSeconds(),
      }),
    m.money_cost_edited(),
  );
}

/** Deletes a line the server has; its history stays on the server. */
export function deleteCost(line: CostLine, name: string): Promise<boolean> {
  return record(
    () => deleteRows(localDb, 'plan_costs', call(API.costDel, { id: line.id }, name), [line.id]),
    m.money_costs_deleted(),
  );
}

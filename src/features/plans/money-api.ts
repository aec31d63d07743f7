/**
 * The plan cost and net profit calls (contract/schemas/money.ts) through the shared client. Cost
 * lines and net profit are read from and written to the server directly: order lines and content
 * records are not mirrored (docs/decisions/plans.md, "Net profit"). A change to a plan's costs is
 * announced so its net profit panel reads again what the server now holds.
 */
import { API } from '../../../contract/routes.ts';
import { request } from '../../api/client.ts';

const CHANGED = 'creatordesk:plan-money';

export const fetchPlanMoney = (planId: number, signal?: AbortSignal) =>
  request(API.planMoney, { plan_id: planId }, { silent: true, signal });

export const fetchCreatorVideos = (creatorId: number, signal?: AbortSignal) =>
  request(API.contentList, { creator_id: creatorId } as never, { silent: true, signal });

export interface CostInput {
  plan_id: number;
  creator_id: number;
  kind: 'fee' | 'retainer' | 'ad';
  amount: string;
  start_date: string;
  end_date?: string;
  content_id?: number;
  channel?: 'spark' | 'shop_ads';
}

/** Adds a cost line; the server's refusal rejects (with its message) and nothing is shown as saved. */
export async function addCost(input: CostInput) {
  const row = await request(API.costAdd, input as never, { silent: true });
  window.dispatchEvent(new CustomEvent(CHANGED, { detail: input.plan_id }));
  return row;
}

/** What a correction may change (contract/schemas/money.ts, CostEditRequest); plan, creator, kind stay. */
export interface CostEdit {
  id: number;
  amount?: string;
  start_date?: string;
  end_date?: string;
  channel?: 'spark' | 'shop_ads';
  note?: string;
}

/** Corrects a line; a refusal rejects with the server's message and the line stays as the server has it. */
export async function editCost(planId: number, input: CostEdit) {
  const row = await request(API.costEdit, input as never, { silent: true });
  window.dispatchEvent(new CustomEvent(CHANGED, { detail: planId }));
  return row;
}

/** Deletes a line (its history stays); a refusal rejects with the server's message. */
export async function deleteCost(planId: number, id: number) {
  await request(API.costDel, { id }, { silent: true });
  window.dispatchEvent(new CustomEvent(CHANGED, { detail: planId }));
}

export const fetchCosts = (planId: number, signal?: AbortSignal) =>
  request(API.costList, { plan_id: planId }, { silent: true, signal });

export const fetchCostHistory = (id: number, signal?: AbortSignal) =>
  request(API.costHistory, { id }, { silent: true, signal });

/** Tells the plan's money panel and cost lines to read the server again (after a refused change). */
export const moneyChanged = (planId: number): void => {
  window.dispatchEvent(new CustomEvent(CHANGED, { detail: planId }));
};

export function onMoneyChanged(planId: number, then: () => void): () => void {
  const listener = (e: Event) => {
    if ((e as CustomEvent<number>).detail === planId) then();
  };
  window.addEventListener(CHANGED, listener);
  return () => window.removeEventListener(CHANGED, listener);
}

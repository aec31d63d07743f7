/**
 * The plan money calls that read the server directly (contract/schemas/money.ts): the net profit,
 * which sums order lines and snapshots the app does not mirror, and a cost line's history. Cost
 * lines themselves are mirrored and written through the outbox (cost-actions.ts). An ad-spend import
 * announces its change so the net profit panel reads again at once.
 */
import { API } from '../../../contract/routes.ts';
import { request } from '../../api/client.ts';

const CHANGED = 'creatordesk:plan-money';

export const fetchPlanMoney = (planId: number, signal?: AbortSignal) =>
  request(API.planMoney, { plan_id: planId }, { silent: true, signal });

export const fetchCostHistory = (id: number, signal?: AbortSignal) =>
  request(API.costHistory, { id }, { silent: true, signal });

/** Tells the plan's money panel to read the server again (after an import). */
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

/**
 * /plan/ledger on the server (docs/decisions/plans.md, "The ledger"): reads the plan's net profit
 * inputs exactly as /plan/money does (plan-money.service.ts, planMoneyInput), keeps one creator's
 * when asked, and lays them out (ledger.ts). A creator without a plan named gets their most
 * recently joined plan, with the list of their plans to choose from. Workspace-scoped: another
 * workspace's plan or creator answers as one that does not exist.
 */
import type { Kysely } from 'kysely';
import { COUNTRY_CURRENCY, type Country } from '../../contract/constants.ts';
import { LEDGER_PAGE_MAX } from '../../contract/limits.ts';
import type { LedgerRequest, LedgerResult } from '../../contract/schemas/ledger.ts';
import type { DB } from '../db/schema.ts';
import { AppError } from '../domain/errors.ts';
import { ledgerCharts } from './ledger-charts.ts';
import { inputOf, ledgerLines } from './ledger.ts';
import { planMoneyInput } from './plan-money.service.ts';

async function plansOf(db: Kysely<DB>, ws: number, creatorId: number) {
  const creator = await db
    .selectFrom('creators')
    .select('id')
    .where('workspace_id', '=', ws)
    .where('deleted_at', 'is', null)
    .where('id', '=', creatorId)
    .executeTakeFirst();
  if (!creator) throw new AppError(40004, 'creator_not_found');
  const rows = await db
    .selectFrom('plan_creators as pc')
    .innerJoin('plans as p', (j) =>
      j.onRef('p.id', '=', 'pc.plan_id').on('p.workspace_id', '=', ws).on('p.deleted_at', 'is', null),
    )
    .select(['p.id', 'p.name', 'pc.add_time'])
    .where('pc.workspace_id', '=', ws)
    .where('pc.creator_id', '=', creatorId)
    .where('pc.deleted_at', 'is', null)
    .orderBy('pc.add_time', 'desc')
    .orderBy('p.id', 'desc')
    .execute();
  return rows.map((r) => ({ plan_id: Number(r.id), name: r.name }));
}

export async function planLedger(db: Kysely<DB>, ws: number, req: LedgerRequest): Promise<LedgerResult> {
  const creatorId = req.creator_id ?? 0;
  const plans = creatorId ? await plansOf(db, ws, creatorId) : [];
  const planId = req.plan_id ?? plans[0]?.plan_id ?? 0;
  // A creator in no plan has an empty ledger rather than an error: nothing was spent or sold yet.
  if (!planId)
    return {
      plan_id: 0,
      creator_id: creatorId,
      currency: '',
      country: '',
      plans,
      total: { gmv: 0, commission: 0, samples: 0, fees: 0, ads: 0, net: 0, roi: null },
      weeks: [],
      videos: [],
      lines: [],
      offset: 0,
      lines_total: 0,
    };
  // The whole ledger's totals, count and charts from sums per creator, video and shop week (SQL).
  const sums = inputOf(await planMoneyInput(db, ws, planId, creatorId, 'week'), creatorId);
  // A creator taken out of the plan keeps the cost lines they had in it, as /plan/money counts them.
  if (creatorId && !sums.members.length && !sums.costs.length) throw new AppError(40004, 'ledger_not_member');
  const whole = ledgerLines(sums);
  const sales = sums.lines.reduce((n, l) => n + (l.count ?? 0), 0);
  const linesTotal = whole.lines.length - sums.lines.length + sales;
  const offset = Math.min(req.offset ?? 0, linesTotal);
  const limit = req.limit ?? LEDGER_PAGE_MAX;
  // The page: from the first line, the first `limit` sales (oldest first) are all a page can hold;
  // further on, every line before the page makes its running totals, so all are read.
  const input = await planMoneyInput(db, ws, planId, creatorId, offset === 0 ? { first: limit } : 'each');
  const { lines } = ledgerLines(inputOf(input, creatorId));
  return {
    plan_id: planId,
    creator_id: creatorId,
    currency: COUNTRY_CURRENCY[input.country as Country],
    country: input.country,
    plans,
    total: whole.total,
    ...ledgerCharts(sums.lines, sums.contents, input.country),
    lines: lines.slice(offset, offset + limit),
    offset,
    lines_total: linesTotal,
  };
}

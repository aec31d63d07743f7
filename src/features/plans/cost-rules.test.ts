import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { API } from '../../../contract/api.ts';
import { RETAINER_MONTHS_MAX } from '../../../contract/limits.ts';
import { addRow, deleteRows, editRow } from '../../db/actions.ts';
import { call } from '../../db/call.ts';
import { applyPage } from '../../db/mirror.ts';
import { markAcked, markFailed } from '../../db/outbox.ts';
import { freshDb, page } from '../../db/test-db.ts';
import { readPlanCosts } from './cost-queries.ts';
import { amountText, centsOf, costDatesProblem, isAmount, type CostLine } from './cost-rules.ts';

const line = (id: number, plan_id: number, over: Partial<CostLine> = {}): CostLine => ({
  id,
  version: id,
  plan_id,
  creator_id: 7,
  kind: 'fee',
  content_id: 0,
  amount_cents: 10_000,
  currency: 'USD',
  start_date: '2026-11-01',
  end_date: '',
  channel: '',
  note: '',
  import_key: '',
  user_id: 1,
  user_name: 'A',
  updated_by: 1,
  updated_by_name: 'A',
  add_time: 1_790_000_000,
  update_time: 1_790_000_000,
  ...over,
});

describe('cost amounts and days as the form checks them', () => {
  it('reads an amount to cents exactly and back, and refuses what the server refuses', () => {
    for (const [text, cents] of [
      ['1200', 120_000],
      ['1200.5', 120_050],
      ['0.07', 7],
      ['19.99', 1_999],
      ['10000000000', 1_000_000_000_000],
    ] as const) {
      expect(isAmount(text), text).toBe(true);
      expect(centsOf(text), text).toBe(cents);
      expect(centsOf(amountText(cents)), text).toBe(cents);
    }
    // Above the server's COST_AMOUNT_MAX (10,000,000,000) too.
    for (const bad of [
      '0',
      '0.00',
      '-1',
      '1.234',
      '1,200',
      '1e3',
      '',
      ' ',
      '.5',
      '12.',
      '10000000000.01',
      '99999999999.99',
    ])
      expect(isAmount(bad), bad).toBe(false);
  });

  it('names what is wrong with the days: a day outside 2016-2099 or unreal, a retainer ending first or too long', () => {
    expect(costDatesProblem('fee', '2026-02-28', '')).toBeNull();
    expect(costDatesProblem('fee', '2015-12-31', '')).toBe('start');
    expect(costDatesProblem('fee', '2026-02-30', '')).toBe('start');
    expect(costDatesProblem('ad', '2026-13-01', '')).toBe('start');
    expect(costDatesProblem('retainer', '2026-01-31', '2026-02-01')).toBeNull();
    expect(costDatesProblem('retainer', '2026-01-31', '')).toBe('end');
    expect(costDatesProblem('retainer', '2026-05-01', '2026-04-01')).toBe('end_before_start');
    const last = `${2026 + RETAINER_MONTHS_MAX / 12 - 1}-12-31`;
    expect(costDatesProblem('retainer', '2026-01-01', last)).toBeNull();
    expect(costDatesProblem('retainer', '2026-01-01', `${2026 + RETAINER_MONTHS_MAX / 12}-01-01`)).toBe(
      'too_long',
    );
  });
});

describe("a plan's cost lines from the mirror", () => {
  it('lists the plan’s lines with unsent changes on top, counts what the server has not accepted, newest first', async () => {
    const db = await freshDb();
    await applyPage(db, page({ changes: { plan_costs: [line(1, 5), line(2, 5), line(3, 6)] } }));
    const first = await readPlanCosts(db, 5);
    expect(first.lines.map((l) => l.id)).toEqual([2, 1]);
    expect(first.unsent).toBe(0);

    const { id: _id, version: _v, ...fresh } = line(0, 5, { amount_cents: 5_000 });
    const add = await addRow(
      db,
      'plan_costs',
      call(API.costAdd, { plan_id: 5, creator_id: 7, kind: 'fee', amount: '50', start_date: '2026-11-02' }),
      fresh,
    );
    await editRow(db, 'plan_costs', call(API.costEdit, { id: 1, amount: '200' }), {
      id: 1,
      amount_cents: 20_000,
    });
    await deleteRows(db, 'plan_costs', call(API.costDel, { id: 2 }), [2]);
    // Another plan's change is not this plan's.
    await deleteRows(db, 'plan_costs', call(API.costDel, { id: 3 }), [3]);
    const shown = await readPlanCosts(db, 5);
    expect(shown.lines.map((l) => [l.id < 0 ? 'new' : l.id, l.amount_cents])).toEqual([
      ['new', 5_000],
      [1, 20_000],
    ]);
    expect(shown.unsent).toBe(3);
    expect([...shown.inFlight].map((id) => (id < 0 ? 'new' : id)).sort()).toEqual([1, 2, 'new']);
    // The server's lines did not change: the net profit has nothing new to read.
    expect(shown.serverKey).toBe(first.serverKey);

    // Accepted: shown under the server's id, and still named as not counted until a pull brings it.
    await markAcked(db, add, Date.now(), { code: 200, msg: 'ok', data: { id: 40 } });
    const acked = await readPlanCosts(db, 5);
    expect(acked.unsent).toBe(3);
    expect(acked.inFlight.has(40)).toBe(true);
    expect(acked.lines.map((l) => l.id)).toEqual([40, 1]);
    // Refused: taken back, the line shows as the server holds it.
    const entries = await db.outbox.toArray();
    const edit = entries.find((e) => e.path === API.costEdit.path)!;
    await markFailed(db, edit.seq!, { code: 40001, msg: 'no' });
    const back = await readPlanCosts(db, 5);
    expect(back.lines.find((l) => l.id === 1)!.amount_cents).toBe(10_000);
    expect(back.unsent).toBe(2);
    expect(back.inFlight.has(1)).toBe(false);

    // The pull brings the server's copy of the new line: the key moves, so the figure is read again.
    await applyPage(db, page({ changes: { plan_costs: [line(40, 5, { amount_cents: 5_000 })] } }));
    expect((await readPlanCosts(db, 5)).serverKey).not.toBe(first.serverKey);
  });
});

/**
 * A plan's net profit after 100,000 new order lines: on the ledger bench's server (its 100,000
 * creators), a plan of PLAN_MONEY_CREATORS (default 1,000) creators with samples shipped gets
 * PLAN_MONEY_LINES (default 100,000) new order lines of its product, written straight into the
 * store as an import leaves them (the import itself is timed by bench/import.ts). Measured: from the
 * lines being there to POST /plan/money answering the new net profit (checked to the cent), the first
 * call (nothing of the plan's lines read before) and then PLAN_MONEY_SAMPLES warm calls.
 */
import path from 'node:path';
import SQLite from '../server/db/sqlite-native.ts';
import type { RunningServer } from '../tests/helpers/server-process.ts';
import { percentile } from './gen.ts';
import type { seedCreators } from './seed-server.ts';
import type { Row } from './report.ts';
import { cpuOf } from './shop-sync.ts';

type Say = (title: string, rows: Row[], note?: string) => void;
/** What the ledger bench's seedLedger (bench/ledger.ts) made: the workspace's sign-in, the creator with two years of ledger, its plan. */
export interface LedgerSeed {
  who: Awaited<ReturnType<typeof seedCreators>>;
  creatorId: number;
  planId: number;
  /** POST or PUT to the API as the seeded member; answers `data`, throws on any other code. */
  send: (method: string, p: string, body: Record<string, unknown>) => Promise<any>;
}

export const PLAN_MONEY_TITLE = "Plan's net profit after 100,000 new order lines";
const CREATORS = Number(process.env.PLAN_MONEY_CREATORS ?? 1_000);
const LINES = Number(process.env.PLAN_MONEY_LINES ?? 100_000);
const SAMPLES = Number(process.env.PLAN_MONEY_SAMPLES ?? 5);
const DAY = 86_400;
const START = Date.parse('2026-06-01T12:00:00Z') / 1000;
const PRODUCT = '1729000000000088888';
const SAMPLE_CENTS = 2_500;

export async function benchPlanMoney(
  server: RunningServer,
  seed: LedgerSeed,
  say: Say,
  loadavg: () => string,
): Promise<void> {
  const { send, who } = seed;
  const db = new SQLite(path.join(server.dataDir, 'creatordesk.sqlite'));
  db.pragma('busy_timeout = 10000');
  const creators = db
    .prepare(
      "select id, unique_id from creators where workspace_id = ? and country = 'US' and id != ? limit ?",
    )
    .all(who.workspaceId, seed.creatorId, CREATORS) as { id: number; unique_id: string }[];
  await send('POST', '/product/add', {
    country: 'US',
    productId: PRODUCT,
    productTitle: 'Bench kettle',
    productImage: 'https://example.com/kettle.png',
  }).catch(() => undefined);
  const productRow = db
    .prepare('select id from products where workspace_id = ? and product_id = ?')
    .get(who.workspaceId, PRODUCT) as { id: number };
  const plan = await send('POST', '/plan/add', {
    name: 'Hundred thousand lines',
    country: 'US',
    product_ids: [productRow.id],
    sample_cost: 20,
    shipping_cost: 5,
  });
  for (let i = 0; i < creators.length; i += 1_000) {
    const ids = creators.slice(i, i + 1_000).map((c) => c.id);
    await send('POST', '/plan/creator.add', { plan_id: plan.id, creator_ids: ids });
    await send('PUT', '/plan/creator.stage', { plan_id: plan.id, creator_ids: ids, stage: 'shipped' });
  }
  const before = await send('POST', '/plan/money', { plan_id: plan.id });

  const insert = db.prepare(
    `insert into orders (workspace_id, layout, order_id, sku_id, content_id, product_id, creator, country,
      currency, status, quantity, void, created_time, add_time, update_time, gmv, commission)
     values (?, 'affiliate', ?, '1', '', ?, ?, 'US', 'USD', 'Settled', 1, 0, ?, ?, ?, ?, ?)`,
  );
  let gmvCents = 0;
  let commissionCents = 0;
  db.transaction(() => {
    for (let i = 0; i < LINES; i++) {
      const t = START + Math.floor((i * 90 * DAY) / LINES);
      const gmv = 10 + (i % 97);
      gmvCents += gmv * 100;
      commissionCents += gmv * 10;
      insert.run(
        who.workspaceId,
        `59${String(i).padStart(12, '0')}`,
        PRODUCT,
        creators[i % creators.length]!.unique_id,
        t,
        t,
        t,
        gmv,
        gmv / 10,
      );
    }
  })();
  db.close();
  const netCents = gmvCents - commissionCents - creators.length * SAMPLE_CENTS;

  const times: number[] = [];
  let firstCpu = 0;
  for (let i = 0; i <= SAMPLES; i++) {
    const cpu0 = cpuOf(server.proc.pid!);
    const t0 = performance.now();
    const data = await send('POST', '/plan/money', { plan_id: plan.id });
    times.push(performance.now() - t0);
    if (i === 0) firstCpu = cpuOf(server.proc.pid!) - cpu0;
    if (Math.round(data.total.net * 100) !== netCents || Math.round(before.total.net * 100) === netCents)
      throw new Error(`/plan/money answered net ${data.total.net}, expected ${netCents / 100}`);
  }
  const [first, ...warm] = times as [number, ...number[]];
  say(
    PLAN_MONEY_TITLE,
    [
      {
        measure: 'lines stored → POST /plan/money answers the new net profit (SQLite)',
        'plan creators': creators.length.toLocaleString('en-US'),
        'new lines': LINES.toLocaleString('en-US'),
        'first answer': `${(first / 1000).toFixed(2)} s`,
        [`then p50 (${warm.length})`]: `${(percentile(warm, 50) / 1000).toFixed(2)} s`,
        'first: server CPU': `${(firstCpu / 1000).toFixed(2)} s`,
        target: '≤ 2 s',
        met: first <= 2_000 ? 'yes' : 'no',
        load: loadavg(),
      },
    ],
    "On the ledger bench's server (100,000 creators). The lines are written into the store as an import leaves them (the import's own time is in the import section); the answer is checked to the cent against the lines written. First answer: the first /plan/money after the lines arrived.",
  );
}

/**
 * The ledger on the creator page: a real server (SQLite) with LEDGER_CREATORS (default 100,000)
 * creators, one of them in a plan with two years of money: LEDGER_LINES (default 10,000) ledger
 * lines: order lines of the plan's product (a third attributed to one of 20 videos), the 20 videos
 * posted, 24 retainer months, fixed fees and ad spend. Measured: opening the ledger = the PWA's
 * first call (POST /plan/ledger {creator_id, limit: LEDGER_VIEW_PAGE}: the whole ledger's totals,
 * weekly and per-video GMV summed on the server, and the first page of lines) from the request to
 * the parsed answer, over HTTP from Node, LEDGER_SAMPLES times. The screen then draws only the rows
 * in view (virtualized) and asks for the next page as it is scrolled, which this does not include.
 */
import path from 'node:path';
import SQLite from '../server/db/sqlite-native.ts';
import { startServer, type RunningServer } from '../tests/helpers/server-process.ts';
import { LEDGER_VIEW_PAGE } from '../contract/limits.ts';
import { percentile } from './gen.ts';
import { benchPlanMoney, type LedgerSeed } from './plan-money.ts';
import { cpuOf } from './shop-sync.ts';
import type { Row } from './report.ts';
import { apiPoster, seedCreators } from './seed-server.ts';

type Say = (title: string, rows: Row[], note?: string) => void;
export const LEDGER_TITLE = 'Ledger: a creator page with two years of ledger';
const CREATORS = Number(process.env.LEDGER_CREATORS ?? 100_000);
const LINES = Number(process.env.LEDGER_LINES ?? 10_000);
const SAMPLES = Number(process.env.LEDGER_SAMPLES ?? 20);
const DAY = 86_400;
const START = Date.parse('2024-03-01T12:00:00Z') / 1000;

/** CREATORS creators, one of them with LINES ledger lines in a plan (see the file's comment). */
export async function seedLedger(
  server: RunningServer,
  creators = CREATORS,
  ledgerLines = LINES,
): Promise<LedgerSeed> {
  const who = await seedCreators(server.dataDir, creators);
  const post = apiPoster(server.url, who.token);
  const send = async (method: string, p: string, body: Record<string, unknown>) => {
    const res = await fetch(`${server.url}/api/v0.1${p}?language=en-us`, {
      method,
      headers: { token: who.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const out = (await res.json()) as { code: number; msg: string; data: any };
    if (out.code !== 200) throw new Error(`${p}: ${out.msg}`);
    return out.data;
  };
  const db = new SQLite(path.join(server.dataDir, 'creatordesk.sqlite'));
  db.pragma('busy_timeout = 10000');
  const creator = db
    .prepare("select id, unique_id from creators where workspace_id = ? and country = 'US' limit 1")
    .get(who.workspaceId) as { id: number; unique_id: string };
  const product = await post('/product/add', {
    country: 'US',
    productId: '1729000000000099999',
    productTitle: 'Bench lamp',
    productImage: 'https://example.com/lamp.png',
  });
  if (product.code !== 200) throw new Error(product.msg);
  const productRow = db
    .prepare("select id from products where workspace_id = ? and product_id = '1729000000000099999'")
    .get(who.workspaceId) as { id: number };
  const plan = await send('POST', '/plan/add', {
    name: 'Two years',
    country: 'US',
    product_ids: [productRow.id],
    sample_cost: 20,
    shipping_cost: 5,
  });
  await send('POST', '/plan/creator.add', { plan_id: plan.id, creator_ids: [creator.id] });
  await send('PUT', '/plan/creator.stage', {
    plan_id: plan.id,
    creator_ids: [creator.id],
    stage: 'shipped',
  });
  const videos: { id: number; video_id: string }[] = [];
  for (let i = 0; i < 20; i++) {
    const video_id = `7330000000000${String(i).padStart(6, '0')}`;
    const row = await send('POST', '/content/add', {
      country: 'US',
      link: `https://www.tiktok.com/@${creator.unique_id}/video/${video_id}`,
      plan_id: plan.id,
    });
    videos.push({ id: row.id, video_id });
  }
  await send('POST', '/plan/cost.add', {
    plan_id: plan.id,
    creator_id: creator.id,
    kind: 'retainer',
    amount: 500,
    start_date: '2024-03-01',
    end_date: '2026-02-28',
  });
  const costs = 50;
  for (let i = 0; i < costs; i++)
    await send('POST', '/plan/cost.add', {
      plan_id: plan.id,
      creator_id: creator.id,
      ...(i % 2
        ? { kind: 'fee', amount: 40 }
        : { kind: 'ad', amount: 25.5, content_id: videos[i % 20]!.id, channel: 'spark' }),
      start_date: new Date((START + i * 14 * DAY) * 1000).toISOString().slice(0, 10),
    });
  // The rest of the lines are sales over the two years.
  const sales = ledgerLines - 1 - 20 - 24 - costs;
  const insert = db.prepare(
    `insert into orders (workspace_id, layout, order_id, sku_id, content_id, product_id, creator, country,
        currency, status, quantity, void, created_time, add_time, update_time, gmv, commission)
       values (?, 'affiliate', ?, '1', ?, '1729000000000099999', ?, 'US', 'USD', 'Settled', 1, 0, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < sales; i++) {
      const t = START + Math.floor((i * 730 * DAY) / sales);
      const gmv = 10 + (i % 97);
      insert.run(
        who.workspaceId,
        `58${String(i).padStart(12, '0')}`,
        i % 3 ? '' : videos[i % 20]!.video_id,
        creator.unique_id,
        t,
        t,
        t,
        gmv,
        gmv / 10,
      );
    }
  })();
  db.close();
  return { who, creatorId: creator.id, planId: plan.id, send };
}

export async function benchLedger(say: Say, loadavg: () => string): Promise<void> {
  const server = await startServer({ SEED_DEMO: '0' });
  try {
    const seed = await seedLedger(server);
    const { creatorId, send } = seed;
    const times: number[] = [];
    let lines = 0;
    let cpu0 = 0;
    for (let i = 0; i < SAMPLES + 2; i++) {
      if (i === 2) cpu0 = cpuOf(server.proc.pid!);
      const t0 = performance.now();
      const data = await send('POST', '/plan/ledger', { creator_id: creatorId, limit: LEDGER_VIEW_PAGE });
      const took = performance.now() - t0;
      lines = data.lines_total;
      if (data.lines.length !== Math.min(LEDGER_VIEW_PAGE, lines) || lines !== LINES || !data.weeks.length)
        throw new Error(`ledger answered ${data.lines.length} of ${lines} lines, ${data.weeks.length} weeks`);
      if (i >= 2) times.push(took); // two warm-ups: the first reads cold pages
    }
    const serverCpu = (cpuOf(server.proc.pid!) - cpu0) / SAMPLES;
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    say(
      LEDGER_TITLE,
      [
        {
          measure: `open the ledger: POST /plan/ledger {creator_id, limit: ${LEDGER_VIEW_PAGE}} → parsed answer (SQLite)`,
          creators: CREATORS.toLocaleString('en-US'),
          lines: lines.toLocaleString('en-US'),
          p50: `${p50.toFixed(0)} ms`,
          p95: `${p95.toFixed(0)} ms`,
          'server CPU per call': `${serverCpu.toFixed(0)} ms`,
          target: '≤ 100 ms',
          met: p95 <= 100 ? 'yes' : 'no',
          load: loadavg(),
        },
      ],
      `${SAMPLES} samples after two warm-ups, over HTTP from Node to a local server. The screen's first answer: the whole ledger's totals and GMV per week and per video summed in the database, and the first ${LEDGER_VIEW_PAGE} lines with their running totals; JSON both ways; not the browser's drawing (the list is virtualized and asks for the next page as it is scrolled).`,
    );
    // A plan's net profit after 100,000 new order lines, on the same server.
    await benchPlanMoney(server, seed, say, loadavg);
  } finally {
    await server.stop();
  }
}

/**
 * Shop sync bench (targets: a first sync of 100,000 affiliate order lines ≤ 60 s end to end; an
 * incremental sync of 1,000 changed lines ≤ 5 s; the sync job's memory flat, ≤ 100 MB growth, at
 * 1,000,000 lines). The TikTok Shop simulator listens in this process; the server is a real process
 * (`server/main.ts` as the tests start it) on SQLite and on PostgreSQL (the test cluster), connected to the simulator
 * through its own routes (credentials.save, authorize, callback). The workspace holds the shop's
 * creators and a plan carrying its products, so sums and plan stages move as for a real seller.
 *
 * First sync: from the callback (which makes every kind due) until the orders kind reports success
 * with every line stored. Incremental: 1,000 lines of recent orders refunded in the simulator, then
 * POST /shop/sync.now until the orders kind succeeds again. Memory: the server process's RSS (from
 * /proc) sampled every 250 ms during the sync, and its heap after a full collection, sampled every
 * second inside the server (bench/heap-probe.mjs): what the sync holds, apart from what V8 keeps.
 *
 * SHOP_SYNC_LINES (default 100000), SHOP_SYNC_ENGINES (default sqlite,postgres), SHOP_SYNC_RUNS
 * (default 1; 0 with SHOP_SYNC_BIG=1 runs only the big one), SHOP_SYNC_BIG=1 adds the 1,000,000-line
 * memory run (several minutes per engine).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { defaultSellers } from '../server/integrations/tiktok-shop/simulator/config.ts';
import { buildTikTokSimulator } from '../server/integrations/tiktok-shop/simulator/simulator.ts';
import { ensurePgCluster, PG_ADMIN_URL } from '../tests/helpers/pg-cluster.ts';
import { startServer, type RunningServer } from '../tests/helpers/server-process.ts';
import { signInDirect } from '../tests/helpers/sync-fixtures.ts';
import { openFor } from '../tests/reliability/accounts.ts';
import { ENGINE_NAME, type Row } from './report.ts';

type Say = (title: string, rows: Row[], note?: string) => void;

export const SHOP_SYNC_TITLE = 'Shop sync from the TikTok Shop simulator';
const FIRST_TARGET_S = 60;
const INCR_TARGET_S = 5;
const MEM_TARGET_MB = 100;
const MB = 1024 * 1024;
const SECRETS_KEY = '5e'.repeat(32);
const CREATORS = 300;

const rssOf = (pid: number): number => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
};
/** User + system CPU time of a process, in ms (/proc/pid/stat, clock ticks of 10 ms). */
export const cpuOf = (pid: number): number => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const ownCpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (b: number) => `${(b / MB).toFixed(1)} MB`;
const ms = (x: number) => `${Math.round(x)} ms`;

interface Store {
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function pgAdmin(q: string) {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL });
  await c.connect();
  try {
    await c.query(q);
  } finally {
    await c.end();
  }
}

async function makeStore(engine: 'sqlite' | 'postgres'): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-shop-'));
  const rmDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === 'sqlite') return { env: { DATA_DIR: dataDir }, drop: rmDir };
  ensurePgCluster();
  const name = `bench_shop_${Date.now()}`;
  await pgAdmin(`create database ${name}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: PG_ADMIN_URL.replace(/\/[^/]*$/, `/${name}`) },
    drop: async () => {
      await rmDir();
      await pgAdmin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** The probe's samples (bench/heap-probe.mjs): epoch ms, heap used after GC. */
const heapSamples = (file: string): { t: number; heap: number }[] => {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => l.split(' ').map(Number))
    .map(([t, heap]) => ({ t: t!, heap: heap! }));
};

/** Starts the server with the heap probe preloaded (SERVER_NODE_FLAGS is what startServer reads). */
async function startProbed(env: Record<string, string>, probeFile: string): Promise<RunningServer> {
  const flags = process.env.SERVER_NODE_FLAGS;
  process.env.SERVER_NODE_FLAGS = `${flags ?? ''} --expose-gc --import ./bench/heap-probe.mjs`.trim();
  try {
    return await startServer({ ...env, HEAP_PROBE_FILE: probeFile, HEAP_PROBE_MS: '1000' });
  } finally {
    if (flags === undefined) delete process.env.SERVER_NODE_FLAGS;
    else process.env.SERVER_NODE_FLAGS = flags;
  }
}

/** Waits until the probe has written a sample at or after `t` (epoch ms). */
async function probeAfter(file: string, t: number) {
  for (let i = 0; i < 100; i++) {
    const last = heapSamples(file).at(-1);
    if (last && last.t >= t) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the heap probe wrote no sample (is --expose-gc passed?)');
}

interface RunResult {
  lines: number;
  firstMs: number;
  incrMs: number;
  incrChanged: number;
  incrStored: number;
  /** CPU ms of the server process and of this process (the simulator) during each sync. */
  firstCpu: readonly [number, number];
  incrCpu: readonly [number, number];
  rssBefore: number;
  rssPeak: number;
  /** Heap after GC just before connecting, its peak during the first sync, and after it. */
  heapBefore: number;
  heapPeak: number;
  heapAfter: number;
  /** The longest a list request (POST /blogger/lists, sent one after another) took during the first sync. */
  listWaitMs: number;
  sums: number;
  selling: number;
}

/** One store, one simulator, one server: the first sync, then an incremental one. */
async function runOnce(
  engine: 'sqlite' | 'postgres',
  lines: number,
  incremental: boolean,
): Promise<RunResult> {
  const handles = Array.from({ length: CREATORS }, (_, i) => `bench.creator${i}`);
  const [seller] = defaultSellers(lines);
  const shop = { ...seller!.shops[0]!, samples: 40, products: 10 };
  const sim = buildTikTokSimulator({
    seed: 42,
    consent: 'approve',
    sellers: [{ ...seller!, shops: [shop] }],
    creators: handles.map((handle) => ({ handle, country: 'US' })),
    qps: { 'samples.search': null },
  });
  const base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
  const store = await makeStore(engine);
  let server: RunningServer | undefined;
  const database = await openFor(store.env.DATA_DIR!, store.env.DATABASE_URL);
  const probeFile = path.join(store.env.DATA_DIR!, 'heap-probe.txt');
  try {
    const who = await signInDirect(database.db);
    server = await startProbed(
      {
        ...store.env,
        SEED_DEMO: '0',
        DEMO_SHOP: '0',
        TTS_API_BASE: base,
        TTS_AUTH_BASE: base,
        TTS_CONSENT_BASE: base,
        TTS_CONSENT_BASE_US: base,
        SHOP_SYNC_TICK_SECONDS: '1',
        SECRETS_KEY,
      },
      probeFile,
    );
    const call = async (method: string, p: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${server!.url}/api/v0.1${p}?language=en-us`, {
        method,
        headers: { token: who.token, 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        redirect: 'manual',
      });
      return res;
    };
    const ok = async (p: string, body: unknown) => {
      const j = (await (await call('POST', p, body)).json()) as { code: number; msg: string; data: any };
      if (j.code !== 200) throw new Error(`${p}: ${j.code} ${j.msg}`);
      return j.data;
    };
    // The shop's creators in the workspace, and a plan carrying its products (stages move to selling).
    for (let i = 0; i < handles.length; i += 100)
      await ok('/blogger/ingest', {
        country: 'US',
        creators: handles.slice(i, i + 100).map((unique_id) => ({ unique_id })),
      });
    const info = sim.control.shop(shop.id);
    const ids = (
      await database.db
        .selectFrom('creators')
        .select('id')
        .where('workspace_id', '=', who.workspaceId)
        .execute()
    ).map((c) => Number(c.id));
    for (const p of info.products)
      await ok('/product/add', {
        country: 'US',
        productId: p.id,
        productTitle: p.title,
        productImage: 'https://example.com/p.png',
      });
    const productRows = await database.db
      .selectFrom('products')
      .select('id')
      .where('workspace_id', '=', who.workspaceId)
      .execute();
    const plan = (await ok('/plan/add', {
      name: 'Bench plan',
      country: 'US',
      product_ids: productRows.map((p) => Number(p.id)),
    })) as { id: number };
    for (let i = 0; i < ids.length; i += 100)
      await ok('/plan/creator.add', { plan_id: plan.id, creator_ids: ids.slice(i, i + 100) });

    // Connect: the app saved, a consent started, the code exchanged by the callback.
    const { appKey, appSecret, serviceId } = sim.control.app;
    await ok('/shop/credentials.save', { app_key: appKey, app_secret: appSecret, service_id: serviceId });
    const auth = await fetch(`${server.url}/api/v0.1/shop/authorize`, {
      method: 'POST',
      headers: { token: who.token, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'us=1&language=en-us',
    });
    const url = ((await auth.json()) as { data: { url: string } }).data.url;
    const state = new URL(url).searchParams.get('state') ?? '';
    const cookie = String(auth.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const code = sim.control.createAuthCode();
    const pid = server.proc.pid!;
    await probeAfter(probeFile, Date.now());
    const heapBefore = heapSamples(probeFile).at(-1)!.heap;
    const rssBefore = rssOf(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      try {
        rssPeak = Math.max(rssPeak, rssOf(pid));
      } catch {
        /* process gone */
      }
    }, 250);
    const orders = () =>
      database.db
        .selectFrom('shop_sync_state')
        .select(['connection_id', 'last_success_at', 'lines_synced', 'last_error_code', 'last_error_message'])
        .where('kind', '=', 'orders')
        .executeTakeFirst();
    const waitSuccess = async (after: number, limitMs: number) => {
      const t0 = Date.now();
      for (;;) {
        const st = await orders();
        if (st && Number(st.last_success_at ?? 0) >= after && st.last_success_at) return st;
        if (st?.last_error_code && st.last_error_code !== 'items_skipped')
          throw new Error(`orders sync failed: ${st.last_error_code} ${st.last_error_message}`);
        if (Date.now() - t0 > limitMs) throw new Error('orders sync did not finish in time');
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const t0 = Date.now();
    const cpu0 = [cpuOf(pid), ownCpu()];
    const back = await fetch(
      `${server.url}/api/v0.1/shop/callback?${new URLSearchParams({ code, state }).toString()}`,
      { headers: { cookie }, redirect: 'manual' },
    );
    if (back.status >= 400) throw new Error(`callback: ${back.status}`);
    // A member's list request during the first sync, one after another: the longest one is how long
    // the sync kept the server (its one SQLite connection, its event loop) from answering.
    let listWaitMs = 0;
    let syncing = true;
    const lists = (async () => {
      while (syncing) {
        const t = Date.now();
        await ok('/blogger/lists', { country: 'US', page: 1, limit: 20 });
        listWaitMs = Math.max(listWaitMs, Date.now() - t);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const st = await waitSuccess(1, 3_600_000).finally(() => (syncing = false));
    const firstMs = Date.now() - t0;
    await lists;
    const firstCpu = [cpuOf(pid) - cpu0[0]!, ownCpu() - cpu0[1]!] as const;
    const firstEnd = Date.now();
    await probeAfter(probeFile, firstEnd);
    const during = heapSamples(probeFile).filter((x) => x.t >= t0 && x.t <= firstEnd);
    const heapPeak = Math.max(heapBefore, ...during.map((x) => x.heap));
    const heapAfter = heapSamples(probeFile).at(-1)!.heap;
    const stored = await database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('workspace_id', '=', who.workspaceId)
      .executeTakeFirstOrThrow();
    if (Number(stored.n) !== lines) throw new Error(`stored ${stored.n} lines, expected ${lines}`);
    let incrMs = 0;
    let incrChanged = 0;
    let incrStored = 0;
    let incrCpu: readonly [number, number] = [0, 0];
    if (incremental) {
      const changed = await sim.control.changeOrderLines(shop.id, { count: 1000, kind: 'refund' });
      incrChanged = changed.length;
      const before = Number((await orders())!.lines_synced);
      // last_success_at is in whole seconds: start the sync in a later second than the first one ended.
      while (Math.floor(Date.now() / 1000) <= Number(st.last_success_at))
        await new Promise((r) => setTimeout(r, 50));
      const t1 = Date.now();
      const cpu1 = [cpuOf(pid), ownCpu()];
      const now = await call('POST', '/shop/sync.now', { id: Number(st.connection_id), kind: 'orders' });
      if (!now.ok) throw new Error(`sync.now: ${now.status}`);
      const done = await waitSuccess(Math.floor(t1 / 1000), 600_000);
      incrMs = Date.now() - t1;
      incrCpu = [cpuOf(pid) - cpu1[0]!, ownCpu() - cpu1[1]!];
      // At least the refunded lines; a few more when orders settled meanwhile (the world clock is real).
      incrStored = Number(done.lines_synced) - before;
      if (incrStored < incrChanged)
        throw new Error(`incremental stored ${incrStored} lines, expected at least ${incrChanged}`);
    }
    clearInterval(sampler);
    const sums = await database.db
      .selectFrom('creator_sales')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('workspace_id', '=', who.workspaceId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    const selling = await database.db
      .selectFrom('plan_creators')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('plan_id', '=', plan.id)
      .where('stage', '=', 'selling')
      .executeTakeFirstOrThrow();
    return {
      lines,
      firstMs,
      listWaitMs,
      incrMs,
      incrChanged,
      incrStored,
      firstCpu,
      incrCpu,
      rssBefore,
      rssPeak,
      heapBefore,
      heapPeak,
      heapAfter,
      sums: Number(sums.n),
      selling: Number(selling.n),
    };
  } finally {
    await server?.stop();
    await database.close();
    await sim.app.close();
    await store.drop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchShopSync(say: Say, load: () => string): Promise<void> {
  const lines = Number(process.env.SHOP_SYNC_LINES ?? 100_000);
  const runs = Number(process.env.SHOP_SYNC_RUNS ?? 1);
  const engines = (process.env.SHOP_SYNC_ENGINES ?? 'sqlite,postgres').split(',') as (
    'sqlite' | 'postgres'
  )[];
  const rows: Row[] = [];
  // SHOP_SYNC_RUNS=0 with SHOP_SYNC_BIG=1: only the 1,000,000-line memory run.
  for (const engine of runs > 0 ? engines : []) {
    const results: RunResult[] = [];
    for (let r = 0; r < runs; r++) {
      const res = await runOnce(engine, lines, true);
      console.log(
        `  ${engine} run ${r + 1}: first ${sec(res.firstMs)}, incremental ${sec(res.incrMs)} (${res.incrStored} lines stored), CPU server/simulator first ${sec(res.firstCpu[0])}/${sec(res.firstCpu[1])}, incremental ${sec(res.incrCpu[0])}/${sec(res.incrCpu[1])}, RSS ${mb(res.rssBefore)} → ${mb(res.rssPeak)}, heap after GC ${mb(res.heapBefore)} → peak ${mb(res.heapPeak)} → after ${mb(res.heapAfter)}, longest list request ${ms(res.listWaitMs)}`,
      );
      results.push(res);
    }
    const first = median(results.map((x) => x.firstMs));
    const incr = median(results.map((x) => x.incrMs));
    const growth = median(results.map((x) => x.rssPeak - x.rssBefore));
    rows.push({
      engine: ENGINE_NAME[engine]!,
      'order lines': lines.toLocaleString('en-US'),
      runs: results.length,
      'first sync (median)': sec(first),
      'first target':
        first <= FIRST_TARGET_S * 1000 ? `≤ ${FIRST_TARGET_S} s met` : `≤ ${FIRST_TARGET_S} s ⚠`,
      'incremental (1,000 changed)': sec(incr),
      'incremental target':
        incr <= INCR_TARGET_S * 1000 ? `≤ ${INCR_TARGET_S} s met` : `≤ ${INCR_TARGET_S} s ⚠`,
      'all runs (first / incremental)': results.map((x) => `${sec(x.firstMs)} / ${sec(x.incrMs)}`).join(', '),
      'server CPU (first / incremental)': `${sec(median(results.map((x) => x.firstCpu[0])))} / ${sec(median(results.map((x) => x.incrCpu[0])))}`,
      'simulator CPU (first / incremental)': `${sec(median(results.map((x) => x.firstCpu[1])))} / ${sec(median(results.map((x) => x.incrCpu[1])))}`,
      'longest list request during the first sync': ms(median(results.map((x) => x.listWaitMs))),
      'server RSS growth': mb(growth),
      'server heap after GC: growth (before → peak → after first sync)': results
        .map(
          (x) =>
            `${mb(x.heapPeak - x.heapBefore)} (${mb(x.heapBefore)} → ${mb(x.heapPeak)} → ${mb(x.heapAfter)})`,
        )
        .join(', '),
      'sums rows': results[0]!.sums,
      'plan creators selling': results[0]!.selling,
      load: load(),
    });
  }
  if (process.env.SHOP_SYNC_BIG === '1')
    for (const engine of engines) {
      const res = await runOnce(engine, 1_000_000, false);
      const growth = res.rssPeak - res.rssBefore;
      rows.push({
        engine: ENGINE_NAME[engine]!,
        'order lines': (1_000_000).toLocaleString('en-US'),
        runs: 1,
        'first sync (median)': sec(res.firstMs),
        'longest list request during the first sync': ms(res.listWaitMs),
        'server RSS growth': `${mb(growth)} (${mb(res.rssBefore)} → ${mb(res.rssPeak)})`,
        'server heap after GC: growth (before → peak → after first sync)': `${mb(res.heapPeak - res.heapBefore)} (${mb(res.heapBefore)} → ${mb(res.heapPeak)} → ${mb(res.heapAfter)})`,
        'memory target':
          growth <= MEM_TARGET_MB * MB ? `≤ ${MEM_TARGET_MB} MB met` : `≤ ${MEM_TARGET_MB} MB ⚠`,
        'sums rows': res.sums,
        load: load(),
      });
    }
  say(
    SHOP_SYNC_TITLE,
    rows,
    'A real server process per run (fresh store), the simulator in the bench process (its shop: one US shop, ' +
      `${CREATORS} creators and 10 products, every creator in the workspace and in a plan carrying the products). First sync: callback → ` +
      'orders kind done (every kind of the shop runs). Incremental: 1,000 lines refunded, then POST /shop/sync.now. ' +
      'RSS growth = peak during the sync − RSS before connecting; heap after GC: the server V8 heap after a full ' +
      'collection, sampled every second in the server (bench/heap-probe.mjs), growth = its peak during the first sync − before connecting. Longest list request: POST /blogger/lists (20 rows) sent one after another (100 ms apart) by the member during the first sync, the slowest answer. SHOP_SYNC_BIG=1 adds the 1,000,000-line memory run.',
  );
}

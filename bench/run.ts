/**
 * `npm run bench`: the local-first engine's figures, printed as tables and written to
 * docs/benchmarks.md. Sizes: BENCH_ROWS (first sync, default 100000), BENCH_BIG (query engine,
 * default 1000000). Set BENCH_SKIP_BROWSER=1 to run only the Node parts.
 *
 * 1. Query engine in Node (the code the query worker runs).
 * 2. A real server (server/main.ts as the tests start it, SQLite) seeded with BENCH_ROWS creators; sync pages
 *    pulled from Node (server + HTTP only).
 * 3. Headless Chromium: first sync into IndexedDB through the real sync engine in a worker,
 *    then the query source loading blocks (= ready to query); query engine over generated rows
 *    at both sizes; round trips across postMessage; POST /blogger/lists vs the local answer.
 * Then the Home screen (home.ts), exports (export.ts), import (import.ts), and the server's
 * creator list on SQLite and PostgreSQL at 1,000,000 creators with sync pull (lists.ts), and
 * 100 connections of mixed calls for 60 s on each engine (load.ts), and Lighthouse on the delivered
 * PWA (lighthouse.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import { spliceSections, stampHeader, table, type Row } from './report.ts';
import { benchEngine, ENGINE_FIRST, ENGINE_LAST } from './engine.ts';
import { benchExport } from './export.ts';
import { benchHome, HOME_TITLE } from './home.ts';
import { benchImport, IMPORT_TITLE } from './import.ts';
import { benchLists, LISTS_TITLE } from './lists.ts';
import { benchOverdue, OVERDUE_TITLE } from './overdue.ts';
import { benchLoad, LOAD_TITLE } from './load.ts';
import { benchLighthouse, LIGHTHOUSE_TITLE } from './lighthouse.ts';
import { benchLive, LIVE_TITLE } from './live.ts';
import { benchPlans, PLANS_TITLE } from './plans.ts';
import { benchLookalike, LOOKALIKE_TITLE } from './lookalike.ts';
import { benchExtension, EXTENSION_TITLE } from './extension.ts';
import { benchShopSync, SHOP_SYNC_TITLE } from './shop-sync.ts';
import { benchFirstSync, FIRST_SYNC_TITLE } from './first-sync.ts';
import { benchLedger, LEDGER_TITLE } from './ledger.ts';
import { PLAN_MONEY_TITLE } from './plan-money.ts';

const sections: string[] = [];
const say = (title: string, rows: Row[], note = '') => {
  const text = table(title, rows, note);
  console.log(text);
  sections.push(text);
};
const load = () => os.loadavg()[0]!.toFixed(1);

console.log(`CreatorDesk bench: ${os.cpus().length} cores, load average ${load()}`);

// BENCH_ONLY=engine|export|home|import|lists|load|lighthouse|live|plans|lookalike|extension|shop|firstsync|ledger|overdue: only that part, its sections replaced in place in docs/benchmarks.md.
const ONLY = {
  engine: { run: benchEngine, first: ENGINE_FIRST, last: ENGINE_LAST },
  export: { run: benchExport, first: 'Server export', last: 'Offline "export this view"' },
  home: { run: benchHome, first: HOME_TITLE, last: HOME_TITLE },
  import: { run: benchImport, first: IMPORT_TITLE, last: IMPORT_TITLE },
  lists: { run: benchLists, first: LISTS_TITLE, last: LISTS_TITLE },
  load: { run: benchLoad, first: LOAD_TITLE, last: LOAD_TITLE },
  lighthouse: { run: benchLighthouse, first: LIGHTHOUSE_TITLE, last: LIGHTHOUSE_TITLE },
  live: { run: benchLive, first: LIVE_TITLE, last: LIVE_TITLE },
  plans: { run: benchPlans, first: PLANS_TITLE, last: PLANS_TITLE },
  lookalike: { run: benchLookalike, first: LOOKALIKE_TITLE, last: LOOKALIKE_TITLE },
  extension: { run: benchExtension, first: EXTENSION_TITLE, last: EXTENSION_TITLE },
  shop: { run: benchShopSync, first: SHOP_SYNC_TITLE, last: SHOP_SYNC_TITLE },
  firstsync: { run: benchFirstSync, first: FIRST_SYNC_TITLE, last: FIRST_SYNC_TITLE },
  ledger: { run: benchLedger, first: LEDGER_TITLE, last: PLAN_MONEY_TITLE },
  overdue: { run: benchOverdue, first: OVERDUE_TITLE, last: OVERDUE_TITLE },
};
/** Whether a part drives Chromium (BENCH_SKIP_BROWSER=1 leaves it out of a full run). */
const BROWSER_PARTS = new Set(['home', 'plans', 'extension', 'firstsync', 'lighthouse']);
/** A full run's order (the order of docs/benchmarks.md). */
const ORDER: (keyof typeof ONLY)[] = [
  'engine', // queries in Node, sync pulls, and in Chromium the first sync, the worker and server vs local
  'home', // the Home screen: the real PWA against its own seeded server
  'export', // the server's XLSX job and the offline view export
  'import', // a 100,000-row CSV through the import code, from Node and through the dialog
  'lists', // the server's lists at 1,000,000 creators on SQLite and PostgreSQL, and sync pull
  'load', // 100 connections for 60 s on one server process, each engine
  'live', // change → another member's mirror, and 1,000 open streams, on each engine
  'plans', // a stage change on the board of a 10,000-creator plan
  'lookalike', // top 50 among 100k and 1M creators in the query engine
  'shop', // 100,000 order lines from the TikTok Shop simulator, then 1,000 changed, each engine
  'ledger', // two years of one creator among 100,000; a plan's net profit after 100,000 new lines
  'overdue', // samples without content over 50,000 samples
  'extension', // harvest of a search page, and badges for 100 creators
  'firstsync', // the first sync of 20,000 creators on /home at 4× CPU: long tasks, and keys typed meanwhile
  'lighthouse', // Lighthouse on /, /login and /home, and the JavaScript each cold load transfers
];

/**
 * Runs one part and puts its sections in place in docs/benchmarks.md (spliceSections: the hand-written
 * notes under and between them stay), so a run that stops half-way keeps the parts it finished.
 */
async function runPart(name: keyof typeof ONLY): Promise<void> {
  const part = ONLY[name];
  sections.length = 0;
  await part.run(say, load);
  const doc = fs.existsSync('docs/benchmarks.md') ? fs.readFileSync('docs/benchmarks.md', 'utf8') : '';
  fs.mkdirSync('docs', { recursive: true });
  fs.writeFileSync('docs/benchmarks.md', spliceSections(doc, sections.join('\n'), part.first, part.last));
  console.log(`written docs/benchmarks.md (${name})`);
}

const only = process.env.BENCH_ONLY;
if (only) {
  if (!(only in ONLY)) throw new Error(`BENCH_ONLY must be one of ${Object.keys(ONLY).join(', ')}`);
  await runPart(only as keyof typeof ONLY);
  process.exit(0);
}

for (const name of ORDER) {
  if (BROWSER_PARTS.has(name) && process.env.BENCH_SKIP_BROWSER === '1') continue;
  await runPart(name);
}
const measured = `Measured ${new Date().toISOString()} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? ''}); the load average column shows other work on the machine at the time. Each part's run replaces its own tables and notes; notes written by hand stay when they sit under a \`### \` heading of their own.`;
fs.writeFileSync(
  'docs/benchmarks.md',
  stampHeader(fs.readFileSync('docs/benchmarks.md', 'utf8'), '# Benchmarks (npm run bench)', measured),
);
console.log('written docs/benchmarks.md');

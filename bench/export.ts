/**
 * Export benchmark: BENCH_EXPORT_ROWS (default 100,000) creators.
 *
 * 1. Server export: a real server process (server/main.ts as the tests start it, SQLite) seeded by seed-server.ts;
 *    POST /blogger/download then POST /blogger/download.info every 250 ms until `file_path`.
 *    The server's RSS is read from /proc/<pid>/status (VmRSS every 100 ms, VmHWM at the end);
 *    growth = peak during the export minus the RSS just before it. The file is fetched and its
 *    rows counted with exceljs's streaming reader. Targets: ready < 15 s, growth < 200 MB.
 * 2. Offline "export this view" in Node: the same function the query worker runs
 *    (src/features/export/view-export.ts) over the query engine's answer for every row,
 *    as CSV and XLSX; the XLSX is read back the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import SQLite from '../server/db/sqlite-native.ts';
import ExcelJS from 'exceljs';
import { startServer } from '../tests/helpers/server-process.ts';
import { CreatorIndex } from '../src/workers/query-engine.ts';
import { exportCreatorView } from '../src/workers/view-export.ts';
import { makeCreators } from './gen.ts';
import type { Row } from './report.ts';
import { apiPoster, seedCreators } from './seed-server.ts';

type Say = (title: string, rows: Row[], note?: string) => void;

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** VmRSS and VmHWM of a process, in bytes (Linux /proc). */
export function procMemory(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) =>
    Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Data rows (header excluded) of an XLSX, read as a stream. */
export async function countXlsxRows(input: Readable | string): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
  });
  let rows = 0;
  for await (const sheet of reader) for await (const row of sheet) if (row.number > 1) rows++;
  return rows;
}

async function serverExport(n: number, say: Say, load: () => string): Promise<void> {
  const server = await startServer({ SEED_DEMO: '0', LOG_LEVEL: 'warn' });
  const pid = server.proc.pid!;
  try {
    let t = performance.now();
    const who = await seedCreators(server.dataDir, n);
    const seedMs = performance.now() - t;
    // VIP, so the free tier's row cap (FREE_EXPORT_ROW_CAP, 500 rows) does not apply.
    const db = new SQLite(path.join(server.dataDir, 'creatordesk.sqlite'));
    db.pragma('busy_timeout = 10000');
    db.prepare('update users set vip_until = ? where id = ?').run(
      Math.floor(Date.now() / 1000) + 86_400,
      who.userId,
    );
    db.close();
    const post = apiPoster(server.url, who.token);
    // Warm the process (routes, database pages) before the baseline.
    await post('/blogger/lists', { country: 'US', page: 1, limit: 20 });

    const rows: Row[] = [];
    for (const run of ['first', 'second']) {
      const before = procMemory(pid).rss;
      let peak = before;
      const sampler = setInterval(() => {
        try {
          peak = Math.max(peak, procMemory(pid).rss);
        } catch {
          /* the process is gone; the poll below fails with a message */
        }
      }, 100);
      t = performance.now();
      let filePath: string | null = null;
      let polls = 0;
      let slowestPoll = 0;
      try {
        const started = await post<{ id: number }>('/blogger/download', { type: 'blogger', country: 'US' });
        if (started.code !== 200) throw new Error(`download: ${started.code} ${started.msg}`);
        while (!filePath) {
          if (performance.now() - t > 300_000) throw new Error('export not ready after 300 s');
          await new Promise((r) => setTimeout(r, 250));
          const asked = performance.now();
          const info = await post<{ file_path: string | null; status: string }>('/blogger/download.info', {
            id: started.data.id,
          });
          polls++;
          slowestPoll = Math.max(slowestPoll, performance.now() - asked);
          if (info.code !== 200) throw new Error(`download.info: ${info.code} ${info.msg}`);
          if (info.data.status === 'failed') throw new Error('export job failed');
          filePath = info.data.file_path;
        }
      } finally {
        clearInterval(sampler);
      }
      const readyMs = performance.now() - t;
      peak = Math.max(peak, procMemory(pid).rss);
      const hwm = procMemory(pid).hwm;
      const res = await fetch(`${server.url}${filePath}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      const counted = await countXlsxRows(Readable.from(bytes));
      rows.push({
        run,
        creators: n.toLocaleString('en-US'),
        'file ready': secs(readyMs),
        'target ': '< 15 s',
        'RSS before': mb(before),
        'RSS peak': mb(peak),
        'growth (peak - before)': mb(peak - before),
        target: '< 200 MB',
        'VmHWM after': mb(hwm),
        file: mb(bytes.length),
        'rows read back': counted === n ? `${counted} ✓` : `${counted} ✗ (expected ${n})`,
        polls,
        'slowest download.info': `${Math.round(slowestPoll)} ms`,
        load: load(),
      });
    }
    say(
      `Server export (POST /blogger/download → download.info, ${n.toLocaleString('en-US')} creators, SQLite; seeded in ${secs(seedMs)})`,
      rows,
      'A real server process; download.info polled every 250 ms (the PWA polls every 2 s); its slowest answer shows how long the ' +
        'export kept the server from answering. Memory is the process RSS from /proc; ' +
        'the second run shows the steady state once exceljs and the database pages are loaded.',
    );
  } finally {
    await server.stop();
  }
}

async function offlineExport(n: number, say: Say, load: () => string): Promise<void> {
  const index = new CreatorIndex(makeCreators(n));
  const rows: Row[] = [];
  for (const format of ['csv', 'xlsx'] as const) {
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const cpu0 = process.cpuUsage();
    const t = performance.now();
    const view = index.query({
      field: 'follower_count',
      sort: 'desc',
      offset: 0,
      limit: Number.MAX_SAFE_INTEGER,
    });
    const file = await exportCreatorView(view.rows, { country: 'US', format, language: 'zh-cn' });
    const wallMs = performance.now() - t;
    const cpu = process.cpuUsage(cpu0);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    let check: string;
    if (format === 'xlsx') {
      const counted = await countXlsxRows(Readable.from(Buffer.from(file.bytes)));
      check = counted === n ? `${counted} ✓` : `${counted} ✗ (expected ${n})`;
    } else {
      const lines = new TextDecoder().decode(file.bytes).split('\r\n').length - 2; // header, final CRLF
      check = lines === n ? `${lines} ✓` : `${lines} ✗ (expected ${n})`;
    }
    rows.push({
      format,
      rows: n.toLocaleString('en-US'),
      'time (sort + write)': secs(wallMs),
      CPU: secs((cpu.user + cpu.system) / 1000),
      'RSS growth (peak)': mb(peak - before),
      file: mb(file.bytes.length),
      'rows read back': check,
      load: load(),
    });
  }
  say(
    `Offline "export this view" in Node (${n.toLocaleString('en-US')} generated rows, sorted by followers; the query worker's code)`,
    rows,
    'Chromium runs the same code in the query worker; CompressionStream deflates the XLSX.',
  );
}

export async function benchExport(say: Say, load: () => string): Promise<void> {
  const n = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);
  await serverExport(n, say, load);
  await offlineExport(n, say, load);
}

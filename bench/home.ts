/**
 * The Home screen's targets, measured in headless Chromium against the real built PWA
 * and a real server holding HOME_ROWS (default 100,000) creators in the current country (US):
 *
 * 1. keystroke in the name filter → grid updated (p95 over ≥ 30 keystrokes, target < 50 ms);
 * 2. sort change (a click on a column header) → grid updated (p95, target < 50 ms);
 * 3. scrolling the grid top to bottom at the largest page size: most row elements in the DOM
 *    (target < 150);
 * 4. bulk edit of 1,000 selected creators (status → chatted): time until the page shows it and
 *    time until it is fully synced (outbox empty and the server's count agrees), target < 5 s.
 *
 * Timing is taken inside the page: the start is the input event's own timestamp (keydown or
 * pointerdown, as Chromium stamped it), the end is the frame after the grid's DOM shows the new
 * result (a MutationObserver watching the total and the first row; the time is taken in a task
 * queued from requestAnimationFrame, i.e. after that frame's style, layout and paint work).
 * A keystroke or click that does not change the shown result is not counted (reported).
 *
 * 0. reopening the app with the creators cached: navigation start → the frame after the
 *    first grid row, by reload and by a fresh tab of the same context (target < 1000 ms).
 *
 * Build: the PWA is built into HOME_WEB_DIR (default /tmp/dist-home) unless HOME_SKIP_BUILD=1.
 * HOME_ONLY_REOPEN=1 stops after step 0 (prints only; nothing is written).
 * Development aids for the grid's update cost (steps 1 and 2): HOME_ONLY_INPUT=1 skips step 0 and
 * stops after step 2; HOME_TRACE=file.json records a Chrome trace of steps 1 and 2;
 * HOME_CPUPROFILE=file.cpuprofile a V8 CPU profile of them (build with `vite build --minify false`
 * and set HOME_SKIP_BUILD=1 for readable names); HOME_ONLY_BULK=N repeats only the contiguous bulk
 * edit N times (alternating chatted / not chatted) and counts the runs that showed it undone;
 * HOME_OPENS_CPUPROFILE=file.cpuprofile profiles the creator page opens (step 3b) the same way and
 * HOME_OPENS_TRACE=file.json traces them;
 * HOME_ONLY_OPENS=1 skips steps 0 to 2 (the scroll of step 3 stays, so the opens see the same page
 * size) and stops after the opens of step 3b, printing their p50 / p95;
 * HOME_INIT_SCRIPT=file.js adds an init script to the
 * page (e.g. a CSS override, or bench/react-renders.js, React's commits and rendered components per
 * keystroke, which do not move with the machine's load) and prints its window.__benchReport after
 * step 2. The ONLY modes return without a result: call benchHome from a script of your own, not
 * through `BENCH_ONLY=home npm run bench`, which would then write an empty Home section.
 */
import fs from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../tests/helpers/browser.ts';
import { startServer } from '../tests/helpers/server-process.ts';
import { useSession } from '../tests/helpers/shell.ts';
import { percentile } from './gen.ts';
import type { Row } from './report.ts';
import { apiPoster, ensureWebBuild, seedCreators, TRACE_CATEGORIES } from './seed-server.ts';

type Say = (title: string, rows: Row[], note?: string) => void;
/** A creator as the bulk edit picks it. */
type Picked = { id: number; unique_id: string; is_chat: number };

export const HOME_TITLE = 'Home screen in Chromium';
/** bench/react-renders.js's counts per action (its report, `actions` of `what`), most rendered components first. */
function printRenders(report: unknown, actions: number, what: string): void {
  const r = report as { commits?: number; rendered?: number; byName?: Record<string, number> } | undefined;
  if (!actions || typeof r?.commits !== 'number' || typeof r.rendered !== 'number' || !r.byName) return;
  const per = (x: number) => (x / actions).toFixed(2);
  const top = Object.entries(r.byName)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 20)
    .map(([name, n]) => `${name} ${per(n)}`);
  console.log(
    `home: per ${what} (${actions}): ${per(r.commits)} React commits, ${per(r.rendered)} components rendered: ${top.join(', ')}`,
  );
}

const ms = (x: number) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
const ratio = (x: number, floor: number) => `${(x / floor).toFixed(1)}×`;

interface Probe {
  inputs: number[];
  changes: { t: number; done: number; sig: string }[];
  sig: string;
}
type ProbeWindow = Window & { __hp: Probe };

/** Installs the in-page probe: input timestamps and grid result changes with their frame time. */
async function installProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as ProbeWindow;
    const grid = document.querySelector('.cd-grid')!;
    const sigOf = () => {
      const total = grid.querySelector('.cd-grid__total')?.textContent ?? '';
      const first = grid.querySelector('.cd-grid__body > .cd-grid__row')?.textContent ?? '';
      return `${total}|${first}`;
    };
    const hp: Probe = { inputs: [], changes: [], sig: sigOf() };
    w.__hp = hp;
    const stamp = (e: Event) => hp.inputs.push(e.timeStamp);
    document.addEventListener('keydown', stamp, true);
    document.addEventListener('pointerdown', stamp, true);
    new MutationObserver(() => {
      const s = sigOf();
      if (s === hp.sig) return;
      hp.sig = s;
      const c = { t: performance.now(), done: 0, sig: s };
      hp.changes.push(c);
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => (c.done = performance.now());
        ch.port2.postMessage(0);
      });
    }).observe(grid, { subtree: true, childList: true, characterData: true });
  });
}

const resetProbe = (page: Page) =>
  page.evaluate(() => {
    const hp = (window as unknown as ProbeWindow).__hp;
    hp.inputs = [];
    hp.changes = [];
  });

/** Waits until the grid shows no new result for `quietMs` (and its last frame is done). */
async function settle(page: Page, quietMs = 350): Promise<void> {
  await page.waitForFunction(
    (q) => {
      const hp = (window as unknown as ProbeWindow).__hp;
      const last = hp.changes[hp.changes.length - 1];
      const since = last ? performance.now() - last.t : Infinity;
      const lastInput = hp.inputs[hp.inputs.length - 1] ?? 0;
      return since > q && (!last || last.done > 0) && performance.now() - lastInput > q;
    },
    quietMs,
    { polling: 50 },
  );
}

/**
 * One measured action: its input timestamp to the frame after the grid's LAST change before the
 * result settled (null when the shown result did not change).
 */
async function measured(page: Page, act: () => Promise<void>): Promise<number | null> {
  await resetProbe(page);
  await act();
  await settle(page);
  return page.evaluate(() => {
    const hp = (window as unknown as ProbeWindow).__hp;
    const start = hp.inputs[0];
    const last = hp.changes[hp.changes.length - 1];
    return start === undefined || !last ? null : last.done - start;
  });
}

const load = (loadavg: () => string) => `load ${loadavg()}`;

/**
 * The probe's own floor in this Chromium, for the one-frame keystroke target: a blank
 * page whose "grid" text changes in the key's own input event, and one where it changes a task
 * later (a message, what a worker's answer costs when the worker does no work at all). Same probe,
 * same keystrokes as the name filter.
 */
async function probeFloor(ctx: BrowserContext): Promise<{ own: number[]; hop: number[] }> {
  const page = await ctx.newPage();
  const out = { own: [] as number[], hop: [] as number[] };
  try {
    for (const hop of [false, true]) {
      await page.setContent(
        '<input aria-label="name"><div class="cd-grid"><div class="cd-grid__total"></div>' +
          '<div class="cd-grid__body"><div class="cd-grid__row"></div></div></div>',
      );
      await page.evaluate((later) => {
        const total = document.querySelector('.cd-grid__total')!;
        const channel = new MessageChannel();
        channel.port1.onmessage = (e: MessageEvent<string>) => (total.textContent = e.data);
        document.querySelector('input')!.addEventListener('input', (e) => {
          const shown = `${(e.target as HTMLInputElement).value}|`;
          if (later) channel.port2.postMessage(shown);
          else total.textContent = shown;
        });
      }, hop);
      await installProbe(page);
      await page.locator('input').click();
      for (let k = 0; k < 40; k++) {
        const d = await measured(page, () => page.keyboard.press(k % 2 ? 'Backspace' : 'a'));
        if (d !== null) (hop ? out.hop : out.own).push(d);
      }
    }
    return out;
  } finally {
    await page.close();
  }
}

const REOPEN_SAMPLES = Number(process.env.HOME_REOPEN_SAMPLES ?? 7);
/** Creator pages opened from the list (after one that also loads the route's code). */
const CREATOR_OPENS = Number(process.env.HOME_CREATOR_OPENS ?? 20);

/** start: the click; done: a task after the frame that drew the name; painted: the name's Element Timing render time. */
type OpenWindow = Window & { __open: { start: number; done: number; painted: number } };

/**
 * Init script of every page: the time (performance.now(), i.e. since navigation start) of the
 * frame after the first creator row appears in the grid's body. Disconnects after the first row.
 */
const FIRST_ROW_PROBE = `(() => {
  const w = window;
  w.__firstRow = 0;
  const seen = () => document.querySelector('.cd-grid__body > .cd-grid__row [role=gridcell] a');
  w.__gridShell = 0;
  const mo = new MutationObserver(() => {
    if (!w.__gridShell && document.querySelector('.cd-grid')) w.__gridShell = performance.now();
    if (!seen()) return;
    mo.disconnect();
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => (w.__firstRow = performance.now());
      ch.port2.postMessage(0);
    });
  });
  mo.observe(document, { subtree: true, childList: true });
})();`;

type FirstRowWindow = Window & { __firstRow: number; __gridShell: number };

/**
 * Navigation start → frame after the first grid row (see FIRST_ROW_PROBE), and → the grid's
 * empty shell (the app's code booted, the rows not there yet).
 */
async function firstRowMs(page: Page): Promise<{ row: number; shell: number }> {
  await page.waitForFunction(() => (window as unknown as FirstRowWindow).__firstRow > 0, null, {
    polling: 20,
    timeout: 60_000,
  });
  return page.evaluate(() => {
    const w = window as unknown as FirstRowWindow;
    return { row: w.__firstRow, shell: w.__gridShell };
  });
}

/** Waits until the header's sync indicator says the first sync has finished. */
async function waitSynced(page: Page): Promise<void> {
  await page.locator('.cd-sync__label', { hasText: 'Up to date' }).waitFor({ timeout: 300_000 });
}

export async function benchHome(say: Say, loadavg: () => string): Promise<void> {
  const n = Number(process.env.HOME_ROWS ?? 100_000);
  const webDir = process.env.HOME_WEB_DIR ?? '/tmp/dist-home';
  ensureWebBuild(webDir, process.env.HOME_SKIP_BUILD === '1');
  const server = await startServer({ SEED_DEMO: '0', WEB_DIR: webDir });
  const browser = await launchBrowser();
  try {
    const who = await seedCreators(server.dataDir, n);
    const poster = apiPoster(server.url, who.token);
    const post = async (p: string, body: Record<string, string | number>) => {
      const json = await poster<{ list: Picked[]; count: number }>(p, body);
      if (json.code !== 200) throw new Error(`${p}: ${json.code} ${json.msg}`);
      return json.data;
    };

    const ctx = await newContext(browser, server.url, 'en-US');
    await useSession(ctx, server.url, {
      token: who.token,
      token_expiration_time: Math.floor(Date.now() / 1000) + 3600,
      member_name: 'Sync tester',
      phone: '',
      login_time: Math.floor(Date.now() / 1000),
    });
    // tsx keeps function names with a __name helper that page.evaluate bodies do not carry
    await ctx.addInitScript('globalThis.__name = (f) => f;');
    await ctx.addInitScript(FIRST_ROW_PROBE);
    // a development aid, e.g. a React render counter; it may leave a summary in window.__benchReport
    if (process.env.HOME_INIT_SCRIPT) await ctx.addInitScript({ path: process.env.HOME_INIT_SCRIPT });
    const page = await ctx.newPage();
    page.setDefaultTimeout(180_000);
    page.on('pageerror', (e) => console.error('page error:', e));
    let t = Date.now();
    await page.goto('/home');
    await page
      .locator('.cd-grid__total', { hasText: `Total ${n.toLocaleString('en-US')}` })
      .waitFor({ timeout: 300_000 });
    const readyMs = Date.now() - t;

    // 0. Reopening the app with the creators cached: navigation start to the first
    // grid row on screen, by reload and by a fresh tab of the same context (same IndexedDB).
    await waitSynced(page);
    await page.waitForTimeout(1000); // the query worker stores its first pages 0.3 s after the rows settle
    const reopen = { reload: [] as number[], tab: [] as number[] };
    const shells = { reload: [] as number[], tab: [] as number[] };
    const onlyInput = process.env.HOME_ONLY_INPUT === '1';
    const onlyBulk = Number(process.env.HOME_ONLY_BULK ?? 0);
    const onlyOpens = process.env.HOME_ONLY_OPENS === '1';
    if (onlyBulk > 0) {
      // A development aid for the bulk edit's "visible at once, never undone": the contiguous edit
      // N times, alternating the value so each one changes the cells; prints the relapses.
      const chosen = await newestLocal();
      const runs = [];
      for (let i = 0; i < onlyBulk; i++) {
        const r = await bulkEdit(chosen, false, i % 2 ? 'Not chatted' : 'Chatted');
        console.log(`home: bulk ${i + 1}/${onlyBulk} ${JSON.stringify(r)}`);
        runs.push(r);
      }
      const relapsed = runs.filter((r) => r.relapses > 0).length;
      console.log(`home: bulk edits with a relapse: ${relapsed} of ${runs.length}`);
      return;
    }
    for (let i = 0; i < (onlyInput || onlyOpens ? 0 : REOPEN_SAMPLES); i++) {
      await page.reload();
      const r = await firstRowMs(page);
      reopen.reload.push(r.row);
      shells.reload.push(r.shell);
      const tab = await ctx.newPage();
      await tab.goto('/home');
      const t2 = await firstRowMs(tab);
      reopen.tab.push(t2.row);
      shells.tab.push(t2.shell);
      await tab.close();
    }
    await page.locator('.cd-grid__total', { hasText: `Total ${n.toLocaleString('en-US')}` }).waitFor();
    console.log(`home: reopen ${JSON.stringify({ reopen, shells })}`);
    if (process.env.HOME_ONLY_REOPEN === '1') return; // quick look while working on start-up
    await installProbe(page);

    // 1. Keystrokes: type names of seeded creators character by character, then erase them.
    const names = (await post('/blogger/lists', { country: 'US', page: 1, limit: 200 })).list.map(
      (r) => r.unique_id,
    );
    const box = page.getByRole('textbox', { name: 'Creator', exact: true });
    await box.click();
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Performance.enable');
    /** Main-thread task time of the page so far (ms): CPU work, unlike wall time, barely moves with load. */
    const mainMs = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return (metrics.find((x) => x.name === 'TaskDuration')?.value ?? 0) * 1000;
    };
    const tracePath = process.env.HOME_TRACE;
    if (tracePath) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
    const profilePath = process.env.HOME_CPUPROFILE;
    if (profilePath) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    let cpu0 = await mainMs();
    const keyTimes: number[] = [];
    let keyNoops = 0;
    for (let k = 0; keyTimes.length < 40 && k < (onlyOpens ? 0 : 12); k++) {
      const name = names[k * 13]!.slice(0, 9);
      for (const ch of name) {
        const d = await measured(page, () => page.keyboard.press(ch));
        if (d === null) keyNoops++;
        else keyTimes.push(d);
      }
      for (let i = 0; i < name.length; i++) {
        const d = await measured(page, () => page.keyboard.press('Backspace'));
        if (d === null) keyNoops++;
        else keyTimes.push(d);
      }
    }
    await settle(page);
    const keyCpu = (await mainMs()) - cpu0;
    const keyCount = keyTimes.length + keyNoops;
    const floor = await probeFloor(ctx);
    console.log(
      `home: probe floor p50/p95 own task ${ms(percentile(floor.own, 50))} / ${ms(percentile(floor.own, 95))}, one task later ${ms(percentile(floor.hop, 50))} / ${ms(percentile(floor.hop, 95))}`,
    );

    if (!onlyOpens)
      console.log(
        `home: keystrokes p50/p95 ${ms(percentile(keyTimes, 50))} / ${ms(percentile(keyTimes, 95))} (${keyTimes.length}, ${keyNoops} no-ops)`,
      );

    // 2. Sort changes: header clicks over several columns (each column's first click included).
    const sortTimes: number[] = [];
    let sortNoops = 0;
    const headers = [
      'Followers',
      'GMV (30 d)',
      'Engagement (30 d)',
      'Views (30 d)',
      'Videos (30 d)',
      'Units sold (30 d)',
      'Products',
      'Videos',
    ];
    cpu0 = await mainMs();
    for (let round = 0; sortTimes.length < 30 && round < (onlyOpens ? 0 : 4); round++) {
      for (const h of headers) {
        const button = page.getByRole('columnheader', { name: h, exact: true }).getByRole('button');
        if (!(await button.count())) continue;
        await button.scrollIntoViewIfNeeded();
        const d = await measured(page, () => button.click());
        if (d === null) sortNoops++;
        else sortTimes.push(d);
      }
    }

    const sortCpu = (await mainMs()) - cpu0;
    const sortCount = sortTimes.length + sortNoops;
    // the opens-only mode types and sorts nothing: no line of empty figures
    if (!onlyOpens) {
      console.log(
        `home: sorts p50/p95 ${ms(percentile(sortTimes, 50))} / ${ms(percentile(sortTimes, 95))} (${sortTimes.length}, ${sortNoops} no-ops)`,
      );
      console.log(
        `home: main thread per action: keystroke ${ms(keyCpu / keyCount)}, sort ${ms(sortCpu / sortCount)}; times ${JSON.stringify({ keys: keyTimes.map(Math.round), sorts: sortTimes.map(Math.round) })}`,
      );
    }
    if (tracePath) await browser.stopTracing();
    if (profilePath) fs.writeFileSync(profilePath, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    /** What the init script (HOME_INIT_SCRIPT) left in window.__benchReport. */
    const initReport = () =>
      page.evaluate(() => (window as unknown as { __benchReport?: unknown }).__benchReport);
    if (process.env.HOME_INIT_SCRIPT && !onlyOpens) {
      const report = await initReport();
      console.log('home: init script report', JSON.stringify(report));
      printRenders(report, keyCount, 'keystroke');
    }
    if (onlyInput) return; // quick look while working on the grid's update cost

    // 3. Scrolling at the largest page size: most row elements in the DOM at any time.
    await page.getByRole('button', { name: /Rows per page/ }).click();
    await page.getByRole('option', { name: '100 / page', exact: true }).click();
    await page.getByRole('button', { name: /100 \/ page/ }).waitFor();
    await settle(page);
    const scroll = await page.evaluate(async () => {
      const el = document.querySelector<HTMLElement>('.cd-grid__scroll')!;
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      let maxRows = 0;
      let maxAll = 0;
      let steps = 0;
      el.scrollTop = 0;
      await frame();
      while (el.scrollTop + el.clientHeight < el.scrollHeight - 1) {
        el.scrollTop += 60;
        await frame();
        await frame();
        maxRows = Math.max(maxRows, el.querySelectorAll('.cd-grid__body > [role=row]').length);
        maxAll = Math.max(maxAll, document.querySelectorAll('[role=row]').length);
        steps++;
      }
      const rowH = el.querySelector<HTMLElement>('.cd-grid__body > [role=row]')?.offsetHeight ?? 1;
      const bodyH = el.querySelector<HTMLElement>('.cd-grid__body')?.offsetHeight ?? 0;
      return { maxRows, maxAll, steps, pageRows: Math.round(bodyH / rowH) };
    });

    console.log(`home: scroll ${JSON.stringify(scroll)}`);

    // 3b. The creator page from a list click: the click's own timestamp to the frame
    // after the page shows the creator's name, then back to the list. The first open also loads
    // the route's code (reported apart).
    const opens: number[] = [];
    const namePainted: number[] = [];
    await page.evaluate(() => document.querySelector<HTMLElement>('.cd-grid__scroll')!.scrollTo(0, 0));
    const opensProfile = process.env.HOME_OPENS_CPUPROFILE;
    if (opensProfile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const opensTrace = process.env.HOME_OPENS_TRACE;
    if (opensTrace) await browser.startTracing(page, { path: opensTrace, categories: TRACE_CATEGORIES });
    const opensCpu0 = await mainMs();
    for (let i = 0; i < CREATOR_OPENS + 1; i++) {
      await page.evaluate(() => {
        const w = window as unknown as OpenWindow;
        const open = (w.__open = { start: 0, done: 0, painted: 0 });
        addEventListener('click', (e) => (open.start ||= e.timeStamp), { capture: true, once: true });
        // Element Timing (the name's elementtiming attribute): when the name was painted, without
        // the tasks that run between that frame and the task the bench's own mark waits for.
        const named = new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & {
            identifier: string;
            renderTime: number;
          })[])
            if (e.identifier === 'creator-name' && open.start && !open.painted) {
              open.painted = e.renderTime;
              named.disconnect();
            }
        });
        named.observe({ type: 'element' });
        const mo = new MutationObserver(() => {
          if (!document.querySelector('.workbench-header .workbench-name')) return;
          mo.disconnect();
          requestAnimationFrame(() => {
            const ch = new MessageChannel();
            ch.port1.onmessage = () => (w.__open.done = performance.now());
            ch.port2.postMessage(0);
          });
        });
        mo.observe(document, { subtree: true, childList: true });
      });
      await page
        .locator('.cd-grid__body > .cd-grid__row a.home-creator-name')
        .nth(i % 20)
        .click();
      await page.waitForFunction(() => (window as unknown as OpenWindow).__open.done > 0, null, {
        polling: 20,
      });
      // the paint's report comes with the frame's presentation, a moment after the mark
      await page
        .waitForFunction(() => (window as unknown as OpenWindow).__open.painted > 0, null, {
          polling: 20,
          timeout: 2000,
        })
        .catch(() => undefined);
      const o = await page.evaluate(() => (window as unknown as OpenWindow).__open);
      opens.push(o.done - o.start);
      // NaN when no report came, so the list stays aligned with the opens (the first one is left out below)
      namePainted.push(o.painted ? o.painted - o.start : NaN);
      await page.goBack();
      await page.locator('.cd-grid__body > .cd-grid__row a.home-creator-name').first().waitFor();
    }
    if (opensProfile)
      fs.writeFileSync(opensProfile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    if (opensTrace) await browser.stopTracing();
    const [firstOpen, ...warmOpens] = opens;
    const warmPainted = namePainted.slice(1).filter((x) => !Number.isNaN(x));
    console.log(`home: creator page opens ${JSON.stringify(opens.map(Math.round))}`);
    console.log(
      `home: creator page name painted (Element Timing) ${JSON.stringify(namePainted.map(Math.round))}, p50/p95 after the first ${ms(percentile(warmPainted, 50))} / ${ms(percentile(warmPainted, 95))}`,
    );
    if (onlyOpens) {
      console.log(
        `home: creator page p50/p95 ${ms(percentile(warmOpens, 50))} / ${ms(percentile(warmOpens, 95))} (${warmOpens.length} opens after the first); main thread per open and its way back ${ms(((await mainMs()) - opensCpu0) / opens.length)}`,
      );
      if (process.env.HOME_INIT_SCRIPT)
        printRenders(await initReport(), opens.length, 'creator page open and its way back');
      return; // quick look at the creator page's open
    }

    /** The 1,000 newest US creators of the local mirror (the grid's default order shows them first). */
    function newestLocal() {
      return page.evaluate(
        () =>
          new Promise<Picked[]>((resolve, reject) => {
            const req = indexedDB.open('creatordesk');
            req.onerror = () => reject(req.error);
            req.onsuccess = () => {
              const db = req.result;
              const all = db.transaction('creatorBlocks').objectStore('creatorBlocks').getAll();
              all.onsuccess = () => {
                db.close();
                const rows = (
                  all.result as {
                    country: string;
                    rows: Picked[];
                  }[]
                )
                  .filter((b) => b.country === 'US')
                  .flatMap((b) =>
                    b.rows.map((r) => ({ id: r.id, unique_id: r.unique_id, is_chat: r.is_chat })),
                  );
                resolve(rows.sort((a, b) => b.id - a.id).slice(0, 1000));
              };
            };
          }),
      );
    }

    /** Bulk edit (chat status → `to`) of `chosen`, already on the server; see the section notes. */
    async function bulkEdit(
      chosen: Picked[],
      byFollowers: boolean,
      to: 'Chatted' | 'Not chatted' = 'Chatted',
    ) {
      const chattedBefore = (await post('/blogger/lists', { country: 'US', isChat: 1, limit: 1 })).count;
      const flag = to === 'Chatted' ? 1 : 0;
      const expected = chattedBefore + chosen.filter((r) => r.is_chat !== flag).length * (flag ? 1 : -1);
      await page.evaluate(
        (keys) => {
          sessionStorage.setItem('cd.grid.home.selection', JSON.stringify(keys));
        },
        chosen.map((r) => `${r.id}:${r.unique_id}`),
      );
      // A new visit to plain /home: the default view with the stored selection. (A reload would be
      // a return to this entry, whose URL and kept view hold the filters typed above.)
      await page.goto('/home');
      await page
        .locator('.cd-grid__total', { hasText: `Total ${n.toLocaleString('en-US')}` })
        .waitFor({ timeout: 120_000 });
      await page.getByText('1,000 selected').waitFor();
      if (byFollowers) {
        const followers = page.getByRole('columnheader', { name: 'Followers', exact: true });
        await followers.getByRole('button').click();
      }
      await page
        .waitForFunction(
          (sorted) =>
            (!sorted || document.querySelector('[role=columnheader][aria-sort=descending]') !== null) &&
            document.querySelectorAll('.cd-grid__row--selected').length > 0,
          byFollowers,
          { timeout: 60_000 },
        )
        .catch(async (e: unknown) => {
          const state = await page.evaluate(() => ({
            url: location.href,
            sorts: [...document.querySelectorAll('[role=columnheader][aria-sort]')].map(
              (h) => `${h.textContent}:${h.getAttribute('aria-sort')}`,
            ),
            selected: document.querySelectorAll('.cd-grid__row--selected').length,
            rows: document.querySelectorAll('.cd-grid__body [role=row]').length,
          }));
          console.log(`home: bulk edit never ready ${JSON.stringify(state)}`);
          throw e;
        });
      await page.getByRole('button', { name: 'Edit status', exact: true }).click();
      const dialog = page.locator('.cd-modal').getByRole('dialog');
      await dialog.getByRole('button', { name: /Status/ }).click();
      await page.getByRole('option', { name: to, exact: true }).click();
      const chatCol = await page
        .getByRole('columnheader', { name: 'Chat', exact: true })
        .getAttribute('aria-colindex');
      // Watch the page's chat cells: when all show "Chatted", and whether any turns back later.
      const picked = chosen.map((r) => r.unique_id);
      await page.evaluate(
        ([col, ids, want]) => {
          const w = window as unknown as { __bulk: { start: number; visible: number; relapses: number } };
          const b = { start: 0, visible: 0, relapses: 0 };
          w.__bulk = b;
          document.addEventListener('pointerdown', (e) => (b.start ||= e.timeStamp), {
            capture: true,
            once: true,
          });
          const body = document.querySelector('.cd-grid__body')!;
          const chosen = new Set(ids);
          const check = () => {
            const cells = [...body.querySelectorAll('[role=row]')]
              .filter((r) => chosen.has(r.querySelector('a')?.textContent?.replace(/^@/, '') ?? ''))
              .map((r) => r.querySelector(`[role=gridcell][aria-colindex="${col}"]`));
            const all = cells.length > 0 && cells.every((c) => c?.textContent === want);
            if (all && !b.visible) {
              requestAnimationFrame(() => {
                const ch = new MessageChannel();
                ch.port1.onmessage = () => (b.visible ||= performance.now());
                ch.port2.postMessage(0);
              });
            } else if (!all && b.visible) b.relapses++;
          };
          new MutationObserver(check).observe(body, { subtree: true, childList: true, characterData: true });
        },
        [chatCol, picked, to] as const,
      );
      const outboxCount = () =>
        page.evaluate(
          () =>
            new Promise<number>((resolve, reject) => {
              const req = indexedDB.open('creatordesk');
              req.onerror = () => reject(req.error);
              req.onsuccess = () => {
                const db = req.result;
                const c = db.transaction('outbox').objectStore('outbox').count();
                c.onsuccess = () => {
                  resolve(c.result);
                  db.close();
                };
              };
            }),
        );
      t = Date.now();
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      let syncedMs = NaN;
      let serverMs = NaN;
      let serverCount: number;
      for (;;) {
        const [ob, c] = await Promise.all([
          outboxCount(),
          post('/blogger/lists', { country: 'US', isChat: 1, limit: 1 }),
        ]);
        serverCount = c.count;
        if (serverCount === expected && Number.isNaN(serverMs)) serverMs = Date.now() - t;
        if (ob === 0 && serverCount === expected) {
          syncedMs = Date.now() - t;
          break;
        }
        if (Date.now() - t > 60_000) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      for (const r of chosen) r.is_chat = flag;
      await page.waitForFunction(
        () => (window as unknown as { __bulk: { visible: number } }).__bulk.visible > 0,
        null,
        {
          timeout: 30_000,
        },
      );
      await page.waitForTimeout(1500); // late refreshes would show as relapses
      const bulk = await page.evaluate(
        () => (window as unknown as { __bulk: { start: number; visible: number; relapses: number } }).__bulk,
      );
      return {
        visibleMs: bulk.visible - bulk.start,
        relapses: bulk.relapses,
        syncedMs,
        serverMs,
        serverCount,
        expected,
      };
    }

    // 4. Bulk edit of 1,000 selected creators, twice: scattered over the storage blocks (the
    // server's top 1,000 by followers; the grid sorted the same way shows selected rows on its
    // first page, ties staying inside the top group) and contiguous (the 1,000 newest ids, the
    // grid's default order: one or two blocks of the local mirror).
    const top: Picked[] = [];
    for (let p = 1; p <= 10; p++)
      top.push(
        ...(
          await post('/blogger/lists', {
            country: 'US',
            page: p,
            limit: 100,
            field: 'follower_count',
            sort: 'desc',
          })
        ).list,
      );
    const scattered = await bulkEdit(top, true);
    console.log(`home: bulk scattered ${JSON.stringify(scattered)}`);
    const newest = await newestLocal();
    const contiguous = await bulkEdit(newest, false);
    console.log(`home: bulk contiguous ${JSON.stringify(contiguous)}`);

    const l = load(loadavg);
    say(
      `${HOME_TITLE} (${n.toLocaleString('en-US')} creators in US; real PWA build + server; first sync to a full grid ${ms(readyMs)})`,
      [
        ...(
          [
            ['reload', reopen.reload, shells.reload],
            ['a new tab, the first one still open', reopen.tab, shells.tab],
          ] as const
        ).map(([how, xs, shell]) => ({
          measure: `reopen with the creators cached (${how}) → first grid row on screen`,
          samples: xs.length,
          p50: ms(percentile(xs, 50)),
          p95: '',
          max: ms(Math.max(...xs)),
          target: '< 1000 ms',
          note: `from navigation start (performance.now() in the page) to the frame after the first row; the grid's empty shell was there at p50 ${ms(percentile([...shell], 50))}`,
          load: l,
        })),
        {
          measure: 'name filter keystroke → grid updated',
          samples: keyTimes.length,
          p50: ms(percentile(keyTimes, 50)),
          p95: ms(percentile(keyTimes, 95)),
          max: ms(Math.max(...keyTimes)),
          target: 'as a ratio, below',
          'page main thread per action': ms(keyCpu / keyCount),
          note: `${keyNoops} keystrokes left the result as it was (not counted)`,
          load: l,
        },
        ...(
          [
            ["in the key's own task", floor.own],
            ["one task after the key (a worker's answer with no work)", floor.hop],
          ] as const
        ).map(([when, xs]) => ({
          measure: `the probe's floor: a blank page's text changed ${when}`,
          samples: xs.length,
          p50: ms(percentile(xs, 50)),
          p95: ms(percentile(xs, 95)),
          max: ms(Math.max(...xs)),
          target: '',
          note: 'no app: what the keystroke measure above costs with nothing to do (same probe, same keys)',
          load: l,
        })),
        {
          // The keystroke's target on a shared machine: a ratio to the one-hop floor of the same run,
          // which moves with the machine and its load as the keystroke does.
          measure: "name filter keystroke ÷ the probe's one-task floor (same run)",
          samples: keyTimes.length,
          p50: ratio(percentile(keyTimes, 50), percentile(floor.hop, 50)),
          p95: ratio(percentile(keyTimes, 95), percentile(floor.hop, 95)),
          max: '',
          target: 'p95 ≤ 2×, p50 ≤ 1.5×',
          note: 'the two rows above divided at the same percentile',
          load: l,
        },
        {
          measure: 'sort change (header click) → grid updated',
          samples: sortTimes.length,
          p50: ms(percentile(sortTimes, 50)),
          p95: ms(percentile(sortTimes, 95)),
          max: ms(Math.max(...sortTimes)),
          target: 'p95 < 50 ms',
          'page main thread per action': ms(sortCpu / sortCount),
          note: `${sortNoops} clicks did not change the first row (not counted)`,
          load: l,
        },
        {
          measure: 'creator page from a list click → name on screen',
          samples: warmOpens.length,
          p50: ms(percentile(warmOpens, 50)),
          p95: ms(percentile(warmOpens, 95)),
          max: ms(Math.max(...warmOpens)),
          target: '≤ 100 ms',
          note: `the first open, which also loads the route's code, took ${ms(firstOpen ?? NaN)} (not counted); local data only`,
          load: l,
        },
        {
          measure: 'scroll top to bottom: most row elements in the DOM',
          samples: scroll.steps,
          p50: '',
          p95: '',
          max: `${scroll.maxRows} body rows (${scroll.maxAll} incl. header)`,
          target: '< 150',
          note: `page of ${scroll.pageRows} rows (largest page size)`,
          load: l,
        },
        ...(
          [
            ['scattered over ~100 storage blocks', scattered],
            ['contiguous ids, 1–2 blocks', contiguous],
          ] as const
        ).flatMap(([what, b]) => [
          {
            measure: `bulk edit 1,000 (${what}) → visible on the page`,
            samples: 1,
            p50: '',
            p95: '',
            max: ms(b.visibleMs),
            target: 'at once',
            note: `${b.relapses} later renders showed it undone`,
            load: l,
          },
          {
            measure: `bulk edit 1,000 (${what}) → synced (outbox empty, server agrees)`,
            samples: 1,
            p50: '',
            p95: '',
            max: Number.isNaN(b.syncedMs)
              ? `not within 60 s (server ${b.serverCount}, expected ${b.expected})`
              : ms(b.syncedMs),
            target: '< 5000 ms',
            note: `from the confirm click, polled every 50 ms; the server had it after ${ms(b.serverMs)}`,
            load: l,
          },
        ]),
      ],
      "Wall times run from the input event's own timestamp to the frame after the grid's DOM shows the new result " +
        '(MutationObserver on the total and first row, then requestAnimationFrame + a task). "Page main thread per ' +
        'action" is the tab\'s main-thread task time (CDP TaskDuration) per keystroke or click. On a shared machine both ' +
        'grow with the load average: compare runs at similar load. The name filter is typed character by character ' +
        '(seeded names), then erased; sorts cycle through eight numeric columns, each first click included.',
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

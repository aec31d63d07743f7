/**
 * The first-sync bench's page probe and typing (bench/first-sync.ts), on their own so the browser
 * test of the same measure (tests/e2e/sync-truth.e2e.ts) loads none of the bench's seeding code.
 */
import type { Page } from 'playwright-core';

/** In-page: `afterFrame(set)` calls `set(performance.now())` in a task after the next frame's paint. */
export const AFTER_FRAME = `const afterFrame = (set) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => set(performance.now());
      ch.port2.postMessage(0);
    });`;

/**
 * Init script: long tasks, and per key typed into the name box its keydown time, the frame after
 * its text showed and the frame after the grid's next change. Also used by the browser test of the
 * same measure (tests/e2e/sync-truth.e2e.ts, at the machine's own speed).
 */
export const FIRST_SYNC_PROBE = `(() => {
  const w = window;
  const fs = (w.__fs = { long: [], keys: [] });
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) fs.long.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  fs.frames = [];
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        fs.frames.push({
          start: Math.round(e.startTime),
          duration: Math.round(e.duration),
          render: Math.round(e.duration - (e.renderStart ? e.renderStart - e.startTime : e.duration)),
          scripts: e.scripts.map((s) => ({
            invoker: s.invoker,
            source: (s.sourceURL || '').split('/').pop() + ':' + s.sourceFunctionName,
            duration: Math.round(s.duration),
            layout: Math.round(s.forcedStyleAndLayoutDuration),
          })),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  ${AFTER_FRAME}
  const sig = () => {
    const g = document.querySelector('.cd-grid');
    if (!g) return '';
    const total = g.querySelector('.cd-grid__total')?.textContent ?? '';
    const first = g.querySelector('.cd-grid__body > .cd-grid__row')?.textContent ?? '';
    return total + '|' + first;
  };
  let open = null;
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    if (!(t instanceof HTMLInputElement)) return;
    const label = document.querySelector('.cd-sync__label')?.textContent ?? '';
    open = { key: e.key, at: e.timeStamp, syncing: /\\d/.test(label), label, text: 0, grid: 0, value: '', sig: sig() };
    fs.keys.push(open);
  }, true);
  document.addEventListener('input', (e) => {
    const k = open;
    if (!k || k.text) return;
    k.value = e.target.value;
    afterFrame((t) => (k.text = t));
  }, true);
  new MutationObserver(() => {
    const k = open;
    if (!k || k.grid) return;
    if (sig() === k.sig) return;
    k.grid = -1;
    afterFrame((t) => (k.grid = t));
  }).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

export interface ProbeKey {
  key: string;
  at: number;
  syncing: boolean;
  label: string;
  text: number;
  grid: number;
  value: string;
}
export interface ProbeState {
  long: { start: number; duration: number }[];
  keys: ProbeKey[];
  /** Long animation frames (FIRST_SYNC_LONG prints those over 100 ms): which scripts ran in them. */
  frames?: { start: number; duration: number; render: number; scripts: unknown[] }[];
}

export const readProbe = (page: Page): Promise<ProbeState> =>
  page.evaluate(() => (window as unknown as { __fs: ProbeState }).__fs);

/** Whether the header shows the first sync's progress ("Syncing 1,000 / 20,000"). */
const syncingNow = (page: Page): Promise<boolean> =>
  page.evaluate(() => /\d/.test(document.querySelector('.cd-sync__label')?.textContent ?? ''));

/** How long a key waits for the grid to change before it counts as leaving the result as it was. */
const GRID_WAIT_MS = 1500;

/**
 * Types keys into the name box while the sync runs, from the moment its first creators are on
 * screen, one at a time: each waits until its text has painted and the grid has painted a changed
 * answer, or GRID_WAIT_MS passed without one. Returns when `count` keys are typed or the sync is done.
 */
export async function typeDuringSync(page: Page, count: number): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Creator' });
  await box.click();
  // Keys start once the first creators are on screen: before that a key's "answer" would be the
  // sync's first rows arriving, which measures the sync, not the key.
  await page.waitForFunction(
    () =>
      !!document.querySelector('.cd-grid__body > .cd-grid__row') ||
      !/\d/.test(document.querySelector('.cd-sync__label')?.textContent ?? ''),
    null,
    { polling: 20, timeout: 600_000 },
  );
  for (let i = 0; i < count; i++) {
    if (!(await syncingNow(page))) return;
    // "x" narrows the list, Backspace widens it again: once rows are there, each key changes the answer.
    await page.keyboard.press(i % 2 ? 'Backspace' : 'x');
    await page.waitForFunction(
      ({ n, wait }) => {
        const k = (window as unknown as { __fs: ProbeState }).__fs.keys[n];
        if (!k || k.text === 0) return false;
        return k.grid > 0 || performance.now() - k.at > wait;
      },
      { n: i, wait: GRID_WAIT_MS },
      { polling: 20, timeout: 60_000 },
    );
  }
}

/**
 * A key's latency: keydown → the frame after its text painted, or after the grid's changed answer
 * when the grid changed (the later of the two); null while the text has not painted.
 */
export const keyToPaint = (k: ProbeKey): number | null =>
  k.text > 0 ? Math.max(k.text, k.grid > 0 ? k.grid : 0) - k.at : null;

/**
 * The browser half of the bench: builds bench/browser with vite into a temp folder, serves it
 * on the real server's origin (Playwright routes /__bench/*, so IndexedDB and the API share one
 * origin), and drives the bench worker in headless Chromium.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import type { Page } from 'playwright-core';
import { launchBrowser, newContext } from '../tests/helpers/browser.ts';

export async function buildBenchPage(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-bench-'));
  await build({
    configFile: false,
    root: path.resolve('bench/browser'),
    base: '/__bench/',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, target: 'es2022', minify: true },
    worker: { format: 'es' },
  });
  return outDir;
}

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export async function withBenchPage<T>(
  serverUrl: string,
  outDir: string,
  fn: (page: Page) => Promise<T>,
): Promise<T> {
  const browser = await launchBrowser();
  try {
    const ctx = await newContext(browser, serverUrl);
    await ctx.route('**/__bench/**', async (route) => {
      const rel = new URL(route.request().url()).pathname.replace(/^\/__bench\//, '') || 'index.html';
      const file = path.join(outDir, rel);
      if (!file.startsWith(outDir) || !fs.existsSync(file)) return route.fulfill({ status: 404, body: '' });
      await route.fulfill({
        status: 200,
        body: fs.readFileSync(file),
        contentType: TYPES[path.extname(file)] ?? 'application/octet-stream',
      });
    });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error('page error:', e));
    await page.goto(`${serverUrl}/__bench/index.html`);
    await page.waitForFunction(() => (window as unknown as { benchReady?: boolean }).benchReady === true);
    page.setDefaultTimeout(600_000);
    return await fn(page);
  } finally {
    await browser.close();
  }
}

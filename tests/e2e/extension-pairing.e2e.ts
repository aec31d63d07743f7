/**
 * Connecting the browser extension from the app, in a real browser against the real
 * server: the account menu makes a pairing code with its time left; the extension's side of the
 * pairing (POST /ext/pair, what the extension sends) trades it for a token; the dialog lists the
 * connected browser and disconnects it, after which the token is refused. The guide page and the
 * landing page's link to it pass axe in both locales; the guide offers the package this install
 * built (tests/e2e/run.mjs builds it) for download, or names who has it when the install has none.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../helpers/axe.ts';
import { newContext, trackErrors } from '../helpers/browser.ts';
import { browserSuite, callApi } from '../helpers/browser-suite.ts';
import { startServer } from '../helpers/server-process.ts';
import { registerEmail, useSession, type ApiSession } from '../helpers/shell.ts';

const stamp = Date.now() % 100000;
let me: ApiSession;
let page: Page;
let zh: Page;
const errors: string[][] = [];

const suite = browserSuite({ SEED_DEMO: '0' }, async () => {
  const url = suite.server.url;
  me = await registerEmail(url, `pairing${stamp}@example.com`, 'Secret#2026');
  const ctx = await newContext(suite.browser, url, 'en-US');
  await useSession(ctx, url, me);
  page = await ctx.newPage();
  errors.push(trackErrors(page));
  const zhCtx = await newContext(suite.browser, url, 'zh-CN');
  await useSession(zhCtx, url, me);
  zh = await zhCtx.newPage();
  errors.push(trackErrors(zh));
});

const menu = (p: Page) => p.getByRole('button', { name: /Account menu|账号菜单/ });
/** What the extension sends with the code the seller typed; the envelope as it comes back. */
const pairAsExtension = async (code: string) => {
  const res = await fetch(`${suite.server.url}/api/v0.1/ext/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, name: 'Chrome on the test bench' }),
  });
  return (await res.json()) as { code: number; data: { token: string } | null };
};

describe('connecting the browser extension', () => {
  it('makes a pairing code, lists the connected browser and disconnects it', async () => {
    await page.goto('/home');
    await menu(page).click();
    await page.getByRole('menuitem', { name: 'Connect the browser extension' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connect the browser extension' });
    await dialog.getByText('No extension is connected yet.').waitFor();
    await dialog.getByText(new URL(suite.server.url).origin, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Make a pairing code' }).click();
    const codeText = dialog.getByTestId('ext-code');
    await expect.poll(() => codeText.innerText()).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    await dialog.getByText(/^Valid for (10:00|9:\d\d) more\.$/).waitFor();
    expect(await seriousAxeViolations(page), 'extension dialog, en-us').toEqual([]);

    // The extension's side: the code becomes its own token (once).
    const code = await codeText.innerText();
    const paired = await pairAsExtension(code);
    expect(paired.code).toBe(200);
    const token = paired.data!.token;
    expect((await pairAsExtension(code)).code).toBe(40001);
    const status = () =>
      callApi<unknown>(suite.server.url, token, 'POST', '/blogger/status', { bloggers: ['x'] });
    await status();

    // Listed on reopening, and disconnected after a confirmation: its next call is refused.
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await menu(page).click();
    await page.getByRole('menuitem', { name: 'Connect the browser extension' }).click();
    await dialog.getByText('Chrome on the test bench').waitFor();
    await dialog.getByRole('button', { name: 'Disconnect Chrome on the test bench' }).click();
    const confirmBox = page.locator('.cd-modal').getByRole('alertdialog');
    await confirmBox.getByText(/It stops at once/).waitFor();
    await confirmBox.getByRole('button', { name: 'Disconnect' }).click();
    await dialog.getByText('No extension is connected yet.').waitFor();
    await expect(status()).rejects.toThrow(/10003/);
    expect(errors.flat()).toEqual([]);
  });

  it('in Chinese, and the guide page the landing page links to', async () => {
    await zh.goto('/home');
    await menu(zh).click();
    await zh.getByRole('menuitem', { name: '连接浏览器扩展' }).click();
    const dialog = zh.getByRole('dialog', { name: '连接浏览器扩展' });
    await dialog.getByRole('button', { name: '生成配对码' }).click();
    await dialog.getByText(/^剩余有效时间 (10:00|9:\d\d)。$/).waitFor();
    expect(await seriousAxeViolations(zh), 'extension dialog, zh-cn').toEqual([]);
    await dialog.getByRole('button', { name: '关闭' }).last().click();

    await zh.goto('/');
    await zh.getByRole('link', { name: '安装浏览器扩展' }).click();
    await zh.getByRole('heading', { level: 1, name: 'CreatorDesk 浏览器扩展' }).waitFor();
    expect(await seriousAxeViolations(zh), 'extension guide, zh-cn').toEqual([]);
    await page.goto('/extension');
    await page.getByRole('heading', { level: 1, name: 'The CreatorDesk browser extension' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Connect it to your workspace' }).waitFor();
    expect(await seriousAxeViolations(page), 'extension guide, en-us').toEqual([]);
    expect(errors.flat()).toEqual([]);
  });

  /** The left edge of each section heading: one column, none indented under another. */
  const headingEdges = (p: Page) =>
    p.locator('main h2').evaluateAll((hs) => hs.map((h) => Math.round(h.getBoundingClientRect().left)));

  it('offers the extension this install built for download, in both locales, at 1440 and 390 px', async () => {
    const built = fs.readFileSync(path.resolve('dist-extension.zip'));
    const wide = await suite.browser.newContext({
      baseURL: suite.server.url,
      locale: 'en-US',
      viewport: { width: 1440, height: 900 },
    });
    const en = await wide.newPage();
    const enErrors = trackErrors(en);
    await en.goto('/extension');
    const link = en.getByRole('link', { name: 'Download the extension (creatordesk-extension.zip)' });
    await link.waitFor();
    await en
      .getByText('then unzip it into a folder you keep: the browser loads the extension from there.', {
        exact: false,
      })
      .waitFor();
    // What the seller gets is the package the build made, saved under its own name.
    const [download] = await Promise.all([en.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('creatordesk-extension.zip');
    expect(fs.readFileSync((await download.path())!).equals(built)).toBe(true);
    // No build command for a seller, and the sections share one left edge.
    expect(await en.locator('main').textContent()).not.toMatch(/npm|build:extension/);
    const edges = await headingEdges(en);
    expect(edges).toHaveLength(3);
    expect(new Set(edges).size).toBe(1);
    expect(await seriousAxeViolations(en), 'extension guide with download, en-us').toEqual([]);

    const narrow = await suite.browser.newContext({
      baseURL: suite.server.url,
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
    });
    const phone = await narrow.newPage();
    const zhErrors = trackErrors(phone);
    await phone.goto('/extension');
    await phone.getByRole('link', { name: '下载扩展（creatordesk-extension.zip）' }).waitFor();
    await phone.getByText('然后解压到一个固定的文件夹', { exact: false }).waitFor();
    expect(await phone.locator('main').textContent()).not.toMatch(/npm|build:extension/);
    expect(new Set(await headingEdges(phone)).size).toBe(1);
    // Nothing runs off the side at 390 px.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(phone), 'extension guide with download, zh-cn').toEqual([]);
    expect([...enErrors, ...zhErrors]).toEqual([]);
    await wide.close();
    await narrow.close();
  });

  it('names who has the extension when this install offers none', async () => {
    const bare = await startServer({ SEED_DEMO: '0', EXTENSION_ZIP: path.resolve('no-such-extension.zip') });
    try {
      const ctx = await newContext(suite.browser, bare.url, 'en-US');
      const p = await ctx.newPage();
      await p.goto('/extension');
      await p
        .getByText(
          'This CreatorDesk does not offer the extension for download yet: ask whoever runs it for ' +
            'creatordesk-extension.zip, then unzip it into a folder you keep.',
        )
        .waitFor();
      expect(await p.getByRole('link', { name: /Download the extension/ }).count()).toBe(0);
      expect(await seriousAxeViolations(p), 'extension guide without download, en-us').toEqual([]);
      const zhCtx = await newContext(suite.browser, bare.url, 'zh-CN');
      const z = await zhCtx.newPage();
      await z.goto('/extension');
      await z
        .getByText(
          '此 CreatorDesk 暂未提供扩展下载：请向其管理员索取 creatordesk-extension.zip，然后解压到一个固定的文件夹。',
        )
        .waitFor();
      expect(await seriousAxeViolations(z), 'extension guide without download, zh-cn').toEqual([]);
      await ctx.close();
      await zhCtx.close();
    } finally {
      await bare.stop();
    }
  });
});

/**
 * Writes PNGs of the shell to docs/screenshots/: landing (signed out), login in both locales,
 * register (zh-cn), Home with the user menu open (en-us) and the invited list (zh-cn), the last
 * two once the demo workspace has synced. Needs a build (`npm run build`; WEB_DIR names another
 * build folder). Run: `npm run screenshots` (builds, then draws).
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, newContext } from '../tests/helpers/browser.ts';
import { startServer } from '../tests/helpers/server-process.ts';
import { signInDemo } from '../tests/helpers/shell.ts';

const OUT = path.resolve('docs/screenshots');
/** The sync status once nothing waits (messages' `sync_synced`). */
const SYNCED = { 'en-US': 'Up to date', 'zh-CN': '已同步' } as const;
fs.mkdirSync(OUT, { recursive: true });

const server = await startServer();
const browser = await launchBrowser();
try {
  const shots: {
    file: string;
    locale: 'en-US' | 'zh-CN';
    path: string;
    signIn?: 'en' | 'zh';
    menu?: boolean;
    /** Inside the app: drawn once the first sync is done and the page's grid has rows. */
    app?: boolean;
  }[] = [
    { file: 'landing-en-us.png', locale: 'en-US', path: '/' },
    { file: 'landing-zh-cn.png', locale: 'zh-CN', path: '/' },
    { file: 'landing-signed-in-en-us.png', locale: 'en-US', path: '/', signIn: 'en' },
    { file: 'login-en-us.png', locale: 'en-US', path: '/login' },
    { file: 'login-zh-cn.png', locale: 'zh-CN', path: '/login' },
    { file: 'register-zh-cn.png', locale: 'zh-CN', path: '/register' },
    { file: 'main-layout-en-us.png', locale: 'en-US', path: '/home', signIn: 'en', menu: true, app: true },
    { file: 'main-layout-zh-cn.png', locale: 'zh-CN', path: '/invited', signIn: 'zh', app: true },
  ];
  for (const s of shots) {
    const ctx = await newContext(browser, server.url, s.locale);
    if (s.signIn) await signInDemo(ctx, server.url, s.signIn);
    const page = await ctx.newPage();
    await page.goto(s.path);
    if (s.app) {
      // The live-update stream keeps a request open, so the network never idles inside the app:
      // wait for the sync status to read "Up to date" in the page's language instead.
      await page.locator('h1').first().waitFor();
      await page.locator('.cd-sync__label', { hasText: SYNCED[s.locale] }).waitFor({ timeout: 180_000 });
      await page.getByRole('gridcell').first().waitFor({ timeout: 60_000 });
    } else {
      await page.waitForLoadState('networkidle');
      await page.locator('h1').first().waitFor();
    }
    if (s.menu) {
      await page.locator('.account-menu-trigger').click();
      await page.locator('.account-menu').waitFor();
      await page.waitForTimeout(300);
    }
    await page.screenshot({ path: path.join(OUT, s.file) });
    console.log(`wrote docs/screenshots/${s.file}`);
    await ctx.close();
  }
} finally {
  await browser.close();
  await server.stop();
}

/**
 * Writes PNGs of the shell to docs/screenshots/: landing (signed out), login in both locales,
 * register (zh-cn) and the main layout with the user menu open. Needs a build (`npm run build`).
 * Run: `npm run screenshots` (builds, then draws).
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, newContext } from '../tests/helpers/browser.ts';
import { startServer } from '../tests/helpers/server-process.ts';
import { signInDemo } from '../tests/helpers/shell.ts';

const OUT = path.resolve('docs/screenshots');
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
  }[] = [
    { file: 'landing-en-us.png', locale: 'en-US', path: '/' },
    { file: 'landing-zh-cn.png', locale: 'zh-CN', path: '/' },
    { file: 'landing-signed-in-en-us.png', locale: 'en-US', path: '/', signIn: 'en' },
    { file: 'login-en-us.png', locale: 'en-US', path: '/login' },
    { file: 'login-zh-cn.png', locale: 'zh-CN', path: '/login' },
    { file: 'register-zh-cn.png', locale: 'zh-CN', path: '/register' },
    { file: 'main-layout-en-us.png', locale: 'en-US', path: '/home', signIn: 'en', menu: true },
    { file: 'main-layout-zh-cn.png', locale: 'zh-CN', path: '/topicVideo', signIn: 'zh' },
  ];
  for (const s of shots) {
    const ctx = await newContext(browser, server.url, s.locale);
    if (s.signIn) await signInDemo(ctx, server.url, s.signIn);
    const page = await ctx.newPage();
    await page.goto(s.path);
    await page.waitForLoadState('networkidle');
    await page.locator('h1').first().waitFor();
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

/**
 * Writes the web app manifest's screenshots (public/screenshots/, named by scripts/pwa-manifest.ts):
 * the Home screen of the demo workspace, wide and narrow, in each language. Needs a build
 * (`npm run build`, or WEB_DIR=dir). Run: `npx tsx scripts/manifest-screenshots.ts`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { startServer } from '../tests/helpers/server-process.ts';
import { signInDemo } from '../tests/helpers/shell.ts';
import { SCREENSHOT_SIZES, screenshotPath, type ManifestLocale } from './pwa-manifest.ts';

const server = await startServer();
const browser = await launchBrowser();
try {
  for (const locale of ['en-us', 'zh-cn'] as ManifestLocale[]) {
    for (const form of Object.keys(SCREENSHOT_SIZES) as (keyof typeof SCREENSHOT_SIZES)[]) {
      const [width, height] = SCREENSHOT_SIZES[form];
      const ctx = await browser.newContext({
        baseURL: server.url,
        locale: locale === 'zh-cn' ? 'zh-CN' : 'en-US',
        viewport: { width, height },
      });
      await signInDemo(ctx, server.url, locale === 'zh-cn' ? 'zh' : 'en');
      const page = await ctx.newPage();
      await page.goto('/home');
      // The first sync fills the grid; wait until its rows are there and the sync badge settled.
      await page.locator('.cd-grid__body .cd-grid__row').nth(5).waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      const file = path.join('public', screenshotPath(locale, form));
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await page.screenshot({ path: file, type: 'jpeg', quality: 80 });
      console.log(`written ${file}`);
      await ctx.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

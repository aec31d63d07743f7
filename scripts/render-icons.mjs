// One-off: renders the app icon SVG to the PWA's PNG icons without any network access.
// Run: node scripts/render-icons.mjs  (needs /usr/bin/chromium and playwright-core)
import { chromium } from 'playwright-core';
import { writeFile, mkdir } from 'node:fs/promises';

// Same mark as public/favicon.svg. The maskable variant keeps the mark inside the 80 % safe zone
// on a full-bleed background, so launchers may crop it to any shape.
const mark = (scale) => `
  <g transform="translate(32 32) scale(${scale}) translate(-32 -32)">
    <rect x="14" y="16" width="36" height="26" rx="4" fill="none" stroke="#fff" stroke-width="5"/>
    <path d="M22 50h20" stroke="#fff" stroke-width="5" stroke-linecap="round"/>
    <circle cx="32" cy="29" r="5" fill="#7ee0ff"/>
  </g>`;
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="#1f5eff"/>${mark(1)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="#1f5eff"/>${mark(0.78)}</svg>`;

const targets = [
  ['public/icons/icon-192.png', rounded, 192],
  ['public/icons/icon-512.png', rounded, 512],
  ['public/icons/icon-maskable-512.png', maskable, 512],
  ['public/icons/apple-touch-icon.png', maskable, 180],
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  await mkdir('public/icons', { recursive: true });
  for (const [file, svg, size] of targets) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        svg.replace('<svg ', `<svg width="${size}" height="${size}" `) +
        `</body></html>`,
    );
    await writeFile(file, await page.screenshot({ omitBackground: true }));
    await page.close();
    console.log('wrote', file);
  }
} finally {
  await browser.close();
}

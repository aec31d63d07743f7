/**
 * A minimal built PWA for server tests that need the static side (app shell, an asset, the
 * service worker) without running vite: the server only serves files, it never reads them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const FIXTURE_ASSET = '/assets/index-test123.js';

export function makeWebDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-web-fixture-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    `<!doctype html><html><head><script type="module" src="${FIXTURE_ASSET}"></script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(dir, FIXTURE_ASSET), 'export const ok = 1;\n');
  fs.writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("install", () => self.skipWaiting());\n');
  return dir;
}

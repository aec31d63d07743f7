import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BOOT_ROWS_CACHE, BOOT_ROWS_KEY, BUILD_CSS, sessionDigest } from './boot-rows.ts';

// public/boot-shell-sw.js cannot import the app's modules: it repeats the names, and its digest.
const worker = fs.readFileSync(new URL('../../public/boot-shell-sw.js', import.meta.url), 'utf8');

describe("the warm start's copy of Home", () => {
  it('is stored under the cache and key the service worker reads', () => {
    expect(worker).toContain(`const ROWS_CACHE = '${BOOT_ROWS_CACHE}';`);
    expect(worker).toContain(`const ROWS_KEY = '${BOOT_ROWS_KEY}';`);
    expect(worker).toContain(`const BUILD_CSS = ${String(BUILD_CSS)};`);
  });

  it("links only the build's own stylesheets", () => {
    expect(BUILD_CSS.test('/assets/HomePage-DaOjUNyz.css')).toBe(true);
    for (const href of [
      'https://evil.example/x.css',
      '/assets/../x.css',
      '/assets/a.css"><script>',
      '/x.css',
    ])
      expect(BUILD_CSS.test(href), href).toBe(false);
  });

  it("names its session by the token's SHA-256 in hex, as the worker computes it", async () => {
    expect(await sessionDigest('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(worker).toContain("crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))");
    expect(worker).toContain(".map((b) => b.toString(16).padStart(2, '0')).join('')");
  });
});

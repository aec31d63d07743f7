/**
 * Delivery of the built PWA and of API answers: precompressed files by Accept-Encoding,
 * per-request compression of JSON over the threshold, cache headers, and 404s for unknown files.
 * The web folder is a small stand-in build written here; the real build's output is checked by
 * tests/e2e/delivery.e2e.ts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeForm } from '../../contract/wire.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { COMPRESS_MIN_BYTES, webCachePolicy } from './web-delivery.ts';

const SHELL = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const CHUNK = `export const x = ${JSON.stringify('y'.repeat(4000))};`;

/** A build folder as vite + scripts/vite-precompress.ts write it. */
function writeBuild(dir: string): void {
  const put = (rel: string, data: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), data);
  };
  for (const [rel, text] of [
    ['index.html', SHELL],
    ['assets/index-AbC123xy.js', CHUNK],
  ] as const) {
    put(rel, text);
    put(`${rel}.br`, zlib.brotliCompressSync(text));
    put(`${rel}.gz`, zlib.gzipSync(text));
  }
  put('sw.js', 'self.addEventListener("fetch", () => {});');
  put('manifest.webmanifest', '{"name":"CreatorDesk"}');
  put('robots.txt', 'User-agent: *\n');
  put('icons/icon-192.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]));
}

describe('web delivery', () => {
  let t: TestApp & { close(): Promise<void> };
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-web-'));
  beforeAll(async () => {
    writeBuild(webDir);
    t = await createTestApp('sqlite', { WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends the brotli or gzip copy the build wrote, by Accept-Encoding, and says it varies', async () => {
    const br = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(CHUNK);

    const gz = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(CHUNK);

    const plain = await get('/assets/index-AbC123xy.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CHUNK);
  });

  it('caches hashed assets for a year and revalidates the shell, service worker and manifest', async () => {
    const asset = await get('/assets/index-AbC123xy.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Never revalidated, so no validators; the revalidated files keep theirs.
    expect(asset.headers.etag).toBeUndefined();
    expect(asset.headers['last-modified']).toBeUndefined();
    const sw = await get('/sw.js');
    expect(sw.headers.etag).toBeTruthy();
    expect((await get('/sw.js', { 'if-none-match': String(sw.headers.etag) })).statusCode).toBe(304);
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/home', '/invite/3']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // An app route gets the shell, compressed like the file itself.
    const route = await get('/home', { 'accept-encoding': 'br' });
    expect(route.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(route.rawPayload).toString()).toBe(SHELL);
    expect((await get('/icons/icon-192.png')).headers['cache-control']).toBe('public, max-age=86400');
    expect(webCachePolicy('/workbox-2ff6bd68.js')).toBe('public, max-age=31536000, immutable');
    expect(webCachePolicy('/boot-shell-sw.js')).toBe('no-cache');
    expect(webCachePolicy('/boot-shell.json')).toBe('no-cache');
  });

  it('answers every app route with the shell from memory, revalidated by ETag, and sees a new build', async () => {
    const first = await get('/', { 'accept-encoding': 'gzip' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(first.rawPayload).toString()).toBe(SHELL);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await get('/team', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const rebuilt = SHELL.replace('<div id="root">', '<div id="root" data-build="2">');
    fs.writeFileSync(path.join(webDir, 'index.html'), rebuilt);
    fs.utimesSync(path.join(webDir, 'index.html'), new Date(), new Date(Date.now() + 5000));
    const fresh = await get('/team', { 'if-none-match': etag });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.body).toBe(rebuilt);
    expect(fresh.headers.etag).not.toBe(etag);
    fs.writeFileSync(path.join(webDir, 'index.html'), SHELL);
    fs.utimesSync(path.join(webDir, 'index.html'), new Date(), new Date(Date.now() + 10000));
  });

  it('answers 404 for unknown files instead of the app shell', async () => {
    for (const url of [
      '/x.js',
      '/assets/index-old00000.js',
      '/favicon.ico',
      '/files/missing',
      '/files/a.png',
    ]) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('<div id="root">');
    }
    expect((await get('/robots.txt')).body).toBe('User-agent: *\n');
  });

  it('answers / with the shell and folders of the build with 404, with or without Accept-Encoding', async () => {
    for (const encoding of [{}, { 'accept-encoding': 'gzip' }, { 'accept-encoding': 'br' }]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const root = await t.app.inject({ method, url: '/', headers: encoding });
        expect(root.statusCode, `${method} / ${JSON.stringify(encoding)}`).toBe(200);
        expect(root.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(root.headers['cache-control']).toBe('no-cache');
      }
      const rootBody = await t.app.inject({ method: 'GET', url: '/?utm=x', headers: encoding });
      const text =
        rootBody.headers['content-encoding'] === 'br'
          ? zlib.brotliDecompressSync(rootBody.rawPayload).toString()
          : rootBody.headers['content-encoding'] === 'gzip'
            ? zlib.gunzipSync(rootBody.rawPayload).toString()
            : rootBody.body;
      expect(text).toBe(SHELL);
      for (const url of ['/assets/', '/icons/', '/assets', '/icons/nothing', '/assets//index-AbC123xy.js']) {
        for (const method of ['GET', 'HEAD'] as const) {
          const res = await t.app.inject({ method, url, headers: encoding });
          const what = `${method} ${url} ${JSON.stringify(encoding)}`;
          expect(res.statusCode, what).toBe(404);
          expect(res.headers['content-type'], what).toBe('text/plain; charset=utf-8');
          if (method === 'GET') expect(res.body, what).toBe('Not found');
        }
      }
    }
    // An app route with a trailing slash is still an app route.
    expect((await get('/home/')).body).toBe(SHELL);
  });

  it('compresses JSON answers over the threshold and leaves small ones alone', async () => {
    const me = await t.signUp();
    // 30 tags make a list answer well over the threshold.
    for (let i = 0; i < 30; i++) {
      await t.call(
        'POST',
        '/tags/add',
        { country: 'US', title: `tag number ${i} ${'x'.repeat(30)}` },
        { token: me.token },
      );
    }
    const url = `/api/v0.1/tags/lists?${encodeForm({ language: 'en-us' })}`;
    const list = () =>
      t.app.inject({
        method: 'POST',
        url,
        headers: {
          token: me.token,
          'content-type': 'application/x-www-form-urlencoded',
          'accept-encoding': 'br, gzip',
        },
        payload: encodeForm({ country: 'US', page: 1, limit: 100 }),
      });
    const res = await list();
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    const body = JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString());
    expect(body.code).toBe(200);
    expect(body.data.list).toHaveLength(30);
    expect(zlib.brotliDecompressSync(res.rawPayload).length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const small = await t.app.inject({
      method: 'GET',
      url: '/api/v0.1/health?language=en-us',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(200);
  });

  it('does not inflate compressed request bodies (they would slip past the body limit)', async () => {
    const me = await t.signUp({ password: 'Secret#123' });
    const form = encodeForm({
      sys_tag: 'tiktok-sys',
      isPassword: 1,
      phone: me.phone,
      password: 'Secret#123',
      force: 1,
    });
    const signIn = (gzip: boolean) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v0.1/member/getToken',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(gzip ? { 'content-encoding': 'gzip' } : {}),
        },
        payload: gzip ? zlib.gzipSync(form) : form,
      });
    expect((await signIn(true)).json().code).toBe(40001);
    expect((await signIn(false)).json().code).toBe(200);
  });
});

/**
 * The signed-in shell painted before any script runs: a navigation with a session cookie to a
 * signed-in path gets index.html with the build's header and page frame (boot-shell.json) in the
 * member's language; everything else gets the plain shell. The stand-in build's boot-shell.json is
 * what scripts/boot-shell.ts writes, from the real message files.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootShellFile } from '../../scripts/boot-shell.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';
import { shellLanguage } from './boot-shell.ts';

const SHELL = '<!doctype html><html lang="en-us"><head></head><body><div id="root"></div></body></html>';
const messages = (l: string) =>
  JSON.parse(fs.readFileSync(path.resolve('messages', `${l}.json`), 'utf8')) as Record<string, string>;

describe('signed-in shell before the scripts', () => {
  let t: TestApp & { close(): Promise<void> };
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-boot-'));
  beforeAll(async () => {
    fs.writeFileSync(path.join(webDir, 'index.html'), SHELL);
    const file = bootShellFile({ 'en-us': messages('en-us'), 'zh-cn': messages('zh-cn') });
    fs.writeFileSync(path.join(webDir, 'boot-shell.json'), JSON.stringify(file));
    t = await createTestApp('sqlite', { WEB_DIR: webDir });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  const signedIn = 'TiktokToken=abc; other=1';

  it('draws the header and the page title of a signed-in page in the stored language', async () => {
    const en = await get('/home', { cookie: signedIn });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<div class="boot-title">Creator database</div>');
    expect(en.body).toContain('<li class="is-active">Creators</li>');
    expect(en.body).toMatch(/<div id="root"><\/div><div id="boot-shell"[^>]*aria-hidden="true" inert>/);
    expect(String(en.headers.vary)).toMatch(/cookie/);

    const zh = await get('/home', { cookie: `${signedIn}; cd_lang=zh-cn`, 'accept-encoding': 'br' });
    const body = zlib.brotliDecompressSync(zh.rawPayload).toString();
    expect(body).toContain('<html lang="zh-cn">');
    expect(body).toContain(`<div class="boot-title">${messages('zh-cn').app_title_home}</div>`);
    expect(zh.headers.etag).not.toBe(en.headers.etag);
    // The ETag names the variant: revalidating the English page with the Chinese tag sends it again.
    expect(
      (await get('/home', { cookie: signedIn, 'if-none-match': String(zh.headers.etag) })).statusCode,
    ).toBe(200);
    expect(
      (await get('/home', { cookie: signedIn, 'if-none-match': String(en.headers.etag) })).statusCode,
    ).toBe(304);
  });

  it('draws only the header on a signed-in page without a known title', async () => {
    const res = await get('/creator/US/someone', { cookie: signedIn });
    expect(res.body).toContain('id="boot-shell"');
    expect(res.body).not.toContain('<div class="boot-title">');
  });

  it('sends the plain shell without a session cookie, and on signed-out pages', async () => {
    for (const [url, cookie] of [
      ['/home', ''],
      ['/home', 'TiktokToken=; tkSession=x'],
      ['/login', signedIn],
      ['/', signedIn],
      ['/homestead', signedIn],
    ] as const) {
      const res = await get(url, cookie ? { cookie } : {});
      expect(res.statusCode, url).toBe(200);
      expect(res.body, `${url} ${cookie}`).toBe(SHELL);
    }
  });

  it('picks the language as the app does: its cookie, then the first zh or en browser language', () => {
    expect(shellLanguage('cd_lang=zh-cn', 'en-US')).toBe('zh-cn');
    expect(shellLanguage('cd_lang=fr', 'fr-FR, zh-TW;q=0.8, en;q=0.5')).toBe('zh-cn');
    expect(shellLanguage(undefined, 'de-DE, en-GB;q=0.7')).toBe('en-us');
    expect(shellLanguage(undefined, undefined)).toBe('en-us');
  });
});

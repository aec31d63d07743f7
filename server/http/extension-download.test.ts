/**
 * The packaged browser extension offered for download (server/http/extension-download.ts): the zip
 * the build wrote, as an attachment, to anyone (the /extension guide is public); a plain 404 when
 * this install has not built it, never the app shell in its place.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXTENSION_ZIP_PATH } from '../../contract/limits.ts';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';

type App = TestApp & { close(): Promise<void> };

describe('extension download', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-extzip-'));
  const zip = path.join(dir, 'dist-extension.zip');
  const web = path.join(dir, 'web');
  // A zip's first bytes, then some content: the answer must be these bytes, untouched.
  const bytes = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(4000, 7)]);
  let withZip: App;
  let without: App;
  beforeAll(async () => {
    fs.mkdirSync(web);
    // A built PWA, so a path the server does not know would get the app shell.
    fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(zip, bytes);
    withZip = await createTestApp('sqlite', { WEB_DIR: web, EXTENSION_ZIP: zip });
    without = await createTestApp('sqlite', { WEB_DIR: web, EXTENSION_ZIP: path.join(dir, 'missing.zip') });
  });
  afterAll(async () => {
    await withZip?.close();
    await without?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends the zip the build wrote as an attachment, without a token', async () => {
    const res = await withZip.app.inject({
      method: 'GET',
      url: EXTENSION_ZIP_PATH,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="creatordesk-extension.zip"');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(bytes)).toBe(true);
    // The guide asks with HEAD whether this install offers it.
    const head = await withZip.app.inject({ method: 'HEAD', url: EXTENSION_ZIP_PATH });
    expect(head.statusCode).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(bytes.length);
    expect(head.rawPayload.length).toBe(0);
  });

  it('answers 404, not the app shell, when this install has not built it', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await without.app.inject({ method, url: EXTENSION_ZIP_PATH });
      expect(res.statusCode).toBe(404);
      expect(String(res.headers['content-type'])).not.toMatch(/html/);
    }
    const res = await without.app.inject({ method: 'GET', url: EXTENSION_ZIP_PATH });
    expect(res.json()).toMatchObject({ code: 40004 });
  });

  it('serves only that one file', async () => {
    for (const url of [
      `${EXTENSION_ZIP_PATH}/x`,
      '/downloads/dist-extension.zip',
      '/downloads/..%2Fdist-extension.zip',
      '/downloads/%2e%2e/dist-extension.zip',
    ]) {
      // Other paths are not files (404) or app routes (the shell): never the package.
      const res = await withZip.app.inject({ method: 'GET', url });
      expect(res.headers['content-type'], url).not.toBe('application/zip');
      expect(res.rawPayload.includes(Buffer.from('PK\x03\x04')), url).toBe(false);
    }
    const post = await withZip.app.inject({ method: 'POST', url: EXTENSION_ZIP_PATH });
    expect(post.statusCode).toBe(404);
  });
});

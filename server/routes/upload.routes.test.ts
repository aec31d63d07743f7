import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { describeEngines, type TestApp } from '../../tests/helpers/test-app.ts';
import { GIF, JPEG, PNG, padJpeg } from '../../tests/fixtures/images.ts';

interface Part {
  name: string;
  data: Buffer | string;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body written by hand, as a browser would send it. */
function multipart(parts: Part[]): { payload: Buffer; contentType: string } {
  const boundary = `----cdtest${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(t: TestApp, token: string | undefined, parts: Part[]) {
  const { payload, contentType } = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v0.1/common/upload',
    headers: { 'content-type': contentType, ...(token ? { token } : {}) },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const image = (data: Buffer, filename = 'photo.png', type = 'image/png'): Part => ({
  name: 'image',
  data,
  filename,
  type,
});
const uploadsDir = (t: TestApp) => path.join(t.config.filesDir, 'uploads');
const stored = (t: TestApp) => (fs.existsSync(uploadsDir(t)) ? fs.readdirSync(uploadsDir(t)).sort() : []);

describeEngines('image upload', (t) => {
  it('stores a PNG by content hash and serves it under /files/', async () => {
    const me = await t().signUp();
    const res = await upload(t(), me.token, [image(PNG)]);
    const hash = crypto.createHash('sha256').update(PNG).digest('hex');
    expect(res).toEqual({
      status: 200,
      body: { code: 200, msg: 'Success', data: { file_url: `/files/uploads/${hash}.png` } },
    });
    const served = await t().app.inject({ method: 'GET', url: res.body.data.file_url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const again = await upload(t(), me.token, [image(PNG, 'other-name.png')]);
    expect(again.body.data.file_url).toBe(res.body.data.file_url);
  });

  it('decides the type by the bytes: a JPEG named .png is stored as .jpg', async () => {
    const me = await t().signUp();
    const res = await upload(t(), me.token, [
      { name: 'language', data: 'en-us' },
      image(JPEG, 'shot.png', 'image/png'),
    ]);
    expect(res.body.code).toBe(200);
    expect(res.body.data.file_url).toMatch(/^\/files\/uploads\/[0-9a-f]{64}\.jpg$/);
    const big = await upload(t(), me.token, [
      image(padJpeg(JPEG, Math.floor(1.9 * 1024 * 1024)), 'big.jpg', 'image/jpeg'),
    ]);
    expect(big.body.code).toBe(200);
  });

  it("refuses a GIF renamed .png with 'Image format error!' in the request language", async () => {
    const me = await t().signUp();
    const before = stored(t());
    const en = await upload(t(), me.token, [image(GIF, 'cat.png', 'image/png')]);
    expect(en).toEqual({ status: 200, body: { code: 40001, msg: 'Image format error!', data: null } });
    const zh = await upload(t(), me.token, [
      { name: 'language', data: 'zh-cn' },
      image(GIF, 'cat.png', 'image/png'),
    ]);
    expect(zh.body).toMatchObject({ code: 40001, msg: '图片格式错误！' });
    expect(stored(t())).toEqual(before);
  });

  it("refuses a truncated JPEG and a 2.1 MB JPEG ('Image must smaller than 2MB!')", async () => {
    const me = await t().signUp();
    const before = stored(t());
    const cut = await upload(t(), me.token, [
      image(JPEG.subarray(0, JPEG.length - 40), 'cut.jpg', 'image/jpeg'),
    ]);
    expect(cut.body).toMatchObject({ code: 40001, msg: 'Image format error!' });
    const huge = padJpeg(JPEG, Math.floor(2.1 * 1024 * 1024));
    const big = await upload(t(), me.token, [image(huge, 'huge.jpg', 'image/jpeg')]);
    expect(big).toEqual({
      status: 200,
      body: { code: 40001, msg: 'Image must smaller than 2MB!', data: null },
    });
    const exact = await upload(t(), me.token, [
      { name: 'language', data: 'zh-cn' },
      image(padJpeg(JPEG, 2 * 1024 * 1024), 'x.jpg'),
    ]);
    expect(exact.body).toMatchObject({ code: 40001, msg: '图片必须小于2MB！' });
    // Larger than the whole-body limit too: still the spec's message, not a 413 or 500.
    const giant = await upload(t(), me.token, [
      image(Buffer.concat([JPEG, Buffer.alloc(9 * 1024 * 1024)]), 'g.jpg'),
    ]);
    expect(giant).toEqual({
      status: 200,
      body: { code: 40001, msg: 'Image must smaller than 2MB!', data: null },
    });
    expect(stored(t())).toEqual(before);
  });

  it("answers 'upload error' (never a 500) for a missing file, a wrong field, an empty file or body", async () => {
    const me = await t().signUp();
    const expectUploadError = (res: { status: number; body: unknown }) =>
      expect(res).toEqual({ status: 200, body: { code: 40001, msg: 'upload error', data: null } });
    expectUploadError(await upload(t(), me.token, [{ name: 'language', data: 'en-us' }]));
    expectUploadError(
      await upload(t(), me.token, [{ name: 'file', data: PNG, filename: 'a.png', type: 'image/png' }]),
    );
    expectUploadError(await upload(t(), me.token, [image(Buffer.alloc(0))]));
    expectUploadError(await upload(t(), me.token, []));
    const zh = await upload(t(), me.token, [{ name: 'language', data: 'zh-cn' }]);
    expect(zh.body).toMatchObject({ code: 40001, msg: '上传失败' });
    for (const [contentType, payload] of [
      ['application/x-www-form-urlencoded', ''],
      ['application/json', '{}'],
      ['multipart/form-data; boundary=nope', 'garbage'],
      ['multipart/form-data', ''],
    ] as const) {
      const res = await t().app.inject({
        method: 'POST',
        url: '/api/v0.1/common/upload',
        headers: { 'content-type': contentType, token: me.token },
        payload,
      });
      expect(res.statusCode, contentType).toBe(200);
      expect(res.json().code, contentType).toBe(40001);
    }
    const bare = await t().app.inject({
      method: 'POST',
      url: '/api/v0.1/common/upload',
      headers: { token: me.token },
    });
    expect(bare.json()).toMatchObject({ code: 40001, msg: 'upload error' });
  });

  it('needs a token', async () => {
    const res = await upload(t(), undefined, [image(PNG)]);
    expect(res.body.code).toBe(10002);
  });
});

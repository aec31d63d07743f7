/**
 * Hostile uploads: bytes that lie about what they are (image names and types over
 * scripts, truncated images, other formats), path tricks in file names, and bodies over the
 * image cap and over the server's body limit. Every answer is a 4xxxx, never a 500, nothing is
 * stored, and the app keeps answering /health. Seed: FUZZ_SEED.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../contract/constants.ts';
import { GIF, JPEG, PNG } from '../fixtures/images.ts';
import { describeEngines, type TestApp } from '../helpers/test-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const RUNS = Number(process.env.FUZZ_RUNS ?? 8) * 5;

function multipart(name: string, filename: string, type: string, data: Buffer) {
  const boundary = `----fuzz${crypto.randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const stored = (t: TestApp): string[] => {
  const dir = path.join(t.config.filesDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** Content that is not a complete JPEG or PNG, whatever it claims. */
const lyingBytes = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }).map((b) => Buffer.from(b)),
  fc.constantFrom(
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    Buffer.from('<?php system($_GET["c"]); ?>'),
    Buffer.from('<html><script>alert(1)</script></html>'),
    GIF,
    PNG.subarray(0, PNG.length - 12), // no IEND
    JPEG.subarray(0, JPEG.length - 2), // no EOI
  ),
  fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.concat([PNG.subarray(0, 8), Buffer.from(b)])),
  fc.uint8Array({ maxLength: 512 }).map((b) => Buffer.concat([JPEG.subarray(0, 4), Buffer.from(b)])),
);
const lyingName = fc.constantFrom(
  'photo.png',
  'photo.jpg',
  'shell.png.php',
  '../../../../tmp/evil.png',
  '..\\..\\evil.jpg',
  'a'.repeat(5000) + '.png',
  '😀.jpeg',
  'x.png\u0000.html',
);
const lyingType = fc.constantFrom(
  'image/png',
  'image/jpeg',
  'image/svg+xml',
  'text/html',
  'application/octet-stream',
);

describeEngines('hostile uploads', (t) => {
  it(
    'uploads that lie about their content or size are refused and nothing is stored',
    { timeout: 60_000 },
    async () => {
      const app = t();
      const me = await app.signUp();
      const before = stored(app);
      const codes: number[] = [];
      const post = async (payload: Buffer | string, contentType: string) => {
        const res = await app.app.inject({
          method: 'POST',
          url: '/api/v0.1/common/upload',
          headers: { 'content-type': contentType, token: me.token },
          payload,
        });
        expect(res.statusCode).toBeLessThan(500);
        const body = res.json() as { code: number; msg: string };
        codes.push(body.code);
        return { status: res.statusCode, body };
      };
      await fc.assert(
        fc.asyncProperty(
          lyingBytes,
          lyingName,
          lyingType,
          fc.constantFrom('image', 'file', '__proto__'),
          async (data, name, type, field) => {
            const { payload, contentType } = multipart(field, name, type, data);
            const res = await post(payload, contentType);
            expect(res.body.code, `${name} ${type} ${data.length} bytes`).toBe(40001);
          },
        ),
        { seed: SEED, numRuns: RUNS },
      );
      // Over the image cap, with a real PNG head; and once under a header naming another boundary.
      const big = Buffer.concat([PNG, Buffer.alloc(IMAGE_MAX_BYTES + 10)]);
      const otherBoundary = multipart('image', 'x', 'x', Buffer.alloc(0)).contentType;
      expect(
        (await post(multipart('image', 'big.png', 'image/png', big).payload, otherBoundary)).body.code,
      ).toBe(40001);
      const overCap = multipart('image', 'big.png', 'image/png', big);
      expect((await post(overCap.payload, overCap.contentType)).body).toMatchObject({ code: 40001 });
      // Over the server's body limit (multipart and JSON): HTTP 413 with the 40001 envelope.
      const huge = Buffer.alloc(app.config.bodyLimit + 1024, 0x41);
      const hugePart = multipart('image', 'huge.png', 'image/png', huge);
      expect(await post(hugePart.payload, hugePart.contentType)).toMatchObject({ body: { code: 40001 } });
      const json = await app.app.inject({
        method: 'POST',
        url: '/api/v0.1/tags/add',
        headers: { 'content-type': 'application/json', token: me.token },
        payload: JSON.stringify({ title: 'x'.repeat(app.config.bodyLimit + 10) }),
      });
      expect([json.statusCode, json.json().code]).toEqual([413, 40001]);
      // Not multipart at all.
      expect((await post('image=abc', 'application/x-www-form-urlencoded')).body.code).toBe(40001);

      console.log(
        `upload fuzz [${app.engine}]: seed=${SEED}, ${codes.length} uploads, codes ${[...new Set(codes)].join(',')}`,
      );
      expect(stored(app)).toEqual(before);
      expect((await app.app.inject({ method: 'GET', url: '/api/v0.1/health' })).statusCode).toBe(200);
    },
  );
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../contract/constants.ts';
import { checkImage, sniffImage, storeImage } from './upload.service.ts';
import { GIF, JPEG, PNG, RAW_JPEG, padJpeg } from '../../tests/fixtures/images.ts';

describe('image sniffing', () => {
  it('knows JPEG (with or without JFIF) and PNG by their bytes, and refuses GIF', () => {
    expect(sniffImage(JPEG)).toBe('jpg');
    expect(sniffImage(RAW_JPEG)).toBe('jpg');
    expect(sniffImage(PNG)).toBe('png');
    expect(sniffImage(GIF)).toBeNull();
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('refuses every truncation of a JPEG and a PNG', () => {
    for (const img of [JPEG, RAW_JPEG, PNG]) {
      for (let n = 0; n < img.length; n++) expect(sniffImage(img.subarray(0, n)), `cut at ${n}`).toBeNull();
    }
  });

  it('refuses a PNG signature followed by garbage and a JPEG without a scan', () => {
    expect(sniffImage(Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(100, 7)]))).toBeNull();
    expect(sniffImage(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });

  it('takes sizes strictly under 2 MiB', () => {
    expect(checkImage(padJpeg(JPEG, IMAGE_MAX_BYTES - 1))).toEqual({ ok: true, kind: 'jpg' });
    expect(checkImage(padJpeg(JPEG, IMAGE_MAX_BYTES))).toEqual({ ok: false, reason: 'too_large' });
    expect(checkImage(Buffer.alloc(0))).toEqual({ ok: false, reason: 'empty' });
    expect(checkImage(GIF)).toEqual({ ok: false, reason: 'format' });
  });
});

describe('storeImage', () => {
  it('stores by content hash once and returns the public path', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-upload-'));
    try {
      const a = await storeImage(dir, PNG, 'png');
      const b = await storeImage(dir, PNG, 'png');
      expect(a).toBe(b);
      expect(a).toMatch(/^\/files\/uploads\/[0-9a-f]{64}\.png$/);
      const files = fs.readdirSync(path.join(dir, 'uploads'));
      expect(files).toEqual([path.basename(a)]);
      expect(fs.readFileSync(path.join(dir, 'uploads', files[0] as string)).equals(PNG)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

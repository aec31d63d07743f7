/**
 * Image uploads: the bytes decide the type, never the name or declared mime.
 * A JPEG or PNG must also be complete (walked to its end marker), so a cut-off upload is refused
 * rather than stored. Files are stored once per content hash: data/files/uploads/<sha256>.<ext>.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_MAX_BYTES } from '../../contract/constants.ts';

export type ImageKind = 'jpg' | 'png';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** PNG: signature, IHDR first, then whole chunks up to IEND. */
function isCompletePng(b: Buffer): boolean {
  if (b.length < 8 + 25 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let pos = 8;
  let first = true;
  while (pos + 12 <= b.length) {
    const len = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    if (first && (type !== 'IHDR' || len !== 13)) return false;
    first = false;
    const next = pos + 12 + len;
    if (next > b.length) return false;
    if (type === 'IEND') return true;
    pos = next;
  }
  return false;
}

/** JPEG: SOI, marker segments with lengths in bounds, at least one scan, then EOI. */
function isCompleteJpeg(b: Buffer): boolean {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return false;
  let pos = 2;
  let sawScan = false;
  while (pos < b.length) {
    if (b[pos] !== 0xff) return false;
    while (b[pos] === 0xff) pos++; // fill bytes
    const marker = b[pos++];
    if (marker === undefined) return false;
    if (marker === 0xd9) return sawScan;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue; // no length
    if (pos + 2 > b.length) return false;
    const len = b.readUInt16BE(pos);
    if (len < 2 || pos + len > b.length) return false;
    pos += len;
    if (marker !== 0xda) continue;
    sawScan = true;
    // Entropy-coded data runs until a marker that is neither a stuffed 0x00 nor a restart.
    for (;;) {
      if (pos + 1 >= b.length) return false;
      const next = b[pos + 1] as number;
      if (b[pos] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
      pos++;
    }
  }
  return false;
}

/** The image type by content, or null when it is not a complete JPEG or PNG. */
export function sniffImage(b: Buffer): ImageKind | null {
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return isCompleteJpeg(b) ? 'jpg' : null;
  if (b.subarray(0, 8).equals(PNG_SIGNATURE)) return isCompletePng(b) ? 'png' : null;
  return null;
}

export type UploadCheck =
  { ok: true; kind: ImageKind } | { ok: false; reason: 'empty' | 'too_large' | 'format' };

/** Size first (the spec's "under 2 MB" means strictly less than 2 MiB), then content. */
export function checkImage(b: Buffer): UploadCheck {
  if (b.length === 0) return { ok: false, reason: 'empty' };
  if (b.length >= IMAGE_MAX_BYTES) return { ok: false, reason: 'too_large' };
  const kind = sniffImage(b);
  return kind ? { ok: true, kind } : { ok: false, reason: 'format' };
}

/**
 * Stores the bytes under filesDir/uploads/<sha256>.<ext> unless already there, and returns the
 * public path served by the static plugin. The write goes to a temp name first, so a reader
 * never sees half a file.
 */
export async function storeImage(filesDir: string, b: Buffer, kind: ImageKind): Promise<string> {
  const hash = crypto.createHash('sha256').update(b).digest('hex');
  const name = `${hash}.${kind}`;
  const dir = path.join(filesDir, 'uploads');
  const file = path.join(dir, name);
  await fs.mkdir(dir, { recursive: true });
  const exists = await fs.stat(file).then(
    (s) => s.size === b.length,
    () => false,
  );
  if (!exists) {
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(tmp, b);
    await fs.rename(tmp, file);
  }
  return `/files/uploads/${name}`;
}

/**
 * Opaque page tokens. The guide says real tokens can hold `+` and `/` (and likely `=`), which a
 * connector must percent-encode in the URL and sign decoded; every token here starts with bytes
 * whose standard base64 is `+/+/`, so any connector that sends them raw fails at once (a raw `+`
 * arrives as a space). The payload is a small JSON cursor tied to one endpoint.
 */
import { paramInvalid } from './errors.ts';

const MAGIC = Buffer.from([0xfb, 0xff, 0xbf]);
const MASK = Buffer.from('tts-simulator-page-token', 'utf8');

export type Cursor = Record<string, string | number>;

const scramble = (bytes: Buffer): Buffer => {
  const out = Buffer.alloc(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = (bytes[i] ?? 0) ^ (MASK[i % MASK.length] ?? 0);
  return out;
};

export function encodePageToken(endpoint: string, cursor: Cursor): string {
  const json = Buffer.from(JSON.stringify({ e: endpoint, c: cursor }), 'utf8');
  return Buffer.concat([MAGIC, scramble(json)]).toString('base64');
}

/** The cursor inside a token from `endpoint`; a token that is not one of ours is a parameter error. */
export function decodePageToken(endpoint: string, token: string): Cursor {
  const bad = () => paramInvalid('page_token', 'the page token is invalid or belongs to another request');
  if (!/^[A-Za-z0-9+/]+=*$/.test(token)) throw bad();
  const bytes = Buffer.from(token, 'base64');
  if (bytes.length <= MAGIC.length || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(scramble(bytes.subarray(MAGIC.length)).toString('utf8'));
  } catch {
    throw bad();
  }
  const p = parsed as { e?: unknown; c?: unknown };
  if (p.e !== endpoint || typeof p.c !== 'object' || p.c === null) throw bad();
  return p.c as Cursor;
}

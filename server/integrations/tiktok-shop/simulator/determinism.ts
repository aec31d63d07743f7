/**
 * Deterministic building blocks for the generated shop: a 32-bit mixing hash, per-item random
 * sources derived from (seed, item, salt), and the id shapes of the API (decimal strings of 18-19
 * digits). Anything generated from an index goes through here, so a line can be rebuilt from its
 * index at any time instead of being kept in memory.
 */
import { Rng } from '../../../seed/prng.ts';

/** murmur3's finaliser over a combination of up to three integers. */
export function mix(a: number, b = 0, c = 0): number {
  let h =
    (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35) ^ (c * 0x27d4eb2f)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A random source for one item: the same (seed, index, salt) always gives the same sequence. */
export function rngFor(seed: number, index: number, salt: number): Rng {
  return new Rng(mix(seed, index, salt));
}

/** A string hash (FNV-1a), for ids derived from text such as creator handles. */
export function hashText(text: string, salt = 0): number {
  let h = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return mix(h, salt);
}

/** `count` decimal digits drawn from a hash (leading zeros allowed: the caller fixes the first digit). */
export function hashDigits(hash: number, count: number): string {
  let out = '';
  let h = hash;
  while (out.length < count) {
    out += String(h % 1_000_000_000).padStart(9, '0');
    h = mix(h, out.length);
  }
  return out.slice(0, count);
}

export const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Cents to the API's money amount string ("12.30"). */
export const amount = (cents: number): string => (cents / 100).toFixed(2);

export { Rng };

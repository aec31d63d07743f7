/**
 * Password hashing with scrypt and a per-user salt: `scrypt$N$r$p$salt$hash` (hex).
 *
 * Each scrypt run is counted (this process's total, exported to /ops/metrics): the sign-in and
 * sign-up limits exist to keep this slow work from a guesser, so how many runs a burst of
 * requests caused is what proves them (tests/reliability/parallel-limits.test.ts).
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  pw: string,
  salt: Buffer,
  len: number,
  opts: crypto.ScryptOptions,
) => Promise<Buffer>;
const N = 16384;
const R = 8;
const P = 1;
const LEN = 32;

const runs = { hash: 0, verify: 0 };
/** scrypt runs of this process so far: `hash` for new passwords, `verify` for checks of one. */
export const passwordRuns = (): { hash: number; verify: number } => ({ ...runs });

export async function hashPassword(password: string): Promise<string> {
  runs.hash++;
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, LEN, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('hex')}$${hash.toString('hex')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, saltHex, hashHex] = stored.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !saltHex || !hashHex) return false;
  runs.verify++;
  const expected = Buffer.from(hashHex, 'hex');
  const actual = await scrypt(password, Buffer.from(saltHex, 'hex'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return crypto.timingSafeEqual(expected, actual);
}

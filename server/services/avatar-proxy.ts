/**
 * Creator avatars through our own server: the creator page shows the picture without
 * the seller's browser calling TikTok's CDN, and a picture fetched once is kept on disk.
 *
 * The address comes from a creator row, which imports and the extension fill, so it is untrusted:
 * - only HTTPS on port 443 to a host in the allowlist (AVATAR_HOSTS, TikTok's image CDNs by
 *   default), no user:password, no IP literals (they match no listed host);
 * - the host must resolve to public unicast addresses only (isPublicAddress), checked in the
 *   connection's own lookup, so a name that resolves to 127.0.0.1, a private range, a link-local
 *   metadata address or an IPv6 wrapping of one is refused at connect time (no check-then-connect
 *   gap for DNS rebinding);
 * - no redirects are followed, answers other than 200 are refused, the body is cut at
 *   AVATAR_MAX_BYTES and the whole fetch at AVATAR_TIMEOUT_MS;
 * - the bytes decide the type: a complete JPEG or PNG (as uploads) or a WebP; anything else
 *   (HTML, SVG with script) is refused and never served.
 * Kept under dataDir/avatars/<sha256 of the address> for AVATAR_FRESH_MS; a failed address is
 * not asked again for AVATAR_RETRY_MS. One fetch per address at a time.
 */
import crypto from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { sniffImage } from './upload.service.ts';

export const AVATAR_MAX_BYTES = 1024 * 1024;
export const AVATAR_TIMEOUT_MS = 5000;
export const AVATAR_FRESH_MS = 7 * 86_400_000;
export const AVATAR_RETRY_MS = 10 * 60_000;
const FAILED_KEPT = 5000;

export type AvatarType = 'image/jpeg' | 'image/png' | 'image/webp';

/** The address when it may be fetched: HTTPS, port 443, no credentials, a listed host or its sub-domain. */
export function allowedAvatarUrl(raw: string, hosts: readonly string[]): URL | null {
  if (!raw || raw.length > 1000) return null;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' || u.username || u.password || (u.port !== '' && u.port !== '443')) return null;
  const host = u.hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`)) ? u : null;
}

/*
 * Which addresses are public is decided by ipaddr.js's range names: only `unicast` passes, for
 * IPv4 and IPv6. Every special range has its own name there (loopback, private, link-local,
 * carrier-grade NAT, reserved, multicast; IPv6 unique-local, site-local, discard, 6to4, Teredo,
 * NAT64 `rfc6052`, SIIT `rfc6145`, documentation), so an address that wraps a private IPv4 one
 * is refused by its own range. IPv4-mapped addresses (::ffff:a.b.c.d) are the IPv4 address
 * itself and are judged as such. Two prefixes are checked by Node's own parser first, because
 * ipaddr.js has no name for them and reads `::a.b.c.d` (IPv4-compatible, deprecated) as mapped:
 * an IPv6 address must be in 2000::/3, the only block IANA hands out for global unicast.
 */
const MAPPED = new net.BlockList();
MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');
const GLOBAL_UNICAST_V6 = new net.BlockList();
GLOBAL_UNICAST_V6.addSubnet('2000::', 3, 'ipv6');

/** True when the address is a public unicast address (or an IPv4-mapped form of one). */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address).range() === 'unicast';
  if (family !== 6) return false;
  if (MAPPED.check(address, 'ipv6')) return ipaddr.process(address).range() === 'unicast';
  if (!GLOBAL_UNICAST_V6.check(address, 'ipv6')) return false;
  return ipaddr.IPv6.parse(address).range() === 'unicast';
}

/** Anything that is not a public unicast address, and anything that is not an address. */
export const isPrivateAddress = (address: string): boolean => !isPublicAddress(address);

type LookupAll = (
  host: string,
  cb: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;
const systemLookup: LookupAll = (host, cb) => dns.lookup(host, { all: true }, cb);

/** A `lookup` for https.request that fails when any address of the name is not public. */
export function publicOnlyLookup(resolve: LookupAll = systemLookup): net.LookupFunction {
  return (host, options, cb) => {
    resolve(host, (err, addresses) => {
      if (err) return cb(err, '', 4);
      const bad = addresses.find((a) => isPrivateAddress(a.address));
      if (bad || addresses.length === 0) {
        const e = Object.assign(new Error(`avatar host ${host} resolves to a non-public address`), {
          code: 'EAVATARPRIVATE',
        });
        return cb(e, '', 4);
      }
      if ((options as { all?: boolean }).all) {
        return (cb as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      }
      const first = addresses[0]!;
      cb(null, first.address, first.family);
    });
  };
}

/** The picture's type by its bytes: a complete JPEG or PNG, or a WebP whose RIFF size fits. */
export function avatarType(b: Buffer): AvatarType | null {
  const kind = sniffImage(b);
  if (kind === 'jpg') return 'image/jpeg';
  if (kind === 'png') return 'image/png';
  if (
    b.length >= 20 &&
    b.toString('latin1', 0, 4) === 'RIFF' &&
    b.toString('latin1', 8, 12) === 'WEBP' &&
    b.readUInt32LE(4) + 8 === b.length
  )
    return 'image/webp';
  return null;
}

export type AvatarFetcher = (url: URL) => Promise<Buffer>;

/** GET with the guards above; rejects on anything but a 200 within the size and time limits. */
export function guardedFetch(lookup: net.LookupFunction = publicOnlyLookup()): AvatarFetcher {
  return (url) =>
    new Promise<Buffer>((resolve, reject) => {
      const req = https.get(
        url,
        {
          lookup,
          agent: false,
          headers: { accept: 'image/webp,image/jpeg,image/png', 'user-agent': 'CreatorDesk-avatar/1' },
        },
        (res) => {
          const declared = Number(res.headers['content-length'] ?? 0);
          if (res.statusCode !== 200 || declared > AVATAR_MAX_BYTES) {
            res.resume();
            req.destroy();
            return reject(new Error(`avatar answer ${res.statusCode ?? 0}, ${declared} bytes`));
          }
          const parts: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > AVATAR_MAX_BYTES) {
              req.destroy(new Error('avatar larger than the limit'));
              return;
            }
            parts.push(chunk);
          });
          res.on('end', () => resolve(Buffer.concat(parts)));
          res.on('error', reject);
        },
      );
      req.setTimeout(AVATAR_TIMEOUT_MS, () => req.destroy(new Error('avatar fetch timed out')));
      const deadline = setTimeout(() => req.destroy(new Error('avatar fetch timed out')), AVATAR_TIMEOUT_MS);
      req.on('close', () => clearTimeout(deadline));
      req.on('error', reject);
    });
}

export interface AvatarProxy {
  /** The picture for an address, or null when it may not be fetched or is not a picture. */
  get(raw: string): Promise<{ bytes: Buffer; type: AvatarType } | null>;
}

export function createAvatarProxy(opts: {
  dir: string;
  hosts: readonly string[];
  fetcher?: AvatarFetcher;
  now?: () => number;
}): AvatarProxy {
  const fetcher = opts.fetcher ?? guardedFetch();
  const now = opts.now ?? Date.now;
  const failedAt = new Map<string, number>();
  const inFlight = new Map<string, Promise<{ bytes: Buffer; type: AvatarType } | null>>();

  const fileOf = (url: URL) =>
    path.join(opts.dir, crypto.createHash('sha256').update(url.href).digest('hex'));

  async function fromDisk(file: string) {
    const stat = await fs.stat(file).catch(() => null);
    if (!stat || now() - stat.mtimeMs > AVATAR_FRESH_MS) return null;
    const bytes = await fs.readFile(file).catch(() => null);
    const type = bytes && avatarType(bytes);
    return bytes && type ? { bytes, type } : null;
  }

  async function fetchAndKeep(url: URL, file: string) {
    let bytes: Buffer;
    try {
      bytes = await fetcher(url);
    } catch {
      return null;
    }
    const type = avatarType(bytes);
    if (!type) return null;
    await fs.mkdir(opts.dir, { recursive: true });
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, file);
    return { bytes, type };
  }

  return {
    async get(raw) {
      const url = allowedAvatarUrl(raw, opts.hosts);
      if (!url) return null;
      const file = fileOf(url);
      const kept = await fromDisk(file);
      if (kept) return kept;
      const failed = failedAt.get(url.href);
      if (failed !== undefined && now() - failed < AVATAR_RETRY_MS) return null;
      let pending = inFlight.get(url.href);
      if (!pending) {
        pending = fetchAndKeep(url, file).finally(() => inFlight.delete(url.href));
        inFlight.set(url.href, pending);
      }
      const got = await pending;
      if (!got) {
        if (failedAt.size >= FAILED_KEPT) failedAt.clear();
        failedAt.set(url.href, now());
      } else failedAt.delete(url.href);
      return got;
    },
  };
}

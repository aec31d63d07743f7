import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  allowedAvatarUrl,
  AVATAR_FRESH_MS,
  AVATAR_RETRY_MS,
  avatarType,
  createAvatarProxy,
  guardedFetch,
  isPrivateAddress,
  isPublicAddress,
  publicOnlyLookup,
} from './avatar-proxy.ts';
import { JPEG, PNG } from '../../tests/fixtures/images.ts';

const HOSTS = ['tiktokcdn.com', 'tiktokcdn-us.com'];

function tinyWebp(): Buffer {
  const b = Buffer.alloc(26);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(b.length - 8, 4);
  b.write('WEBPVP8 ', 8, 'latin1');
  return b;
}

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'cd-avatar-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('avatar addresses', () => {
  it('takes HTTPS on 443 to a listed host or its sub-domain only', () => {
    expect(allowedAvatarUrl('https://p16-sign-va.tiktokcdn.com/a~c5_100x100.jpeg?x=1', HOSTS)?.hostname).toBe(
      'p16-sign-va.tiktokcdn.com',
    );
    expect(allowedAvatarUrl('https://tiktokcdn-us.com:443/a.jpg', HOSTS)).not.toBeNull();
    for (const bad of [
      'http://p16.tiktokcdn.com/a.jpg',
      'https://p16.tiktokcdn.com:8443/a.jpg',
      'https://user:pw@p16.tiktokcdn.com/a.jpg',
      'https://eviltiktokcdn.com/a.jpg',
      'https://tiktokcdn.com.evil.example/a.jpg',
      'https://127.0.0.1/a.jpg',
      'https://[::1]/a.jpg',
      'https://169.254.169.254/latest/meta-data/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
      '',
      `https://p16.tiktokcdn.com/${'a'.repeat(1000)}`,
    ])
      expect(allowedAvatarUrl(bad, HOSTS), bad).toBeNull();
    expect(allowedAvatarUrl('https://p16.tiktokcdn.com/a.jpg', [])).toBeNull();
  });

  // Every address an avatar host name could resolve to, and whether the proxy may connect to it.
  const ADDRESSES: [address: string, isPublic: boolean, what: string][] = [
    ['8.8.8.8', true, 'public IPv4'],
    ['23.45.67.89', true, 'public IPv4'],
    ['2606:4700::1111', true, 'public IPv6'],
    ['2a03:2880:f12f:83:face:b00c::25de', true, 'public IPv6'],
    ['::ffff:8.8.8.8', true, 'IPv4-mapped public address: judged as 8.8.8.8'],
    ['127.0.0.1', false, 'loopback'],
    ['127.255.0.9', false, 'loopback block'],
    ['10.1.2.3', false, 'RFC 1918'],
    ['172.20.0.1', false, 'RFC 1918'],
    ['192.168.1.1', false, 'RFC 1918'],
    ['169.254.169.254', false, 'link-local (cloud metadata)'],
    ['100.64.0.1', false, 'carrier-grade NAT'],
    ['0.0.0.0', false, 'unspecified'],
    ['0.1.2.3', false, '"this network"'],
    ['192.0.2.1', false, 'documentation'],
    ['198.18.0.1', false, 'benchmarking'],
    ['224.0.0.1', false, 'multicast'],
    ['240.0.0.1', false, 'reserved'],
    ['255.255.255.255', false, 'broadcast'],
    ['::1', false, 'IPv6 loopback'],
    ['::', false, 'IPv6 unspecified'],
    ['fd00::1', false, 'unique local'],
    ['fc00::1', false, 'unique local'],
    ['fe80::1', false, 'link-local'],
    ['fe80::1%eth0', false, 'link-local with a zone'],
    ['fec0::1', false, 'site-local (deprecated)'],
    ['feff::1', false, 'site-local (deprecated)'],
    ['ff02::1', false, 'multicast'],
    ['2001:db8::1', false, 'documentation'],
    ['100::1', false, 'discard'],
    ['::ffff:127.0.0.1', false, 'IPv4-mapped loopback'],
    ['::ffff:10.0.0.1', false, 'IPv4-mapped private'],
    ['::ffff:7f00:1', false, 'IPv4-mapped loopback, hex form'],
    ['::127.0.0.1', false, 'IPv4-compatible loopback (deprecated)'],
    ['::7f00:1', false, 'IPv4-compatible loopback, hex form'],
    ['::8.8.8.8', false, 'IPv4-compatible (deprecated, never global unicast)'],
    ['::ffff:0:127.0.0.1', false, 'SIIT (RFC 6145) loopback'],
    ['::ffff:0:8.8.8.8', false, 'SIIT (RFC 6145)'],
    ['64:ff9b::7f00:1', false, 'NAT64 of loopback'],
    ['64:ff9b::a9fe:a9fe', false, 'NAT64 of the metadata address'],
    ['64:ff9b:1::1', false, 'local-use NAT64'],
    ['2002:7f00:1::1', false, '6to4 of loopback'],
    ['2002:808:808::1', false, '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false, 'Teredo'],
    ['2001::1', false, 'Teredo'],
    ['1::1', false, 'outside global unicast 2000::/3'],
    ['4000::1', false, 'outside global unicast 2000::/3'],
    ['not-an-ip', false, 'not an address'],
    ['127.1', false, 'not a canonical address'],
    ['', false, 'empty'],
  ];

  it.each(ADDRESSES)('%s: public %s (%s)', (address, isPublic) => {
    expect(isPublicAddress(address)).toBe(isPublic);
    expect(isPrivateAddress(address)).toBe(!isPublic);
  });

  it('refuses at connect time a listed name that resolves to a private address, and connects nowhere', async () => {
    let connections = 0;
    const server = net.createServer((s) => {
      connections++;
      s.destroy();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as net.AddressInfo).port;
    const rebinding = publicOnlyLookup((_host, cb) => cb(null, [{ address: '127.0.0.1', family: 4 }]));
    const mixed = publicOnlyLookup((_host, cb) =>
      cb(null, [
        { address: '8.8.8.8', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ]),
    );
    // An IPv6 name whose address wraps loopback (6to4) is refused the same way.
    const wrapped = publicOnlyLookup((_host, cb) => cb(null, [{ address: '2002:7f00:1::1', family: 6 }]));
    for (const lookup of [rebinding, mixed, wrapped]) {
      await expect(guardedFetch(lookup)(new URL(`https://p16.tiktokcdn.com:${port}/a.png`))).rejects.toThrow(
        /non-public/,
      );
    }
    server.close();
    expect(connections).toBe(0);
  });
});

describe('avatar bytes', () => {
  it('serves complete JPEG/PNG and WebP by content, nothing else', () => {
    expect(avatarType(PNG)).toBe('image/png');
    expect(avatarType(tinyWebp())).toBe('image/webp');
    expect(avatarType(JPEG)).toBe('image/jpeg');
    expect(avatarType(PNG.subarray(0, PNG.length - 4))).toBeNull();
    expect(avatarType(Buffer.from('<svg onload="alert(1)"></svg>'))).toBeNull();
    expect(avatarType(Buffer.from('<!doctype html><p>login</p>'))).toBeNull();
    const cut = tinyWebp().subarray(0, 20);
    expect(avatarType(cut)).toBeNull();
  });
});

describe('avatar proxy', () => {
  it('fetches an address once, keeps it on disk for a week, then fetches it again', async () => {
    let clock = 1_000_000;
    const asked: string[] = [];
    const dir = tmp();
    const make = () =>
      createAvatarProxy({
        dir,
        hosts: HOSTS,
        now: () => clock,
        fetcher: async (u) => {
          asked.push(u.href);
          return asked.length === 1 ? PNG : JPEG;
        },
      });
    const proxy = make();
    const url = 'https://p16.tiktokcdn.com/a.png';
    const [one, two] = await Promise.all([proxy.get(url), proxy.get(url)]);
    expect(one?.type).toBe('image/png');
    expect(two?.bytes.equals(one!.bytes)).toBe(true);
    expect(asked).toEqual([url]);
    // Another process (a restart) reads the kept file.
    expect((await make().get(url))?.bytes.equals(one!.bytes)).toBe(true);
    expect(asked).toHaveLength(1);
    // The file's age is its mtime: past a week it is fetched again.
    clock = Date.now() + AVATAR_FRESH_MS + 1000;
    const again = await make().get(url);
    expect(asked).toHaveLength(2);
    expect(again?.bytes.equals(one!.bytes)).toBe(false);
  });

  it('refuses what is not a picture, asks a failed address again only after a pause, never fetches an unlisted one', async () => {
    let clock = 5_000_000;
    let answer: Buffer | Error = Buffer.from('<html>captcha</html>');
    const asked: string[] = [];
    const proxy = createAvatarProxy({
      dir: tmp(),
      hosts: HOSTS,
      now: () => clock,
      fetcher: async (u) => {
        asked.push(u.href);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    });
    const url = 'https://p16.tiktokcdn.com/b.jpg';
    expect(await proxy.get(url)).toBeNull();
    answer = PNG;
    expect(await proxy.get(url)).toBeNull();
    expect(asked).toHaveLength(1);
    clock += AVATAR_RETRY_MS + 1;
    expect((await proxy.get(url))?.type).toBe('image/png');
    expect(asked).toHaveLength(2);

    answer = new Error('ECONNRESET');
    expect(await proxy.get('https://p16.tiktokcdn.com/c.jpg')).toBeNull();
    expect(await proxy.get('http://p16.tiktokcdn.com/d.jpg')).toBeNull();
    expect(await proxy.get('https://10.0.0.1/e.jpg')).toBeNull();
    expect(asked).toHaveLength(3);
  });
});

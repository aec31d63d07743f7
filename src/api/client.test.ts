import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../contract/endpoint.ts';
import { decodeForm, encodeForm } from '../../contract/wire.ts';
import { setAppLocale } from '../i18n/locale.ts';
import { toastQueue } from '../ui/toast-queue.ts';
import { configureClient, request, requestImage, setForceLogoutHandler } from './client.ts';
import { ApiError } from './errors.ts';
import { uploadImage } from './upload.ts';
import { clearSession, setCookieJar, setSession, type CookieJar } from './session.ts';

/** A tiny real server speaking the envelope, so the client runs against real sockets. */
let server: Server;
const seen: { method: string; url: string; headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const path = new URL(req.url!, 'http://x').pathname.replace('/api/v0.1', '');
      const json = (status: number, v: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(v));
      };
      if (path === '/ok') return json(200, { code: 200, msg: 'saved', data: { id: 7 } });
      if (path === '/nocode') return json(200, { msg: '', data: { list: [1] } });
      if (path === '/expired') return json(200, { code: 10004, msg: 'Login expired', data: null });
      if (path === '/vip-only') return json(200, { code: 40201, msg: 'VIP required', data: null });
      if (path === '/common/upload') {
        const ok = String(req.headers['content-type']).startsWith('multipart/form-data');
        return json(
          200,
          ok ? { code: 200, msg: '', data: { file_url: '/files/a.png' } } : { code: 40001, msg: 'image' },
        );
      }
      if (path === '/picture') {
        if (req.headers.token !== 'tok-1') return json(404, { code: 40004, msg: 'No picture', data: null });
        res.writeHead(200, { 'content-type': 'image/png' });
        return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      }
      if (path === '/conflict') return json(200, { code: 40009, msg: 'Already exists', data: null });
      if (path === '/bad-gateway') {
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<html>bad gateway</html>');
      }
      if (path === '/slow') return setTimeout(() => json(200, { code: 200, data: 1 }), 2000);
      json(404, { code: 40004, msg: 'Not found', data: null });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  configureClient({ baseUrl: `http://127.0.0.1:${port}/api/v0.1` });
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** Minimal document.cookie: last write wins, an expiry in the past deletes. */
function fakeJar(): CookieJar {
  const map = new Map<string, string>();
  return {
    get cookie() {
      return [...map].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair, ...attrs] = line.split(';');
      const [k, v] = pair!.split('=');
      const exp = attrs.find((a) => a.trim().startsWith('expires='));
      if (exp && new Date(exp.split('=')[1]!).getTime() <= Date.now()) map.delete(k!.trim());
      else map.set(k!.trim(), v!);
    },
  };
}

const toasts = () => toastQueue.visibleToasts.map((t) => `${t.content.tone}:${t.content.message}`);

beforeEach(() => {
  seen.length = 0;
  toastQueue.clear();
  setCookieJar(fakeJar());
  setAppLocale('en-us');
});
afterEach(() => setForceLogoutHandler(null));

/** A session of Ann with the token tok-1, valid for an hour. */
const signIn = () =>
  setSession({
    token: 'tok-1',
    token_expiration_time: Math.floor(Date.now() / 1000) + 3600,
    member_name: 'Ann',
    login_time: 1,
  });

describe('HTTP client', () => {
  it('sends form bodies with bracket-index arrays, the language and the token', async () => {
    signIn();
    setAppLocale('zh-cn');
    const data = await request<{ id: number }>('POST', '/ok', { bloggers: ['a', 'b'], country: 'US' });
    expect(data).toEqual({ id: 7 });
    const hit = seen[0]!;
    expect(hit.method).toBe('POST');
    expect(hit.headers['token']).toBe('tok-1');
    expect(hit.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(hit.body).toContain('bloggers%5B0%5D=a&bloggers%5B1%5D=b');
    expect(decodeForm(hit.body)).toEqual({ bloggers: ['a', 'b'], country: 'US', language: 'zh-cn' });
  });

  it('writes a body of plain values that the server reads back exactly as qs would have written it', async () => {
    const tricky = "a b&c=d+e%f 中文 🙂 #?/'*";
    const body = { title: tricky, page: 3, flag: false, gone: null, unset: undefined, country: 'GB' };
    await request('POST', '/ok', body);
    await request('GET', '/ok', body);
    const [post, get] = seen;
    const expected = { title: tricky, page: '3', flag: 'false', country: 'GB', language: 'en-us' };
    expect(decodeForm(post!.body)).toEqual(expected);
    expect(decodeForm(get!.url.split('?')[1]!)).toEqual(expected);
    expect(decodeForm(post!.body)).toEqual(decodeForm(encodeForm({ ...body, language: 'en-us' })));
  });

  it('puts GET parameters and the language in the query and omits the token when signed out', async () => {
    clearSession();
    await request('GET', '/ok', { page: 2, tagsId: [3, 4] });
    const hit = seen[0]!;
    expect(hit.body).toBe('');
    expect(hit.headers['token']).toBeUndefined();
    const q = decodeForm(hit.url.split('?')[1]!);
    expect(q).toEqual({ page: '2', tagsId: ['3', '4'], language: 'en-us' });
  });

  it('treats a missing code as 200', async () => {
    await expect(request('GET', '/nocode')).resolves.toEqual({ list: [1] });
    expect(toasts()).toEqual([]);
  });

  it('shows the server msg for other codes and rejects', async () => {
    const err = await request('POST', '/conflict', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(40009);
    expect(toasts()).toEqual(['error:Already exists']);
  });

  it('links the VIP-required toast to /vip', async () => {
    await expect(request('GET', '/vip-only')).rejects.toMatchObject({ code: 40201 });
    const t = toastQueue.visibleToasts[0]!.content;
    expect(t).toMatchObject({ tone: 'error', message: 'VIP required', action: { href: '/vip' } });
  });

  it('uploads images as multipart after checking format and size', async () => {
    const png = new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });
    await expect(uploadImage(png)).resolves.toBe('/files/a.png');
    expect(seen[0]!.body).toContain('name="image"; filename="a.png"');
    expect(seen[0]!.body).toContain('name="language"');
    const gif = new File([new Uint8Array([1])], 'a.gif', { type: 'image/gif' });
    await expect(uploadImage(gif)).resolves.toBeNull();
    expect(seen).toHaveLength(1);
    expect(toasts()).toEqual(['error:Image format error!']);
  });

  it('returns the envelope untouched in raw mode and shows nothing', async () => {
    const env = await request('POST', '/conflict', {}, { raw: true });
    expect(env).toEqual({ code: 40009, msg: 'Already exists', data: null });
    expect(toasts()).toEqual([]);
  });

  it('calls the force-logout handler with the server msg', async () => {
    const calls: [string | undefined, number][] = [];
    setForceLogoutHandler((msg, code) => calls.push([msg, code]));
    await expect(request('GET', '/expired')).rejects.toBeInstanceOf(ApiError);
    expect(calls).toEqual([['Login expired', 10004]]);
    expect(toasts()).toEqual(['error:Login expired']);
  });

  it('reports a timeout with the catalogue text', async () => {
    const err = (await request('GET', '/slow', undefined, { timeout: 100 }).catch((e) => e)) as ApiError;
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('System interface request timed out');
    expect(toasts()).toEqual(['error:System interface request timed out']);
  });

  it('reports an HTTP status with its last three characters', async () => {
    setAppLocale('zh-cn');
    const err = (await request('GET', '/bad-gateway').catch((e) => e)) as ApiError;
    expect(err.kind).toBe('http_status');
    expect(err.message).toBe('系统接口502异常');
  });

  it('reports a refused connection as a failed request', async () => {
    configureClient({ baseUrl: 'http://127.0.0.1:1/api/v0.1' });
    try {
      const err = (await request('GET', '/ok', undefined, { silent: true }).catch((e) => e)) as ApiError;
      expect(err.kind).toBe('network');
      expect(err.message).toBe('System interface request failed');
      expect(toasts()).toEqual([]);
    } finally {
      const { port } = server.address() as AddressInfo;
      configureClient({ baseUrl: `http://127.0.0.1:${port}/api/v0.1` });
    }
  });

  it('reports a request that cannot be built as the setup failure', async () => {
    const err = (await request('GET', '/ok', undefined, {
      headers: { 'bad header': 'x' },
    }).catch((e) => e)) as ApiError;
    expect(err.kind).toBe('setup');
    expect(err.message).toBe('Network request timed out');
  });

  it('types calls from a contract endpoint and honours its auth flag', async () => {
    setSession({
      token: 't2',
      token_expiration_time: Math.floor(Date.now() / 1000) + 60,
      member_name: 'B',
      login_time: 1,
    });
    const ep = endpoint({
      method: 'PUT',
      path: '/ok',
      auth: false,
      request: z.object({ a: z.number() }),
      response: z.object({ id: z.number() }),
    });
    const data = await request(ep, { a: 1 });
    expect(data.id).toBe(7);
    expect(seen[0]!.method).toBe('PUT');
    expect(seen[0]!.headers['token']).toBeUndefined();
  });
});

describe('requestImage', () => {
  const picture = endpoint({
    method: 'GET',
    path: '/picture',
    auth: true,
    request: z.object({}),
    response: z.unknown(),
  });

  it('answers the image with the token sent, and null (no toast) for a refusal or a dead server', async () => {
    signIn();
    const blob = await requestImage(picture, { id: 3 });
    expect(blob?.type).toBe('image/png');
    expect(blob?.size).toBe(4);
    expect(seen.at(-1)?.url).toMatch(/\/picture\?id=3&language=/);
    clearSession();
    expect(await requestImage(picture, { id: 3 })).toBeNull();
    const port = (server.address() as AddressInfo).port;
    configureClient({ baseUrl: 'http://127.0.0.1:1/api/v0.1' });
    try {
      expect(await requestImage(picture, { id: 3 })).toBeNull();
    } finally {
      configureClient({ baseUrl: `http://127.0.0.1:${port}/api/v0.1` });
    }
    expect(toastQueue.visibleToasts).toHaveLength(0);
  });
});

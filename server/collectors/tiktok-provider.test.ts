/**
 * Contract tests of the Research API client against a loopback stand-in that answers in the
 * documented shape: {data:{videos, cursor, has_more, search_id}, error:{code, message, log_id}}.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ProviderError } from './provider.ts';
import { tiktokProvider } from './tiktok-provider.ts';

interface Seen {
  path: string;
  query: URLSearchParams;
  auth: string | undefined;
  body: string;
}
type Answer = { status: number; body: string };
let seen: Seen[] = [];
let answer: (s: Seen) => Answer;
let server: http.Server;
let base = '';

const ok = (data: unknown): Answer => ({
  status: 200,
  body: JSON.stringify({ data, error: { code: 'ok', message: '', log_id: 'log1' } }),
});
const video = (id: string, username: string, views = 100) =>
  // A raw int64 id, as the API sends it: JSON.stringify would quote a string, so splice it in.
  `{"id":${id},"username":"${username}","video_description":"#glow ${id}","create_time":1700000000,"view_count":${views},"like_count":7,"comment_count":2,"share_count":1,"favorites_count":3}`;
const page = (videos: string[], cursor: number, hasMore: boolean): Answer => ({
  status: 200,
  body: `{"data":{"videos":[${videos.join(',')}],"cursor":${cursor},"has_more":${hasMore},"search_id":"s-1"},"error":{"code":"ok","message":"","log_id":"l"}}`,
});

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const s: Seen = { path: url.pathname, query: url.searchParams, auth: req.headers.authorization, body };
      seen.push(s);
      const a =
        s.path === '/v2/oauth/token/'
          ? {
              status: 200,
              body: JSON.stringify({ access_token: 'tok-1', expires_in: 7200, token_type: 'Bearer' }),
            }
          : answer(s);
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
});

const sleeps: number[] = [];
const provider = () =>
  tiktokProvider({
    base,
    clientKey: 'key',
    clientSecret: 'secret',
    backoffMs: 5,
    maxRetries: 2,
    sleep: async (ms) => void sleeps.push(ms),
  });
const AT = Date.UTC(2026, 10, 20) / 1000;
const videoCalls = () => seen.filter((s) => s.path === '/v2/research/video/query/');

it('pages with cursor and search_id while has_more, with a client-credentials token', async () => {
  const pages = [
    page([video('7301234567890123456', 'alice'), video('7301234567890123457', 'bob')], 2, true),
    page([video('7301234567890123458', 'alice', 900)], 3, true),
    page([video('7301234567890123459', 'carol')], 4, false),
  ];
  answer = (s) => {
    if (s.path === '/v2/research/user/info/') {
      const { username } = JSON.parse(s.body) as { username: string };
      return ok({
        display_name: username.toUpperCase(),
        follower_count: 4200,
        likes_count: 10,
        video_count: 5,
      });
    }
    return pages[videoCalls().length - 1]!;
  };
  const progress: number[] = [];
  const got = await provider().collect(
    { hashtag: 'glow', country: 'US', at: AT },
    async (n) => void progress.push(n),
  );

  expect(got.videos.map((v) => v.video_id)).toEqual([
    '7301234567890123456',
    '7301234567890123457',
    '7301234567890123458',
    '7301234567890123459',
  ]);
  expect(got.videos[2]).toMatchObject({
    unique_id: 'alice',
    play_count: 900,
    digg_count: 7,
    collect_count: 3,
  });
  expect(progress).toEqual([2, 3, 4, 4, 4, 4]); // after each page, then after each profile lookup
  const token = seen.find((s) => s.path === '/v2/oauth/token/')!;
  expect(new URLSearchParams(token.body).get('grant_type')).toBe('client_credentials');
  expect(seen.filter((s) => s.path === '/v2/oauth/token/')).toHaveLength(1);

  const calls = videoCalls();
  expect(calls).toHaveLength(3);
  expect(calls[0]!.auth).toBe('Bearer tok-1');
  expect(calls[0]!.query.get('fields')).toContain('username');
  const bodies = calls.map((c) => JSON.parse(c.body) as Record<string, unknown>);
  expect(bodies[0]).toMatchObject({ end_date: '20261120', start_date: '20261022' });
  expect(JSON.stringify(bodies[0]!.query)).toContain('"field_name":"hashtag_name","field_values":["glow"]');
  expect(bodies[0]!.cursor).toBeUndefined();
  expect(bodies[1]).toMatchObject({ cursor: 2, search_id: 's-1' });
  expect(bodies[2]).toMatchObject({ cursor: 3, search_id: 's-1' });

  expect(got.authors.map((a) => a.unique_id).sort()).toEqual(['alice', 'bob', 'carol']);
  expect(got.authors.find((a) => a.unique_id === 'bob')).toMatchObject({
    nick_name: 'BOB',
    follower_count: 4200,
  });
});

it('answers an empty result with no videos and no authors', async () => {
  answer = () => page([], 0, false);
  const got = await provider().collect({ hashtag: 'nothing', country: 'US', at: AT });
  expect(got).toEqual({ videos: [], authors: [] });
  expect(videoCalls()).toHaveLength(1);
});

it('backs off on 429 rate_limit_exceeded and succeeds when the limit clears', async () => {
  sleeps.length = 0;
  let n = 0;
  answer = () =>
    ++n === 1
      ? {
          status: 429,
          body: JSON.stringify({ error: { code: 'rate_limit_exceeded', message: 'slow down', log_id: 'x' } }),
        }
      : page([], 0, false);
  const got = await provider().collect({ hashtag: 'busy', country: 'US', at: AT });
  expect(got.videos).toEqual([]);
  expect(sleeps).toEqual([5]);
});

it('gives up after the retry bound with a rate-limit ProviderError', async () => {
  sleeps.length = 0;
  answer = () => ({
    status: 429,
    body: JSON.stringify({ error: { code: 'rate_limit_exceeded', message: 'slow down', log_id: 'x' } }),
  });
  const err = await provider()
    .collect({ hashtag: 'busy', country: 'US', at: AT })
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ProviderError);
  expect((err as ProviderError).reason).toMatch(/rate limited after 3 attempts/);
  expect(videoCalls()).toHaveLength(3);
  expect(sleeps).toEqual([5, 10]);
});

it('turns malformed bodies into a ProviderError with the reason', async () => {
  answer = () => ({ status: 200, body: '<html>gateway</html>' });
  const notJson = await provider()
    .collect({ hashtag: 'x', country: 'US', at: AT })
    .catch((e: unknown) => e);
  expect(notJson).toBeInstanceOf(ProviderError);
  expect((notJson as ProviderError).reason).toMatch(/malformed response .*not JSON/);

  answer = () => ok({ videos: 'nope', has_more: false });
  const badShape = await provider()
    .collect({ hashtag: 'x', country: 'US', at: AT })
    .catch((e: unknown) => e);
  expect((badShape as ProviderError).reason).toMatch(/malformed response: data.videos/);

  answer = () => ({
    status: 400,
    body: JSON.stringify({ error: { code: 'invalid_params', message: 'bad query', log_id: 'x' } }),
  });
  const apiError = await provider()
    .collect({ hashtag: 'x', country: 'US', at: AT })
    .catch((e: unknown) => e);
  expect((apiError as ProviderError).reason).toMatch(/invalid_params.*bad query/);
});

it('fetches a new token once when the API says the token is invalid', async () => {
  let n = 0;
  answer = () =>
    ++n === 1
      ? {
          status: 401,
          body: JSON.stringify({ error: { code: 'access_token_invalid', message: 'expired', log_id: 'x' } }),
        }
      : page([], 0, false);
  const p = provider();
  await p.collect({ hashtag: 'tok', country: 'US', at: AT });
  expect(seen.filter((s) => s.path === '/v2/oauth/token/')).toHaveLength(2);
  expect(videoCalls()).toHaveLength(2);
});

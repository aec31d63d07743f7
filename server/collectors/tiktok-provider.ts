/**
 * The TikTok Research API provider: videos by hashtag_name from
 * POST {base}/v2/research/video/query/, authors' profiles from /v2/research/user/info/, with a
 * client-credentials token from /v2/oauth/token/ (cached until shortly before it expires).
 *
 * Failure rules: a 429 / 'rate_limit_exceeded' answer is retried with exponential backoff up to
 * maxRetries, then the refresh fails; a body that is not the documented shape fails the refresh
 * with the reason. Failures are ProviderErrors, never crashes. Profiles are best effort: a failed
 * user-info call leaves that author with what the videos told us.
 */
import { z } from 'zod';
import { blankVideo, ProviderError, type CollectedAuthor, type TopicProvider } from './provider.ts';

export interface TikTokOptions {
  base: string;
  clientKey: string;
  clientSecret: string;
  maxRetries?: number;
  backoffMs?: number;
  maxPages?: number;
  pageSize?: number;
  /** Profiles looked up per refresh (each is one call against the daily quota). */
  profileLimit?: number;
  sleep?: (ms: number) => Promise<void>;
}

const VIDEO_FIELDS =
  'id,video_description,create_time,region_code,share_count,view_count,like_count,comment_count,favorites_count,username,hashtag_names';
const USER_FIELDS =
  'display_name,bio_description,avatar_url,follower_count,following_count,likes_count,video_count,bio_url';

const ApiError = z.object({
  code: z.string(),
  message: z.string().optional(),
  log_id: z.string().optional(),
});
const count = z.number().nonnegative().optional();
const Video = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  username: z.string().min(1),
  video_description: z.string().optional(),
  create_time: z.number().optional(),
  view_count: count,
  like_count: count,
  comment_count: count,
  share_count: count,
  favorites_count: count,
});
const VideoPage = z.object({
  data: z.object({
    videos: z.array(Video),
    cursor: z.number().optional(),
    has_more: z.boolean(),
    search_id: z.string().optional(),
  }),
  error: ApiError,
});
const UserInfo = z.object({
  data: z.object({
    display_name: z.string().optional(),
    bio_description: z.string().optional(),
    avatar_url: z.string().optional(),
    follower_count: count,
    following_count: count,
    likes_count: count,
    video_count: count,
    bio_url: z.string().optional(),
  }),
  error: ApiError,
});
const Token = z.object({ access_token: z.string().min(1), expires_in: z.number() });

const ymd = (t: number): string => new Date(t * 1000).toISOString().slice(0, 10).replace(/-/g, '');
/** Video ids are int64: read them as strings before JSON.parse rounds them. */
const parseJson = (text: string): unknown => JSON.parse(text.replace(/"id"\s*:\s*(-?\d+)/g, '"id":"$1"'));

export function tiktokProvider(o: TikTokOptions): TopicProvider {
  const maxRetries = o.maxRetries ?? 4;
  const backoffMs = o.backoffMs ?? 1000;
  const sleep = o.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
  const base = o.base.replace(/\/+$/, '');
  let token: { value: string; until: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return token.value;
    const res = await send(`${base}/v2/oauth/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_key: o.clientKey,
        client_secret: o.clientSecret,
        grant_type: 'client_credentials',
      }).toString(),
    });
    const parsed = Token.safeParse(res.body);
    if (!parsed.success) throw new ProviderError(`token request failed (HTTP ${res.status})`);
    token = { value: parsed.data.access_token, until: Date.now() + (parsed.data.expires_in - 60) * 1000 };
    return token.value;
  }

  async function send(url: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    } catch (err) {
      throw new ProviderError(`network error: ${(err as Error).message}`, true);
    }
    const text = await res.text();
    try {
      return { status: res.status, body: parseJson(text) };
    } catch {
      throw new ProviderError(`malformed response (HTTP ${res.status}): not JSON`);
    }
  }

  /** One research call with the rate-limit backoff; returns the body checked against `shape`. */
  async function research<T>(path: string, fields: string, body: unknown, shape: z.ZodType<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const res = await send(`${base}${path}?fields=${fields}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const code = (res.body as { error?: { code?: unknown } } | null)?.error?.code;
      if (res.status === 429 || code === 'rate_limit_exceeded') {
        if (attempt >= maxRetries)
          throw new ProviderError(`rate limited after ${attempt + 1} attempts`, true);
        await sleep(backoffMs * 2 ** attempt);
        continue;
      }
      if (code === 'access_token_invalid' && attempt === 0) {
        token = undefined;
        continue;
      }
      if (res.status !== 200 || code !== 'ok') {
        const msg = (res.body as { error?: { message?: unknown } } | null)?.error?.message;
        throw new ProviderError(
          `research API error (HTTP ${res.status}, ${String(code)}): ${String(msg ?? '')}`,
        );
      }
      const parsed = shape.safeParse(res.body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ProviderError(`malformed response: ${issue?.path.join('.')} ${issue?.message}`);
      }
      return parsed.data;
    }
  }

  /** A profile; undefined when this lookup failed, 'stop' when rate limits say to stop looking. */
  async function profile(username: string): Promise<CollectedAuthor | undefined | 'stop'> {
    try {
      const { data: u } = await research('/v2/research/user/info/', USER_FIELDS, { username }, UserInfo);
      return {
        unique_id: username,
        ...(u.display_name !== undefined ? { nick_name: u.display_name } : {}),
        ...(u.bio_description !== undefined ? { signature: u.bio_description } : {}),
        ...(u.avatar_url !== undefined ? { head_img: u.avatar_url } : {}),
        ...(u.bio_url !== undefined ? { bio_link: u.bio_url } : {}),
        ...(u.follower_count !== undefined ? { follower_count: u.follower_count } : {}),
        ...(u.following_count !== undefined ? { following_count: u.following_count } : {}),
        ...(u.likes_count !== undefined ? { heart: u.likes_count, heart_count: u.likes_count } : {}),
        ...(u.video_count !== undefined ? { video_count: u.video_count } : {}),
      };
    } catch (err) {
      if (err instanceof ProviderError) return err.retryable ? 'stop' : undefined;
      throw err;
    }
  }

  return {
    name: 'tiktok',
    async collect(q, progress) {
      const videos = [];
      let cursor: number | undefined;
      let searchId: string | undefined;
      for (let page = 0; page < (o.maxPages ?? 10); page++) {
        const body = {
          query: {
            and: [
              { operation: 'IN', field_name: 'hashtag_name', field_values: [q.hashtag] },
              { operation: 'IN', field_name: 'region_code', field_values: [q.country] },
            ],
          },
          start_date: ymd(q.at - 29 * 86_400),
          end_date: ymd(q.at),
          max_count: o.pageSize ?? 100,
          ...(cursor !== undefined ? { cursor } : {}),
          ...(searchId ? { search_id: searchId } : {}),
        };
        const { data } = await research('/v2/research/video/query/', VIDEO_FIELDS, body, VideoPage);
        for (const v of data.videos) {
          const row = blankVideo(v.id, v.username);
          row.video_desc = v.video_description ?? '';
          row.video_create_time = v.create_time ?? 0;
          row.play_count = v.view_count ?? 0;
          row.digg_count = v.like_count ?? 0;
          row.comment_count = v.comment_count ?? 0;
          row.share_count = v.share_count ?? 0;
          row.collect_count = v.favorites_count ?? 0;
          videos.push(row);
        }
        await progress?.(videos.length);
        if (!data.has_more || data.cursor === undefined) break;
        cursor = data.cursor;
        searchId = data.search_id ?? searchId;
      }
      const names = [...new Set(videos.map((v) => v.unique_id))];
      const authors: CollectedAuthor[] = [];
      let lookups = o.profileLimit ?? 20;
      for (const name of names) {
        const found = lookups-- > 0 ? await profile(name) : undefined;
        if (found === 'stop') lookups = 0;
        authors.push(found && found !== 'stop' ? found : { unique_id: name });
        // Lookups may back off for a while: keep the job's lease alive between them.
        if (found !== undefined) await progress?.(videos.length);
      }
      return { videos, authors };
    },
  };
}

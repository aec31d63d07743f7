/**
 * Cursor paging (the guide's "Paging"): `page_size` and `page_token` in the query (POST searches
 * too; filters go in the body), no `page_token` on the first page, `next_page_token` empty on the
 * last. Tokens are opaque and may hold `+` and `/`: the client percent-encodes them in the URL and
 * signs them decoded.
 *
 * Items are validated one by one. A page whose items fail validation is fetched again (the answer
 * may have been cut or mangled on the way); items still invalid after that are handed back as
 * `rejected` with the page's request id, so the caller records them: never skipped silently.
 */
import { z } from 'zod';
import type { QueryValue } from './signing.ts';
import type { HttpMethod, TtsClient } from './client.ts';
import { TtsApiError } from './errors.ts';
import { issuesOf } from './envelope.ts';

export interface PageQuery {
  method: HttpMethod;
  path: string;
  query?: Readonly<Record<string, QueryValue | undefined>>;
  body?: unknown;
  accessToken: string;
  shopCipher?: string;
  pageSize: number;
  /** Resume from this token (a cursor committed earlier); empty or absent: the first page. */
  pageToken?: string;
  signal?: AbortSignal;
}

export interface RejectedItem {
  index: number;
  /** Paths and messages of the failed checks, no values. */
  problem: string;
}

export interface Page<I> {
  items: I[];
  rejected: RejectedItem[];
  /** The token that fetched this page ('' for the first). */
  pageToken: string;
  /** '' on the last page. */
  nextPageToken: string;
  totalCount: number | undefined;
  requestId: string;
}

export interface PageOptions<I> {
  /** The list's field under `data` (`orders`, `sample_applications`, …). */
  itemsField: string;
  item: z.ZodType<I>;
  /** Extra fetches of a page whose items fail validation. Default 2. */
  validationRetries?: number;
  /** Extra fields to carry over to the next page's body (e.g. creator search's `search_key`). */
  carry?: (data: Record<string, unknown>) => Record<string, unknown> | undefined;
}

function pageShape(itemsField: string) {
  return z
    .object({
      [itemsField]: z.array(z.unknown()).max(10_000).nullish(),
      next_page_token: z.string().max(4096).nullish(),
      total_count: z.number().int().nullish(),
    })
    .passthrough();
}

/** Yields pages from `q.pageToken` until TikTok answers an empty `next_page_token`. */
export async function* pages<I>(
  client: TtsClient,
  q: PageQuery,
  opts: PageOptions<I>,
): AsyncGenerator<Page<I>> {
  const shape = pageShape(opts.itemsField);
  const retries = opts.validationRetries ?? 2;
  let token = q.pageToken ?? '';
  let body = q.body;
  for (;;) {
    let page: Page<I> | undefined;
    let data: Record<string, unknown> = {};
    for (let attempt = 0; attempt <= retries; attempt++) {
      const res = await client.call({
        method: q.method,
        path: q.path,
        query: { ...q.query, page_size: q.pageSize, page_token: token || undefined },
        body,
        accessToken: q.accessToken,
        shopCipher: q.shopCipher,
        data: shape,
        retry: true,
        signal: q.signal,
      });
      data = res.data as Record<string, unknown>;
      const raw = (data[opts.itemsField] as unknown[] | null | undefined) ?? [];
      const items: I[] = [];
      const rejected: RejectedItem[] = [];
      raw.forEach((r, index) => {
        const parsed = opts.item.safeParse(r);
        if (parsed.success) items.push(parsed.data);
        else rejected.push({ index, problem: issuesOf(parsed.error) });
      });
      const next = (data.next_page_token as string | null | undefined) ?? '';
      page = {
        items,
        rejected,
        pageToken: token,
        nextPageToken: next,
        totalCount: (data.total_count as number | null | undefined) ?? undefined,
        requestId: res.requestId,
      };
      if (rejected.length === 0) break;
    }
    if (page!.nextPageToken !== '' && page!.nextPageToken === token)
      throw new TtsApiError(
        'invalid_response',
        0,
        'next_page_token repeats the page',
        page!.requestId,
        200,
        q.path,
      );
    yield page!;
    if (page!.nextPageToken === '') return;
    token = page!.nextPageToken;
    const carried = opts.carry?.(data);
    if (carried) body = { ...(body as Record<string, unknown> | undefined), ...carried };
  }
}

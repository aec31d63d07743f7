/**
 * Content from the shop's API (docs/decisions/shop-connection.md, "Content, quota and creator
 * details from the API"): a shipped sample's fulfilments become content records for its creator
 * and product (and the plan the creator is in with that product), source 'shop', one per video or
 * LIVE in the workspace and country, keyed on the video id a link names (contract/tiktok-link.ts)
 * so a hand-pasted link of the same video is the same record. Each read whose counts changed adds
 * a performance snapshot (snapshotIfChanged, the same step as the other inlets). A new or changed record moves the creator to "content posted" through
 * the hand entry's own step (postedFromContent), so both paths move alike.
 */
import type { Transaction } from 'kysely';
import { DEFAULT_LANGUAGE } from '../../contract/constants.ts';
import { CONTENT_HANDLE_MAX, CONTENT_MAX } from '../../contract/limits.ts';
import { isVideoLink, parseVideoLink } from '../../contract/tiktok-link.ts';
import {
  contentByVideo,
  countContent,
  creatorByHandle,
  insertContent,
  snapshotIfChanged,
  updateContent,
} from '../db/content.repository.ts';
import type { Actor } from '../db/creator-events.repository.ts';
import type { DB } from '../db/schema.ts';
import { nextVersion } from '../db/versioning.ts';
import type { SampleFulfillment } from '../integrations/tiktok-shop/index.ts';
import { planOfRecord, postedFromContent } from './content.service.ts';

type Trx = Transaction<DB>;

/** The sync acts for nobody in particular: stage history shows no member. */
const SYNC: Actor = { id: 0, name: '' };
const HANDLE = new RegExp(`^[a-z0-9_.]{2,${CONTENT_HANDLE_MAX}}$`);

export interface SampleForContent {
  id: number;
  application_id: string;
  status: string;
  creator: string;
  creator_id: number;
  product_id: string;
}

/** What a fulfilment is stored as: the video id and link a link names, else TikTok's id and a safe address. */
function recordOf(f: SampleFulfillment, sampleHandle: string) {
  const c = f.content;
  const parsed = [c.url, c.page_link].map(parseVideoLink).find(isVideoLink);
  const handle = parsed?.handle ?? sampleHandle.replace(/^@+/, '').toLowerCase();
  const validHandle = HANDLE.test(handle);
  let link = parsed?.link ?? '';
  if (!link && c.format === 'VIDEO' && validHandle) link = `https://www.tiktok.com/@${handle}/video/${c.id}`;
  if (!link)
    link =
      [c.url, c.page_link].find(
        (u) => /^https:\/\/(www\.|m\.)?tiktok\.com\/[^\s]*$/i.test(u) && u.length <= 500,
      ) ?? '';
  return {
    videoId: parsed?.videoId ?? c.id.replace(/^0+(?=\d)/, ''),
    handle: validHandle ? handle : '',
    link,
    kind: c.format === 'LIVE' ? ('live' as const) : ('video' as const),
    postTime: c.create_time,
  };
}

const splitIds = (s: string): string[] => s.split(',').filter(Boolean);

export interface ContentWriteResult {
  /** Records added or changed, plus snapshots taken. */
  lines: number;
  /** Fulfilments not stored because the workspace is at its content cap. */
  overCap: number;
}

/**
 * Writes one application's fulfilments and marks it read. `t` is the sync's clock (snapshot and
 * read times).
 */
export async function writeShopContent(
  trx: Trx,
  ws: number,
  country: string,
  sample: SampleForContent,
  fulfillments: readonly SampleFulfillment[],
  t: number,
): Promise<ContentWriteResult> {
  let lines = 0;
  let overCap = 0;
  let version = 0;
  const bump = async () => (version ||= await nextVersion(trx, ws));
  let creatorId = sample.creator_id;
  let planId: number | undefined;
  for (const f of fulfillments) {
    const r = recordOf(f, sample.creator);
    if (!creatorId && r.handle) creatorId = (await creatorByHandle(trx, ws, country, r.handle))?.id ?? 0;
    planId ??= await planOfRecord(trx, ws, creatorId, [sample.product_id]);
    const productId = f.product?.id || sample.product_id;
    const existing = await contentByVideo(trx, ws, country, r.videoId);
    // A record a member deleted stays deleted: the sync does not bring it back.
    if (existing?.deleted) continue;
    let row = existing?.row;
    let changed = false;
    if (row) {
      // A member's record keeps what they entered; the shop fills only what is missing.
      const products = splitIds(row.product_ids);
      const patch = {
        ...(productId &&
          !products.includes(productId) && { product_ids: [...products, productId].join(',') }),
        ...(!row.plan_id && planId && { plan_id: planId }),
        ...(!row.creator_id && creatorId && { creator_id: creatorId }),
        ...(row.source === 'shop' && r.postTime && row.post_time !== r.postTime && { post_time: r.postTime }),
      };
      if (Object.keys(patch).length) {
        row = await updateContent(trx, ws, row.id, { ...patch, update_time: t, version: await bump() });
        changed = true;
      }
    } else {
      if ((await countContent(trx, ws)) >= CONTENT_MAX) {
        overCap++;
        continue;
      }
      row = await insertContent(trx, {
        workspace_id: ws,
        country,
        video_id: r.videoId,
        version: await bump(),
        deleted_at: null,
        handle: r.handle,
        creator_id: creatorId,
        product_ids: productId,
        plan_id: planId,
        link: r.link,
        kind: r.kind,
        post_time: r.postTime || t,
        source: 'shop',
        user_id: 0,
        user_name: '',
        add_time: t,
        update_time: t,
      });
      changed = true;
    }
    if (changed) {
      lines++;
      await postedFromContent(trx, ws, SYNC, row, DEFAULT_LANGUAGE);
    }
    const c = f.content;
    const counts = {
      views: c.view_count,
      likes: c.like_count,
      comments: c.comment_count,
      orders: c.paid_order_count,
    };
    if (await snapshotIfChanged(trx, ws, row.id, counts, t)) lines++;
  }
  const newest = fulfillments.reduce((m, f) => Math.max(m, f.content.create_time), 0);
  await trx
    .updateTable('shop_samples')
    .set({ content_read_at: t, content_read_status: sample.status, content_newest: newest })
    .where('workspace_id', '=', ws)
    .where('id', '=', sample.id)
    .execute();
  return { lines, overCap };
}

/**
 * The TikTok side of a target collaboration request: one create call per SHOP_TARGET_PER_CALL
 * creators (TikTok's cap per call), in order. What each part ends as (docs/decisions/shop-connection.md,
 * "Target collaborations from a plan"):
 * - created: TikTok answered an id and an empty conflict list;
 * - conflicts: TikTok answered a non-empty `target_collaboration_conflicts` and (as TikTok's guide
 *   says) created nothing; the next parts are still sent, each is its own collaboration;
 * - failed: TikTok refused the call or could not be reached; a create is never retried (a timeout
 *   may have created it, a second try could make two) and the parts after it are not sent.
 */
import { z } from 'zod';
import { SHOP_TARGET_PER_CALL, type ShopTargetPart } from '../../contract/schemas/shop-target.ts';
import { TtsApiError } from '../integrations/tiktok-shop/index.ts';
import { shopApi } from '../jobs/shop-sync/api.ts';
import type { WorkspaceApp } from './shop-credentials.service.ts';
import type { ShopDeps } from './shop-deps.ts';
import { TokensGone } from './shop-tokens.service.ts';

export const TARGET_CREATE_PATH = '/affiliate_seller/202405/target_collaborations';

const CreateData = z.object({
  target_collaboration: z.object({ id: z.string() }).optional(),
  target_collaboration_conflicts: z
    .array(z.object({ creator_user_id: z.string().optional(), product_id: z.string() }))
    .optional(),
});

export interface TargetCreator {
  id: number;
  handle: string;
  userId: string;
}

export interface TargetTerms {
  name: string;
  message: string;
  endTime: number;
  /** TikTok product id and rate in hundredths of a percent. */
  products: { id: string; rate: number }[];
  freeSample: boolean;
  email: string;
}

export interface SentPart extends ShopTargetPart {
  creatorIds: number[];
}

const chunk = <T>(list: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

const failure = (err: unknown): { code: string; msg: string } => {
  if (err instanceof TtsApiError)
    return {
      code: String(err.code || err.httpStatus || err.kind),
      msg: `${err.apiMessage}${err.requestId ? ` (request ${err.requestId})` : ''}`.slice(0, 500),
    };
  if (err instanceof TokensGone) return { code: 'disconnected', msg: 'The shop was disconnected' };
  return { code: 'unreachable', msg: err instanceof Error ? err.message.slice(0, 300) : 'unknown error' };
};

export async function sendTargetParts(
  deps: ShopDeps,
  app: WorkspaceApp,
  shop: { authorizationId: number; cipher: string },
  creators: readonly TargetCreator[],
  terms: TargetTerms,
): Promise<SentPart[]> {
  const api = shopApi(deps, app, shop, new AbortController().signal);
  const handleOf = new Map(creators.map((c) => [c.userId, c.handle]));
  const parts: SentPart[] = [];
  let stopped = false;
  for (const [i, group] of chunk(creators, SHOP_TARGET_PER_CALL).entries()) {
    const part: SentPart = {
      part: i + 1,
      status: 'not_sent',
      collaboration_id: '',
      creators: group.map((c) => c.handle),
      creatorIds: group.map((c) => c.id),
      conflicts: [],
      error_code: '',
      error_msg: '',
    };
    parts.push(part);
    if (stopped) continue;
    try {
      const { data } = await api.call({
        method: 'POST',
        path: TARGET_CREATE_PATH,
        body: {
          name: terms.name,
          message: terms.message,
          end_time: String(terms.endTime),
          products: terms.products.map((p) => ({ id: p.id, target_commission_rate: p.rate })),
          creator_user_ids: group.map((c) => c.userId),
          seller_contact_info: { email: terms.email },
          free_sample_rule: { has_free_sample: terms.freeSample, is_sample_approval_exempt: false },
        },
        data: CreateData,
        retry: false,
      });
      const conflicts = data.target_collaboration_conflicts ?? [];
      if (conflicts.length) {
        part.status = 'conflicts';
        part.conflicts = conflicts.map((c) => ({
          creator: handleOf.get(c.creator_user_id ?? '') ?? c.creator_user_id ?? '',
          product_id: c.product_id,
        }));
      } else if (data.target_collaboration?.id) {
        part.status = 'created';
        part.collaboration_id = data.target_collaboration.id;
      } else {
        part.status = 'failed';
        part.error_code = 'no_id';
        part.error_msg = 'TikTok answered without a collaboration id';
        stopped = true;
      }
    } catch (err) {
      const f = failure(err);
      part.status = 'failed';
      part.error_code = f.code;
      part.error_msg = f.msg;
      stopped = true;
    }
  }
  return parts;
}

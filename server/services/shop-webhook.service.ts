/**
 * TikTok's pushes (the guide's "Webhooks"). The `Authorization` header is the hex HMAC of
 * app_key + raw body under the app secret: checked on the raw bytes, in constant time, before the
 * body is parsed, against the app of every workspace that connected the shop the body names (found
 * with a pattern, not a parse). Nothing time-bound is signed, so notification ids are remembered
 * (7 days) and a repeat is answered without acting again. SELLER_DEAUTHORIZATION stops the shop;
 * UPCOMING_AUTHORIZATION_EXPIRATION is logged (the status shows the expiry); other topics are
 * ignored. A body we cannot verify gets 401 and changes nothing, whatever it says.
 */
import { z } from 'zod';
import { stopShops } from '../db/shop.repository.ts';
import { verifyWebhookSignature } from '../integrations/tiktok-shop/index.ts';
import { workspaceApp } from './shop-credentials.service.ts';
import type { ShopDeps } from './shop-deps.ts';

export const WEBHOOK_BODY_MAX = 64 * 1024;
/** Topic numbers (the guide's table; keep unknown ones logged, not guessed). */
export const WEBHOOK_TYPES: Record<number, string> = {
  6: 'SELLER_DEAUTHORIZATION',
  7: 'UPCOMING_AUTHORIZATION_EXPIRATION',
};

const Notification = z.object({
  type: z.number().int(),
  tts_notification_id: z.string().max(100).optional(),
  shop_id: z.string().regex(/^\d{1,30}$/),
  timestamp: z.number().int().optional(),
  data: z.unknown().optional(),
});

export interface WebhookOutcome {
  status: 200 | 401 | 400;
  /** For the log and tests: what happened. */
  outcome: 'unverified' | 'malformed' | 'duplicate' | 'deauthorized' | 'logged';
  /** Shops stopped by this notification (to end their runs here at once). */
  stopped: number[];
}

export async function receiveWebhook(
  deps: ShopDeps,
  raw: Buffer,
  authorization: string | undefined,
): Promise<WebhookOutcome> {
  const refused: WebhookOutcome = { status: 401, outcome: 'unverified', stopped: [] };
  if (raw.length === 0 || raw.length > WEBHOOK_BODY_MAX) return refused;
  const shopId = /"shop_id"\s*:\s*"(\d{1,30})"/.exec(raw.toString('utf8'))?.[1];
  if (!shopId) return refused;
  const shops = await deps.db
    .selectFrom('shop_connections')
    .select(['id', 'workspace_id'])
    .where('shop_id', '=', shopId)
    .where('status', '!=', 'disconnected')
    .execute();
  const verified: number[] = [];
  for (const ws of new Set(shops.map((s) => Number(s.workspace_id)))) {
    const app = await workspaceApp(deps, deps.db, ws).catch(() => null);
    if (app && verifyWebhookSignature(authorization, app.appKey, app.appSecret, raw)) verified.push(ws);
  }
  if (verified.length === 0) return refused;

  let body: z.infer<typeof Notification>;
  try {
    const parsed = Notification.safeParse(JSON.parse(raw.toString('utf8')));
    if (!parsed.success || parsed.data.shop_id !== shopId)
      return { status: 400, outcome: 'malformed', stopped: [] };
    body = parsed.data;
  } catch {
    return { status: 400, outcome: 'malformed', stopped: [] };
  }
  const t = deps.now();
  if (body.tts_notification_id) {
    const fresh = await deps.db
      .insertInto('shop_notifications')
      .values({ notification_id: body.tts_notification_id, shop_id: shopId, type: body.type, received_at: t })
      .onConflict((oc) => oc.column('notification_id').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!fresh) return { status: 200, outcome: 'duplicate', stopped: [] };
  }
  const topic = WEBHOOK_TYPES[body.type] ?? `unknown type ${body.type}`;
  if (body.type === 6) {
    const ids = shops.filter((s) => verified.includes(Number(s.workspace_id))).map((s) => Number(s.id));
    const stopped = await stopShops(
      deps.db,
      ids,
      {
        code: 'authorization_revoked',
        detail: `SELLER_DEAUTHORIZATION webhook ${body.tts_notification_id ?? ''}`.trim(),
      },
      t,
    );
    deps.log.warn({ shop: shopId, stopped }, 'TikTok Shop: the seller deauthorized the app');
    return { status: 200, outcome: 'deauthorized', stopped };
  }
  deps.log.info(
    { shop: shopId, topic, notification: body.tts_notification_id },
    'TikTok Shop webhook received',
  );
  return { status: 200, outcome: 'logged', stopped: [] };
}

/**
 * Webhooks: per-shop subscriptions (GET|PUT|DELETE /event/202309/webhooks) and deliveries signed as
 * the guide's "Webhooks" section says (Authorization = hex HMAC-SHA256(app_secret, app_key + body)).
 *
 * A shop's own subscription for an event wins over the app-level URL. A delivery that gets no 2xx
 * is retried after each of `retryDelaysMs` (default 2 min, 30 min, 3 h, 12 h: one implementation's
 * reading; another says exponential for 72 h, unconfirmed). The duplicate switch sends every
 * notification twice with the same `tts_notification_id`, as receivers must expect. Payload `data`
 * of the authorization events is not documented (unconfirmed): deauthorization sends
 * `{open_id, message}`, the expiry warning `{open_id, expire_time}`. Plain-http addresses are
 * accepted so a local connector can subscribe (the real service presumably wants https).
 */
import crypto from 'node:crypto';
import { paramInvalid } from './errors.ts';
import { webhookSignature } from './signature.ts';
import type { ShopRuntime } from './shop.ts';

/** Topic numbers from the guide's table; the ones it marks (unconfirmed) are marked here too. */
export const WEBHOOK_TYPES: Record<string, number> = {
  ORDER_STATUS_CHANGE: 1,
  REVERSE_STATUS_UPDATE: 2,
  RECIPIENT_ADDRESS_UPDATE: 3,
  PACKAGE_UPDATE: 4,
  PRODUCT_STATUS_CHANGE: 5,
  SELLER_DEAUTHORIZATION: 6,
  UPCOMING_AUTHORIZATION_EXPIRATION: 7,
  CANCELLATION_STATUS_CHANGE: 11, // (unconfirmed)
  RETURN_STATUS_CHANGE: 12,
  NEW_CONVERSATION: 13, // (unconfirmed)
  NEW_MESSAGE: 14, // (unconfirmed)
  PRODUCT_INFORMATION_CHANGE: 15, // (unconfirmed)
  NEW_MESSAGE_LISTENER: 33, // (unconfirmed)
  INVOICE_STATUS_CHANGE: 36,
  PRODUCT_AUDIT_STATUS_CHANGE: 37,
};

export const DEFAULT_RETRY_DELAYS_MS = [2 * 60_000, 30 * 60_000, 3 * 3_600_000, 12 * 3_600_000];

const eventType = (body: Record<string, unknown>): string => {
  const e = body.event_type;
  if (typeof e !== 'string' || !(e in WEBHOOK_TYPES)) {
    throw paramInvalid('event_type', 'unknown event type', Object.keys(WEBHOOK_TYPES).join(', '));
  }
  return e;
};

export function getWebhooks(shop: ShopRuntime) {
  const webhooks = [...shop.webhooks.values()].map((w) => ({ ...w }));
  return { webhooks, total_count: webhooks.length };
}

export function putWebhook(shop: ShopRuntime, now: number, body: Record<string, unknown>): object {
  const event = eventType(body);
  const address = body.address;
  if (typeof address !== 'string' || address.length === 0 || address.length > 255) {
    throw paramInvalid('address', 'required, at most 255 characters');
  }
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw paramInvalid('address', 'must be an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw paramInvalid('address', 'must be an http(s) URL');
  const existing = shop.webhooks.get(event);
  shop.webhooks.set(event, {
    address,
    event_type: event,
    create_time: existing?.create_time ?? now,
    update_time: now,
  });
  return {};
}

export function deleteWebhook(shop: ShopRuntime, body: Record<string, unknown>): object {
  shop.webhooks.delete(eventType(body));
  return {};
}

export interface WebhookDelivery {
  notificationId: string;
  eventType: string;
  shopId: string;
  address: string;
  attempt: number;
  /** HTTP status, or 0 when the request failed outright. */
  status: number;
  error?: string;
  body: string;
  signature: string;
  atMs: number;
}

export interface EmitterOptions {
  appKey: string;
  appSecret: string;
  appWebhookUrl?: string;
  retryDelaysMs: number[];
  nowSeconds: () => number;
  logLimit: number;
}

export class WebhookEmitter {
  duplicates = false;
  readonly deliveries: WebhookDelivery[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Pending retry timers, each with the function that settles its in-flight promise. */
  private readonly timers = new Map<NodeJS.Timeout, () => void>();
  private counter = crypto.randomInt(0, 1_000_000);

  constructor(private readonly opts: EmitterOptions) {}

  setAppWebhookUrl(url: string | undefined): void {
    this.opts.appWebhookUrl = url;
  }

  /**
   * Sends one notification (twice with the duplicate switch) and resolves with the first attempts;
   * retries continue in the background (`idle()` waits for them).
   */
  async emit(shop: ShopRuntime, event: string, data: object): Promise<WebhookDelivery[]> {
    const type = WEBHOOK_TYPES[event];
    if (type === undefined) throw new Error(`unknown webhook event ${event}`);
    const address = shop.webhooks.get(event)?.address ?? this.opts.appWebhookUrl;
    if (!address) return [];
    this.counter = (this.counter + 1) % 1_000_000;
    const notificationId = `738${String(this.counter).padStart(6, '0')}${crypto.randomInt(1e9, 1e10 - 1)}`;
    const body = JSON.stringify({
      type,
      tts_notification_id: notificationId,
      shop_id: shop.options.id,
      timestamp: this.opts.nowSeconds(),
      data,
    });
    const copies = this.duplicates ? 2 : 1;
    const first: WebhookDelivery[] = [];
    for (let i = 0; i < copies; i++) {
      first.push(
        await this.attempt({ notificationId, eventType: event, shopId: shop.options.id, address, body }, 1),
      );
    }
    return first;
  }

  /** Resolves when no delivery or retry is pending. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Drops pending retries (the simulator is closing). */
  stop(): void {
    for (const [timer, release] of this.timers) {
      clearTimeout(timer);
      release();
    }
    this.timers.clear();
  }

  private async attempt(
    base: Pick<WebhookDelivery, 'notificationId' | 'eventType' | 'shopId' | 'address' | 'body'>,
    attempt: number,
  ): Promise<WebhookDelivery> {
    const signature = webhookSignature(this.opts.appKey, this.opts.appSecret, base.body);
    const record: WebhookDelivery = { ...base, attempt, status: 0, signature, atMs: Date.now() };
    try {
      const res = await fetch(base.address, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: signature },
        body: base.body,
        signal: AbortSignal.timeout(5_000),
      });
      record.status = res.status;
      await res.arrayBuffer().catch(() => undefined);
    } catch (err) {
      record.error = err instanceof Error ? err.message : String(err);
    }
    this.deliveries.push(record);
    if (this.deliveries.length > this.opts.logLimit) this.deliveries.shift();
    const ok = record.status >= 200 && record.status < 300;
    const delay = this.opts.retryDelaysMs[attempt - 1];
    if (!ok && delay !== undefined) {
      let resolve: () => void = () => undefined;
      const pending = new Promise<void>((r) => (resolve = r));
      const release = () => {
        this.inFlight.delete(pending);
        resolve();
      };
      this.inFlight.add(pending);
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.attempt(base, attempt + 1).finally(release);
      }, delay);
      timer.unref();
      this.timers.set(timer, release);
    }
    return record;
  }
}

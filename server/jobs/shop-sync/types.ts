/**
 * The contract between the shop sync framework and the data kinds that plug into it (orders,
 * samples, content, quota, marketplace creators … and the built-in `shops` and `tokens`).
 *
 * A kind is `run(ctx)`: it pages from `ctx.cursor` and calls `ctx.commit` once per page with the
 * page's writes and the new cursor; both land in one transaction, together with a check that this
 * process still holds the shop's lease and the shop is still active. A crash or restart resumes
 * from the last committed cursor, so writes must be idempotent (upserts keyed on TikTok's ids).
 * Errors are thrown as they come: the framework retries later, backs off, or stops the shop.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type {
  ApiCall,
  Page,
  PageOptions,
  PageQuery,
  TtsClient,
} from '../../integrations/tiktok-shop/index.ts';

export interface SyncShop {
  /** Our connection row. */
  connectionId: number;
  workspaceId: number;
  authorizationId: number;
  /** TikTok's shop id. */
  shopId: string;
  name: string;
  region: string;
  /** The workspace country the region maps to ('' only for kinds with `needsCountry: false`). */
  country: string;
  sellerType: string;
}

/** A call for this shop: the token, the cipher (where the path takes one) and the abort signal are added. */
export type ShopCall<T> = Omit<ApiCall<T>, 'accessToken' | 'shopCipher' | 'signal'>;
export type ShopPageQuery = Omit<PageQuery, 'accessToken' | 'shopCipher' | 'signal'>;

export interface ShopApi {
  /**
   * The adapter's client for this shop: every call carries the shop's current token, its cipher
   * (where the path takes one) and the run's signal, whatever token or cipher the caller passes
   * (pass ''). For adapter functions that take a client, e.g. `getAuthorizedShops(ctx.api.client, '')`.
   */
  readonly client: TtsClient;
  /** One call; a 105002 refreshes the token once and repeats it. */
  call<T>(c: ShopCall<T>): Promise<{ data: T; requestId: string }>;
  /** Pages from `q.pageToken` (a committed cursor) to the end. */
  pages<I>(q: ShopPageQuery, opts: PageOptions<I>): AsyncGenerator<Page<I>>;
  /** Refreshes the token if it is due; true when it did. */
  refreshIfDue(): Promise<boolean>;
}

export interface CommitStep {
  /** The kind's new resume point (an update time, a page token …). */
  cursor: string;
  /** Lines this step stored (counted into `lines_synced`). */
  lines: number;
  /** Items TikTok sent that failed validation (after re-fetching): counted, logged with the request id, shown. */
  rejected?: { count: number; requestId: string; problem: string };
  /** The step's writes, in the same transaction as the cursor. */
  write?: (trx: Transaction<DB>) => Promise<void>;
}

export interface SyncContext {
  readonly kind: string;
  readonly shop: SyncShop;
  /** The last committed cursor ('' the first time); moves with every commit. */
  readonly cursor: string;
  readonly api: ShopApi;
  /** Aborted when the shop is disconnected or stopped, or the server shuts down. */
  readonly signal: AbortSignal;
  readonly log: FastifyBaseLogger;
  /** For reads; writes go through `commit`. */
  readonly db: Kysely<DB>;
  /** Seconds since the epoch (the adapter's clock). */
  now(): number;
  commit(step: CommitStep): Promise<void>;
  /** Run again after `seconds` instead of the kind's interval (more to fetch, a moving window …). */
  runAgainIn(seconds: number): void;
}

export interface SyncKind {
  /** `[a-z_]{1,32}`, stored per shop. */
  kind: string;
  /** Seconds between successful runs. */
  everySeconds: number;
  /** false: runs for shops in regions CreatorDesk does not serve too (connection upkeep). Default true. */
  needsCountry?: boolean;
  run(ctx: SyncContext): Promise<void>;
}

/** This process no longer holds the shop (disconnected, stopped, or its lease was taken over). */
export class LeaseLost extends Error {
  constructor() {
    super('the shop is no longer this process to sync');
    this.name = 'LeaseLost';
  }
}

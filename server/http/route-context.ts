/**
 * What the app hands every routes file. Lives beside route.ts, not in app.ts, so the server reads
 * top-down (app → routes → services → db) and no routes file imports its caller.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { JobRunner } from '../jobs/runner.ts';
import type { AppMetrics } from '../ops/metrics.ts';
import type { AvatarFetcher } from '../services/avatar-proxy.ts';
import type { SecretsKey } from '../secrets/secrets-key.ts';
import type { TtsRuntime } from '../integrations/tiktok-shop/index.ts';
import type { ShopDeps } from '../services/shop-deps.ts';
import type { ShopSync } from '../jobs/shop-sync/scheduler.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Fetches creator pictures; tests stand in for TikTok's CDN here (the guarded HTTPS GET otherwise). */
  avatarFetcher?: AvatarFetcher;
  /** The secrets-at-rest key, when the caller loaded it (main.ts, for the banner); else buildApp loads it. */
  secretsKey?: SecretsKey;
  /** TikTok Shop adapter overrides: tests give their clock, sleep and retry timings. */
  ttsRuntime?: Partial<TtsRuntime>;
  /** false: the shop sync runs its upkeep kinds only (the framework's tests bring their own kinds). */
  shopDataKinds?: boolean;
}

/** The shop connection's services and its sync scheduler. */
export interface ShopRuntime {
  deps: ShopDeps;
  sync: ShopSync;
}

/** What every routes file receives. */
export interface RouteContext extends AppDeps {
  db: Database['db'];
  /** Pre-handler for calls marked (token) in the spec. */
  requireAuth: (req: FastifyRequest) => Promise<void>;
  /** Background jobs: app.ts registers their handlers; a route may kick the runner after enqueueing. */
  jobs: JobRunner;
  /** This process's Prometheus metrics (e.g. `metrics.eventStreams` for live-update streams). */
  metrics: AppMetrics;
  shop: ShopRuntime;
}

export type RegisterRoutes = (api: FastifyInstance, ctx: RouteContext) => void | Promise<void>;

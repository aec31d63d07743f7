/**
 * What the shop connection's services and sync jobs share: the database, TikTok's hosts, the
 * install-wide app (TTS_APP_KEY …), the secret box for secrets at rest, the adapter's runtime
 * (clock, sleep, HTTP; tests give their own) and this process's id for leases.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../config.ts';
import type { DB } from '../db/schema.ts';
import type { Engine } from '../db/dialect.ts';
import { createRuntime, type TtsHosts, type TtsRuntime } from '../integrations/tiktok-shop/index.ts';
import type { SecretBox } from '../secrets/secret-box.ts';

export type Db = Kysely<DB> | Transaction<DB>;

export interface ShopDeps {
  db: Kysely<DB>;
  engine: Engine;
  hosts: TtsHosts;
  envApp: { appKey: string; appSecret: string; serviceId: string } | undefined;
  /** Null when the server has no key (PostgreSQL without SECRETS_KEY): nothing secret can be stored or read. */
  secrets: SecretBox | null;
  rt: TtsRuntime;
  log: FastifyBaseLogger;
  /** CREATORDESK_SITE as an origin, for the callback address. */
  siteOrigin: string | undefined;
  /** This process, in leases and refresh locks. */
  runner: string;
  /** Seconds since the epoch (the adapter's clock, so tests move both together). */
  now(): number;
}

export function createShopDeps(o: {
  config: Config;
  db: Kysely<DB>;
  engine: Engine;
  secrets: SecretBox | null;
  log: FastifyBaseLogger;
  runtime?: Partial<TtsRuntime>;
}): ShopDeps {
  const rt = createRuntime({
    log: {
      warn: (obj, msg) => o.log.warn(obj, msg),
      info: (obj, msg) => o.log.info(obj, msg),
    },
    ...o.runtime,
  });
  return {
    db: o.db,
    engine: o.engine,
    hosts: o.config.tts.hosts,
    envApp: o.config.tts.app,
    secrets: o.secrets,
    rt,
    log: o.log,
    siteOrigin: o.config.siteOrigin,
    runner: `${process.pid}-${crypto.randomBytes(4).toString('hex')}`,
    now: () => Math.floor(rt.nowMs() / 1000),
  };
}

/** Where each sealed value lives (its additional authenticated data): a copy elsewhere does not open. */
export const sealContext = {
  appSecret: (workspaceId: number) => `shop_apps.app_secret:${workspaceId}`,
  token: (which: 'access' | 'refresh', workspaceId: number, appKey: string, openId: string) =>
    `shop_authorizations.${which}_token:${workspaceId}:${appKey}:${openId}`,
};

/** The workspace row locked for the rest of the transaction (PostgreSQL; SQLite writes are serial). */
export async function lockWorkspace(
  trx: Transaction<DB>,
  engine: Engine,
  workspaceId: number,
): Promise<void> {
  if (engine === 'postgres')
    await trx.selectFrom('workspaces').select('id').where('id', '=', workspaceId).forUpdate().execute();
}

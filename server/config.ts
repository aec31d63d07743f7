/** Environment, parsed once at start-up. Every setting has a default that runs on a fresh clone. */
import path from 'node:path';
import { z } from 'zod';
import { hostOfEntry, listenHostServed, parseHostList } from './http/host-guard.ts';
import { parseKey } from './secrets/secret-box.ts';
import { DEFAULT_HOSTS, type TtsHosts } from './integrations/tiktok-shop/runtime.ts';

/** TikTok's profile-picture CDNs (p16-sign-va.tiktokcdn.com, p77-sign-sg.tiktokcdn-us.com …). */
const DEFAULT_AVATAR_HOSTS = [
  'tiktokcdn.com',
  'tiktokcdn-us.com',
  'tiktokcdn-eu.com',
  'ibyteimg.com',
  'byteimg.com',
];

/** A comma- or space-separated list of host names or addresses; an entry that names no host stops the start. */
function hostList(name: string) {
  return z
    .string()
    .default('')
    .superRefine((raw, ctx) => {
      const { bad } = parseHostList(raw);
      if (bad.length)
        ctx.addIssue({
          code: 'custom',
          message: `${name}: ${bad.map((b) => `'${b}'`).join(', ')} is not a host name or IP address (no wildcards; e.g. desk.example.com, 192.168.1.20)`,
        });
    });
}

/** A base address of TikTok's hosts (or a stand-in: the simulator, a proxy): http(s), no query. */
function baseUrl(name: string, fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((v) => v.trim() || fallback)
    .refine((v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && !u.search && !u.hash && !u.username;
      } catch {
        return false;
      }
    }, `${name} must be an http(s) address without query, e.g. ${fallback}`);
}

const Env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(5180),
    HOST: z.string().default('127.0.0.1'),
    DATA_DIR: z.string().default('./data'),
    /** Where the built PWA lives (`npm run build` writes ./dist). */
    WEB_DIR: z.string().default('./dist'),
    /** The packaged browser extension the server offers for download (`npm run build:extension` writes it). */
    EXTENSION_ZIP: z.string().default('./dist-extension.zip'),
    DATABASE_URL: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SMS_PROVIDER: z.enum(['console', 'http']).default('console'),
    SMS_HTTP_URL: z.string().optional(),
    SMS_HTTP_KEY: z.string().optional(),
    HELP_URL: z.string().default('https://seller-us.tiktok.com/university'),
    SEED_DEMO: z.enum(['0', '1']).default('1'),
    /** Creators per demo workspace when SEED_DEMO seeds; unset, DEFAULT_SEED_CREATORS (browser tests use fewer). */
    SEED_DEMO_CREATORS: z.coerce.number().int().min(8).max(1_000_000).optional(),
    /**
     * Run the TikTok Shop simulator in this process and connect the demo workspace to it (server/ops/demo-shop.ts).
     * Unset, on exactly when SEED_DEMO is; it never runs without the demo seed.
     */
    DEMO_SHOP: z.enum(['0', '1']).optional(),
    BODY_LIMIT: z.coerce
      .number()
      .int()
      .positive()
      .default(8 * 1024 * 1024),
    /** Behind a reverse proxy: trust X-Forwarded-For for client addresses (rate limits). Off by default. */
    TRUST_PROXY: z.enum(['0', '1']).default('0'),
    /** Log requests slower than this many ms (with their phases), stuck requests and event-loop stalls; 0 = off. */
    SLOW_REQUEST_MS: z.coerce.number().int().min(0).default(0),
    /**
     * Origins besides this server's own host (and the PWA's host when this server is its `api.`
     * sibling) whose browser calls may change state, comma-separated: a PWA served elsewhere
     * (VITE_API_BASE), the browser plugin (chrome-extension://<id>).
     */
    ALLOWED_ORIGINS: z.string().default(''),
    /**
     * The team site's address, as Caddy serves it (deploy/Caddyfile): this server answers requests
     * for it (and its `api.` sibling) besides loopback names; any other Host gets 421.
     */
    CREATORDESK_SITE: hostList('CREATORDESK_SITE'),
    /**
     * More host names or IP addresses this server answers for, comma-separated (ports are not
     * compared): a LAN address or name when HOST=0.0.0.0, a second site name. Each also covers its
     * `api.` sibling.
     */
    ALLOWED_HOSTS: hostList('ALLOWED_HOSTS'),
    /**
     * Hosts (and their sub-domains) creator pictures may be fetched from, comma-separated; the
     * default is TikTok's image CDNs. Empty turns the picture proxy off (initials only).
     */
    AVATAR_HOSTS: z.string().default(DEFAULT_AVATAR_HOSTS.join(',')),
    /** Set only by the test harness: exposes test hooks such as reading the last SMS code. */
    TEST_HOOKS: z.enum(['0', '1']).default('0'),
    /** Bearer token for /ops/ready and /ops/metrics (readiness, Prometheus); unset = those answer 404. */
    OPS_TOKEN: z
      .union([z.literal(''), z.string().min(24, 'OPS_TOKEN needs 24+ characters (openssl rand -hex 24)')])
      .optional(),
    /** On SIGTERM, answer /ops/ready with 503 for this long before closing, so the proxy stops routing here. */
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
    /**
     * The key that encrypts secrets at rest (TikTok Shop app secrets and seller tokens): 32 bytes as
     * 64 hex characters (openssl rand -hex 32) or base64. Unset on the embedded database: generated
     * into DATA_DIR/secrets.key. A team install (PostgreSQL) must set it.
     */
    SECRETS_KEY: z
      .string()
      .default('')
      .refine(
        (v) => v.trim() === '' || parseKey(v) !== null,
        'SECRETS_KEY must be 32 bytes: 64 hex characters (openssl rand -hex 32) or base64 (openssl rand -base64 32)',
      ),
    /** TikTok Shop's business API host (docs/decisions/shop-connection.md). */
    TTS_API_BASE: baseUrl('TTS_API_BASE', DEFAULT_HOSTS.apiBase),
    /** TikTok Shop's token host. */
    TTS_AUTH_BASE: baseUrl('TTS_AUTH_BASE', DEFAULT_HOSTS.authBase),
    /** The seller consent page outside the US. */
    TTS_CONSENT_BASE: baseUrl('TTS_CONSENT_BASE', DEFAULT_HOSTS.consentBase),
    /** The seller consent page for US shops (the admin ticks "US shop" on the connect screen). */
    TTS_CONSENT_BASE_US: baseUrl('TTS_CONSENT_BASE_US', DEFAULT_HOSTS.consentBaseUs),
    /** A Partner Center app for every workspace without its own (a single-shop install); all three or none. */
    TTS_APP_KEY: z.string().trim().max(64).default(''),
    TTS_APP_SECRET: z.string().trim().max(256).default(''),
    TTS_SERVICE_ID: z.string().trim().max(64).default(''),
    /** How often each process looks for shops whose data is due (seconds); 0 = never by itself (tests drive it). */
    SHOP_SYNC_TICK_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  })
  .superRefine((e, ctx) => {
    const set = [e.TTS_APP_KEY, e.TTS_APP_SECRET, e.TTS_SERVICE_ID].filter(Boolean).length;
    if (set !== 0 && set !== 3)
      ctx.addIssue({
        code: 'custom',
        path: ['TTS_APP_KEY'],
        message: 'TTS_APP_KEY, TTS_APP_SECRET and TTS_SERVICE_ID go together: set all three or none',
      });
  });

/** Every variable the server reads (deploy/creatordesk.env.example is checked against it). */
export const ENV_KEYS: readonly string[] = Object.keys(Env.shape);

/**
 * The team site as an origin (`https://desk.example.com`), from CREATORDESK_SITE's first entry:
 * Caddy serves it over HTTPS, unless the entry names its own scheme or port.
 */
export function siteOrigin(raw: string): string | undefined {
  const entry = raw.split(/[\s,]+/).filter(Boolean)[0];
  if (!entry) return undefined;
  const host = hostOfEntry(entry);
  if (!host) return undefined;
  const named = /^([a-z][a-z0-9+.-]*):\/\//i.exec(entry.trim())?.[1]?.toLowerCase();
  const scheme = named === 'http' ? 'http' : 'https';
  const port = /:(\d{1,5})(?:\/|$)/.exec(entry.trim().replace(/^[a-z][a-z0-9+.-]*:\/\//i, ''))?.[1];
  const name = host.includes(':') ? `[${host}]` : host;
  return `${scheme}://${name}${port ? `:${port}` : ''}`;
}

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  filesDir: string;
  webDir: string;
  extensionZip: string;
  databaseUrl: string | undefined;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  smsProvider: 'console' | 'http';
  smsHttpUrl: string | undefined;
  smsHttpKey: string | undefined;
  helpUrl: string;
  seedDemo: boolean;
  seedDemoCreators: number | undefined;
  /** DEMO_SHOP: the simulator runs in this process and the demo workspace is connected to it. */
  demoShop: boolean;
  bodyLimit: number;
  trustProxy: boolean;
  allowedOrigins: string[];
  /** Host names and IP literals served besides loopback (CREATORDESK_SITE, ALLOWED_HOSTS, a one-host HOST), normalized. */
  servedHosts: string[];
  testHooks: boolean;
  slowRequestMs: number;
  opsToken: string | undefined;
  shutdownDrainMs: number;
  avatarHosts: string[];
  /** The secrets-at-rest key from SECRETS_KEY (else DATA_DIR/secrets.key on SQLite: server/secrets/secrets-key.ts). */
  secretsKey: Buffer | undefined;
  /** The team site's origin (CREATORDESK_SITE), for addresses given to third parties (the shop callback). */
  siteOrigin: string | undefined;
  tts: {
    hosts: TtsHosts;
    /** The install-wide Partner Center app (TTS_APP_KEY …), for workspaces without their own. */
    app: { appKey: string; appSecret: string; serviceId: string } | undefined;
  };
  shopSyncTickSeconds: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const e = Env.parse(env);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    filesDir: path.join(dataDir, 'files'),
    webDir: path.resolve(e.WEB_DIR),
    extensionZip: path.resolve(e.EXTENSION_ZIP),
    databaseUrl: e.DATABASE_URL || undefined,
    logLevel: e.LOG_LEVEL,
    smsProvider: e.SMS_PROVIDER,
    smsHttpUrl: e.SMS_HTTP_URL,
    smsHttpKey: e.SMS_HTTP_KEY,
    helpUrl: e.HELP_URL,
    seedDemo: e.SEED_DEMO === '1',
    seedDemoCreators: e.SEED_DEMO_CREATORS,
    demoShop: e.SEED_DEMO === '1' && (e.DEMO_SHOP ?? '1') === '1',
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY === '1',
    allowedOrigins: e.ALLOWED_ORIGINS.split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    servedHosts: [
      ...new Set([
        ...parseHostList(e.CREATORDESK_SITE).hosts,
        ...parseHostList(e.ALLOWED_HOSTS).hosts,
        ...[listenHostServed(e.HOST)].filter((h): h is string => h !== null),
      ]),
    ],
    testHooks: e.TEST_HOOKS === '1',
    slowRequestMs: e.SLOW_REQUEST_MS,
    opsToken: e.OPS_TOKEN || undefined,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    avatarHosts: e.AVATAR_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    secretsKey: parseKey(e.SECRETS_KEY) ?? undefined,
    siteOrigin: siteOrigin(e.CREATORDESK_SITE),
    tts: {
      hosts: {
        apiBase: e.TTS_API_BASE,
        authBase: e.TTS_AUTH_BASE,
        consentBase: e.TTS_CONSENT_BASE,
        consentBaseUs: e.TTS_CONSENT_BASE_US,
      },
      app: e.TTS_APP_KEY
        ? { appKey: e.TTS_APP_KEY, appSecret: e.TTS_APP_SECRET, serviceId: e.TTS_SERVICE_ID }
        : undefined,
    },
    shopSyncTickSeconds: e.SHOP_SYNC_TICK_SECONDS,
  };
}

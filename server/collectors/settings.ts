/**
 * Collector settings, read from the environment when the routes register (so a test file can
 * set process.env first). TOPIC_PROVIDER=tiktok without credentials is a start-up error rather
 * than a silent fallback to generated data.
 */
import { z } from 'zod';
import { demoProvider } from './demo-provider.ts';
import type { TopicProvider } from './provider.ts';
import { tiktokProvider } from './tiktok-provider.ts';

const Env = z.object({
  /**
   * off: this process neither schedules nor runs collect jobs (e.g. a web-only process).
   * Unset: on, except in apps built by the test harness (TEST_HOOKS=1), so other suites never
   * see topics change under them; collector tests turn it on or drive the job directly.
   */
  TOPIC_COLLECTOR: z.enum(['on', 'off']).optional(),
  TOPIC_PROVIDER: z.enum(['demo', 'tiktok']).default('demo'),
  /** How often each active topic is refreshed. */
  TOPIC_COLLECT_INTERVAL_SECONDS: z.coerce.number().int().min(1).default(900),
  /** How often the scheduler looks for due topics (new topics wait at most this long); 0 = off. */
  TOPIC_SCHEDULE_TICK_SECONDS: z.coerce.number().min(0).default(10),
  TIKTOK_API_BASE: z.string().url().default('https://open.tiktokapis.com'),
  TIKTOK_CLIENT_KEY: z.string().optional(),
  TIKTOK_CLIENT_SECRET: z.string().optional(),
});

export interface CollectorSettings {
  enabled: boolean;
  provider: TopicProvider;
  intervalSeconds: number;
  tickSeconds: number;
}

export function collectorSettings(
  testHooks: boolean,
  env: NodeJS.ProcessEnv = process.env,
): CollectorSettings {
  const e = Env.parse(env);
  let provider = demoProvider;
  if (e.TOPIC_PROVIDER === 'tiktok') {
    if (!e.TIKTOK_CLIENT_KEY || !e.TIKTOK_CLIENT_SECRET) {
      throw new Error('TOPIC_PROVIDER=tiktok needs TIKTOK_CLIENT_KEY and TIKTOK_CLIENT_SECRET');
    }
    provider = tiktokProvider({
      base: e.TIKTOK_API_BASE,
      clientKey: e.TIKTOK_CLIENT_KEY,
      clientSecret: e.TIKTOK_CLIENT_SECRET,
    });
  }
  return {
    enabled: e.TOPIC_COLLECTOR ? e.TOPIC_COLLECTOR === 'on' : !testHooks,
    provider,
    intervalSeconds: e.TOPIC_COLLECT_INTERVAL_SECONDS,
    tickSeconds: e.TOPIC_SCHEDULE_TICK_SECONDS,
  };
}

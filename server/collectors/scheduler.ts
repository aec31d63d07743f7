/**
 * Wires the collector into a running server: registers the job handler with the app's runner
 * and, every tick, enqueues due topics and kicks the runner. A topic added through
 * /challenge/add has check_time null, so it is picked up at the next tick. Started by app.ts with
 * the other background work.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/connection.ts';
import type { JobRunner } from '../jobs/runner.ts';
import { COLLECT_KIND, runCollectJob, scheduleDue, systemClock, type CollectorDeps } from './collect-job.ts';
import { collectorSettings } from './settings.ts';

/** What the collector needs of the app: its settings, database and job runner. */
export interface CollectorHost {
  config: Config;
  db: Database['db'];
  jobs: JobRunner;
}

export function startTopicCollector(app: FastifyInstance, ctx: CollectorHost): CollectorDeps {
  const settings = collectorSettings(ctx.config.testHooks);
  const deps: CollectorDeps = {
    db: ctx.db,
    provider: settings.provider,
    intervalSeconds: settings.intervalSeconds,
    clock: systemClock,
    log: app.log,
  };
  if (!settings.enabled) return deps;
  ctx.jobs.register(COLLECT_KIND, async (job) => void (await runCollectJob(deps, job)));
  if (settings.tickSeconds <= 0) return deps;

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= (async () => {
      try {
        if ((await scheduleDue(deps)) > 0) ctx.jobs.kick();
      } catch (err) {
        app.log.error({ err }, 'topic scheduler error');
      } finally {
        running = undefined;
      }
    })();
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, settings.tickSeconds * 1000);
    timer.unref();
    tick();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
  return deps;
}

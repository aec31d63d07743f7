/**
 * Wires the collector into a running server: registers the job handler with the app's runner
 * and, every tick, enqueues due topics and kicks the runner. A topic added through
 * /challenge/add has check_time null, so it is picked up at the next tick.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../http/route-context.ts';
import { COLLECT_KIND, runCollectJob, scheduleDue, systemClock, type CollectorDeps } from './collect-job.ts';
import { collectorSettings } from './settings.ts';

export function startTopicCollector(api: FastifyInstance, ctx: RouteContext): CollectorDeps {
  const settings = collectorSettings(ctx.config.testHooks);
  const deps: CollectorDeps = {
    db: ctx.db,
    provider: settings.provider,
    intervalSeconds: settings.intervalSeconds,
    clock: systemClock,
    log: api.log,
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
        api.log.error({ err }, 'topic scheduler error');
      } finally {
        running = undefined;
      }
    })();
  };
  api.addHook('onReady', async () => {
    timer = setInterval(tick, settings.tickSeconds * 1000);
    timer.unref();
    tick();
  });
  api.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
  return deps;
}

/**
 * The in-process job runner: polls the queue (and runs at once when kicked), one job at a time
 * per process. Handlers are registered per job kind. Stops cleanly on app close.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/connection.ts';
import { claim, fail, type Job } from './job-queue.ts';

export type JobHandler = (job: Job) => Promise<void>;

export interface JobRunner {
  register(kind: string, handler: JobHandler): void;
  /** Looks for work now instead of waiting for the next poll. */
  kick(): void;
  /** Runs queued jobs until none is left (tests and CLIs). */
  drain(): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export function createJobRunner(database: Database, log: FastifyBaseLogger, pollMs = 1000): JobRunner {
  const handlers = new Map<string, JobHandler>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const runOnce = async (): Promise<boolean> => {
    if (!handlers.size) return false;
    const job = await claim(database.db, database.engine, [...handlers.keys()]);
    if (!job) return false;
    try {
      await handlers.get(job.kind)!(job);
    } catch (err) {
      log.error({ err, jobId: job.id }, 'job failed');
      await fail(database.db, job, String((err as Error).message ?? err));
    }
    return true;
  };

  const loop = (): Promise<void> => {
    running ??= (async () => {
      try {
        while (!stopped && (await runOnce()));
      } catch (err) {
        log.error({ err }, 'job runner error');
      } finally {
        running = undefined;
      }
    })();
    return running;
  };

  return {
    register: (kind, handler) => void handlers.set(kind, handler),
    kick: () => void loop(),
    drain: async () => {
      while (await runOnce());
    },
    start() {
      stopped = false;
      timer = setInterval(() => void loop(), pollMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}

/**
 * A client that keeps calling through the proxy while the test restarts processes: reads and
 * outbox-style writes (Idempotency-Key) one after another, as the PWA of a teammate does. Every
 * answer that is not HTTP 200 with code 200, and every network error, is a failure.
 */
import crypto from 'node:crypto';
import type { TeamStack } from './team-stack.ts';

export interface TrafficResult {
  ok: number;
  failures: string[];
}

export function keepCalling(stack: TeamStack, token: string): { stop(): Promise<TrafficResult> } {
  const result: TrafficResult = { ok: 0, failures: [] };
  let running = true;
  const loop = (async () => {
    for (let n = 0; running; n++) {
      const write = n % 2 === 1;
      const what = write ? `POST /tags/add #${n}` : `GET /member/info #${n}`;
      try {
        const env = write
          ? await stack.api(
              token,
              'POST',
              '/tags/add',
              // Another country than the screens under test show, so the list there stays short.
              { country: 'GB', title: `traffic-${n}` },
              { 'idempotency-key': crypto.randomUUID() },
            )
          : await stack.api(token, 'GET', '/member/info');
        if (env.code === 200) result.ok++;
        else result.failures.push(`${what}: code ${env.code} ${env.msg}`);
      } catch (err) {
        result.failures.push(`${what}: ${(err as Error).message}`);
      }
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return result;
    },
  };
}

/**
 * The per-process shop sync scheduler, started with the app like the other jobs. Every tick (and
 * when kicked: a new connection, "Sync now") it leases due shops one at a time and runs their due
 * kinds; a heartbeat renews the lease while a shop runs and aborts the run as soon as the shop is
 * no longer ours (disconnected or stopped by any process). Kinds plug in with `register`: a kind
 * this process does not know is never claimed here (rolling upgrades run old and new side by side).
 */
import type { ShopDeps } from '../../services/shop-deps.ts';
import { claimShop, heartbeat, LEASE_SECONDS, release } from './lease.ts';
import { runShop } from './run-shop.ts';
import type { SyncKind } from './types.ts';

const KIND_NAME = /^[a-z_]{1,32}$/;
/** Notification ids and finished consents are kept this long. */
const KEEP_SECONDS = 7 * 24 * 3600;

export interface ShopSync {
  register(kind: SyncKind): void;
  /** Every registered kind's name. */
  kinds(): string[];
  /** The kinds a shop of this workspace country syncs ('' = a region not served: upkeep kinds only). */
  kindsFor(country: string): string[];
  /** Runs every due shop once, one after another; resolves with how many shops ran. */
  runDue(): Promise<number>;
  /** Looks for due shops now instead of at the next tick. */
  kick(): void;
  /** Ends this process's run of a shop at once (a disconnect here; other processes notice by heartbeat). */
  abort(connectionId: number): void;
  start(): void;
  stop(): Promise<void>;
}

export function createShopSync(deps: ShopDeps, tickSeconds: number, heartbeatMs = 10_000): ShopSync {
  const kinds = new Map<string, SyncKind>();
  const runs = new Map<number, AbortController>();
  let timer: NodeJS.Timeout | undefined;
  let loop: Promise<number> | undefined;
  let stopped = false;
  let lastPrune = 0;

  /**
   * Hourly upkeep (and at the first run): state rows for kinds a shop lacks (a kind added by a
   * new release starts without waiting for a reconnect), old notification ids and consents pruned.
   */
  const upkeep = async () => {
    const t = deps.now();
    if (t - lastPrune < 3600) return;
    lastPrune = t;
    for (const k of kinds.values()) {
      await deps.db
        .insertInto('shop_sync_state')
        .columns(['workspace_id', 'connection_id', 'kind', 'next_run_at', 'updated_at'])
        .expression((eb) => {
          let q = eb
            .selectFrom('shop_connections')
            .select((s) => [
              'workspace_id',
              'id',
              s.val(k.kind).as('kind'),
              s.val(t).as('next_run_at'),
              s.val(t).as('updated_at'),
            ])
            .where('status', '=', 'active');
          if (k.needsCountry !== false) q = q.where('country', '!=', '');
          return q;
        })
        .onConflict((oc) => oc.columns(['connection_id', 'kind']).doNothing())
        .execute();
    }
    await deps.db
      .deleteFrom('shop_notifications')
      .where('received_at', '<', t - KEEP_SECONDS)
      .execute();
    await deps.db
      .deleteFrom('shop_consents')
      .where('expires_at', '<', t - KEEP_SECONDS)
      .execute();
  };

  const runOne = async (exclude: number[]): Promise<number | undefined> => {
    const row = await claimShop(deps.db, deps.engine, deps.runner, [...kinds.keys()], deps.now(), exclude);
    if (!row) return undefined;
    const id = Number(row.id);
    const ctrl = new AbortController();
    runs.set(id, ctrl);
    const beat = setInterval(() => {
      heartbeat(deps.db, id, deps.runner, deps.now())
        .then((mine) => {
          if (!mine) ctrl.abort(new Error('shop no longer ours'));
        })
        .catch((err: unknown) => deps.log.warn({ err, shop: id }, 'shop sync heartbeat failed'));
    }, heartbeatMs);
    beat.unref();
    try {
      await runShop(deps, row, kinds, ctrl.signal);
    } catch (err) {
      deps.log.error({ err, shop: id }, 'shop sync failed');
    } finally {
      clearInterval(beat);
      runs.delete(id);
      await release(deps.db, id, deps.runner).catch(() => undefined);
    }
    return id;
  };

  const runDue = (): Promise<number> => {
    loop ??= (async () => {
      let n = 0;
      try {
        await upkeep();
        const seen: number[] = [];
        while (!stopped) {
          const id = await runOne(seen);
          if (id === undefined) break;
          seen.push(id);
          n++;
        }
      } catch (err) {
        deps.log.error({ err }, 'shop sync scheduler error');
      } finally {
        loop = undefined;
      }
      return n;
    })();
    return loop;
  };

  return {
    register(kind) {
      if (!KIND_NAME.test(kind.kind)) throw new Error(`a sync kind is [a-z_]{1,32}: ${kind.kind}`);
      if (kinds.has(kind.kind)) throw new Error(`sync kind ${kind.kind} registered twice`);
      if (!(kind.everySeconds >= 60)) throw new Error(`sync kind ${kind.kind} runs at most once a minute`);
      kinds.set(kind.kind, kind);
    },
    kinds: () => [...kinds.keys()],
    kindsFor: (country) =>
      [...kinds.values()].filter((k) => country || k.needsCountry === false).map((k) => k.kind),
    runDue,
    // With no tick (tests) nothing runs unless runDue is called: a test decides when a sync happens.
    kick: () => void (tickSeconds > 0 && runDue()),
    abort: (id) => runs.get(id)?.abort(new Error('disconnected')),
    start() {
      stopped = false;
      if (tickSeconds <= 0) return;
      timer = setInterval(() => void runDue(), tickSeconds * 1000);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      for (const ctrl of runs.values()) ctrl.abort(new Error('server stopping'));
      await loop;
    },
  };
}

export { LEASE_SECONDS };

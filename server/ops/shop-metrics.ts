/**
 * Per shop sync metrics, read from the database at scrape time (every process reports the same
 * numbers, whichever ran the sync). Labels are bounded: `shop` (TikTok's shop id; the connection id
 * is appended when one shop is connected in several workspaces) and `kind` (a registered data kind).
 * Disconnected shops are left out. prom-client collects every metric of a scrape concurrently, so
 * the gauges share one query per scrape.
 */
import { Gauge } from 'prom-client';
import type { Database } from '../db/connection.ts';
import type { AppMetrics } from './metrics.ts';

interface Line {
  shop: string;
  stopped: boolean;
  kind: string | null;
  lastSuccess: number;
  lines: number;
  errorCode: number;
}

export function registerShopMetrics(metrics: AppMetrics, database: Database): void {
  let pending: Promise<Line[]> | undefined;
  const load = (): Promise<Line[]> => {
    pending ??= (async () => {
      try {
        const rows = await database.db
          .selectFrom('shop_connections')
          .leftJoin('shop_sync_state', 'shop_sync_state.connection_id', 'shop_connections.id')
          .select([
            'shop_connections.id',
            'shop_connections.shop_id',
            'shop_connections.status',
            'shop_sync_state.kind',
            'shop_sync_state.last_success_at',
            'shop_sync_state.lines_synced',
            'shop_sync_state.last_error_code',
          ])
          .where('shop_connections.status', '!=', 'disconnected')
          .orderBy('shop_connections.id')
          .execute();
        const labelOf = new Map<number, string>();
        const used = new Set<string>();
        return rows.map((r) => {
          let shop = labelOf.get(Number(r.id));
          if (!shop) {
            shop = used.has(r.shop_id) ? `${r.shop_id}#${r.id}` : r.shop_id;
            used.add(shop);
            labelOf.set(Number(r.id), shop);
          }
          const code = r.last_error_code ?? '';
          return {
            shop,
            stopped: r.status === 'stopped',
            kind: r.kind,
            lastSuccess: Number(r.last_success_at ?? 0),
            lines: Number(r.lines_synced ?? 0),
            errorCode: code === '' ? 0 : /^\d+$/.test(code) ? Number(code) : -1,
          };
        });
      } finally {
        // The next scrape reads again; this one's gauges share the answer.
        setImmediate(() => (pending = undefined));
      }
    })();
    return pending;
  };

  const perKind = (name: string, help: string, value: (l: Line) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['shop', 'kind'],
      registers: [metrics.registry],
      async collect() {
        const lines = await load();
        this.reset();
        for (const l of lines) if (l.kind) this.set({ shop: l.shop, kind: l.kind }, value(l));
      },
    });
  perKind(
    'creatordesk_shop_sync_last_success_seconds',
    'Unix time of the last successful sync of a shop and data kind (0: never)',
    (l) => l.lastSuccess,
  );
  perKind('creatordesk_shop_sync_lines', 'Lines synced so far for a shop and data kind', (l) => l.lines);
  perKind(
    'creatordesk_shop_sync_error_code',
    "The last run's error for a shop and data kind: TikTok's code, -1 for our own (network, invalid page), 0 none",
    (l) => l.errorCode,
  );
  new Gauge({
    name: 'creatordesk_shop_stopped',
    help: 'Whether a shop is stopped until an admin acts (1) or syncing (0)',
    labelNames: ['shop'],
    registers: [metrics.registry],
    async collect() {
      const lines = await load();
      this.reset();
      for (const l of lines) this.set({ shop: l.shop }, l.stopped ? 1 : 0);
    },
  });
}

/**
 * What the order route tests share: the fixture files read by the PWA's own parser, the import
 * call as the app sends it (JSON), and the workspace's mirrored rows from a full pull.
 */
import fs from 'node:fs';
import { readTable } from '../../src/features/import/file-parse.ts';
import { readOrders, type OrdersFile } from '../../src/features/import/orders-rules.ts';
import type { TestApp } from '../../tests/helpers/test-app.ts';

export async function ordersFixture(name: string): Promise<OrdersFile> {
  const bytes = fs.readFileSync(new URL(`../../tests/fixtures/orders/${name}`, import.meta.url));
  const t = await readTable(new Blob([bytes]), name);
  const r = readOrders(t.headers, t.rows, t.rowNumbers);
  if (r === 'not_orders') throw new Error(name);
  return r;
}

export type Rows = Record<string, unknown>[];

export function orderCalls(t: () => TestApp) {
  const json = async (method: 'POST' | 'DELETE', path: string, token: string, body: unknown) => {
    const res = await t().app.inject({
      method,
      url: `/api/v0.1${path}?language=en-us`,
      headers: { token, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return res.json() as { code: number; msg: string; data: Record<string, unknown> };
  };
  const pull = async (token: string) => {
    const res = await t().call('POST', '/sync/pull', { cursor: '', limit: 20_000 }, { token });
    const out: Record<string, Rows> = {};
    for (const [table, v] of Object.entries(
      res.data.changes as Record<string, { columns: string[]; rows: unknown[][] }>,
    ))
      out[table] = v.rows.map((r) => Object.fromEntries(v.columns.map((c, i) => [c, r[i]])));
    return out;
  };
  return {
    post: (token: string, body: unknown) => json('POST', '/plan/orders.import', token, body),
    json,
    pull,
    /** Live creator_sales rows. */
    sales: async (token: string) => (await pull(token)).creator_sales!,
    ingest: (token: string, handles: string[], country = 'US') =>
      json('POST', '/blogger/ingest', token, {
        country,
        creators: handles.map((unique_id) => ({ unique_id })),
      }),
    /** Creator id by handle. */
    idsOf: async (token: string) => {
      const creators = (await pull(token)).creators!;
      return (h: string) => Number(creators.find((c) => c.unique_id === h)?.id);
    },
  };
}

/** GMV, orders and commission over sales rows, summed in cents (as the app does). */
export function totals(rows: Rows) {
  const cents = (k: string) => rows.reduce((a, r) => a + Math.round(Number(r[k]) * 100), 0) / 100;
  return {
    gmv: cents('gmv'),
    orders: rows.reduce((a, r) => a + Number(r.orders), 0),
    commission: cents('commission'),
  };
}

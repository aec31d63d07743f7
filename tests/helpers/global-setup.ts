/** vitest global setup: make sure the test PostgreSQL cluster runs, and hand its URL to the tests. */
import pg from 'pg';
import { ensurePgCluster } from './pg-cluster.ts';

export default async function setup({
  provide,
}: {
  provide: (key: string, value: unknown) => void;
}): Promise<void> {
  const url = ensurePgCluster();
  // Wait until it accepts connections (a fresh cluster takes a moment).
  for (let i = 0; ; i++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.query('create extension if not exists pg_trgm');
      await client.end();
      break;
    } catch (err) {
      await client.end().catch(() => {});
      if (i > 60) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  provide('pgAdminUrl', url);
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

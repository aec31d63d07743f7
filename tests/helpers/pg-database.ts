/**
 * A throwaway database on the test cluster for a test that starts its own server processes
 * (browser suites, the HTTPS team stack): created empty, its URL handed to the server as
 * DATABASE_URL, dropped (with any connection left) when the test ends.
 */
import crypto from 'node:crypto';
import setupPg from './global-setup.ts';
import { pgQuery } from './pg-cluster.ts';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createPgDatabase(prefix: string): Promise<TestDatabase> {
  let admin = '';
  await setupPg({ provide: (_k: string, v: unknown) => (admin = String(v)) });
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  const run = (q: string) => pgQuery(admin, q);
  await run(`create database ${name}`);
  return {
    url: admin.replace(/\/[^/]*$/, `/${name}`),
    drop: async () => {
      await run(`drop database if exists ${name} with (force)`);
    },
  };
}

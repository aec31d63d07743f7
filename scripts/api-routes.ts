/**
 * Writes contract/routes.ts from the endpoint table (contract/api.ts): each endpoint's method,
 * path and auth flags without its zod schemas, so the PWA's screens can name their calls without
 * loading zod and every schema on the first load (docs/decisions/delivery-and-accessibility.md).
 *
 *   npx tsx scripts/api-routes.ts && npx prettier --write contract/routes.ts
 *
 * contract/routes.test.ts fails while the written table differs from contract/api.ts.
 */
import fs from 'node:fs';
import { API, type Endpoint } from '../contract/api.ts';

const lines = Object.entries(API as Record<string, Endpoint>).map(([name, e]) => {
  const fields = [`method: '${e.method}'`, `path: '${e.path}'`, `auth: ${e.auth}`];
  if (e.extension !== undefined) fields.push(`extension: ${e.extension}`);
  return `  ${name}: { ${fields.join(', ')} },`;
});

const text = `/**
 * Written by scripts/api-routes.ts from contract/api.ts; do not edit by hand.
 *
 * Every endpoint's method, path and auth flags, typed by its schemas (Route in ./endpoint.ts) but
 * holding none of them: the PWA names its calls here, so zod and the schemas load only where a
 * screen or worker checks a body. Same names as contract/api.ts's API.
 */
import type { API as Endpoints } from './api.ts';
import type { Route } from './endpoint.ts';

type Table = typeof Endpoints;
export type Routes = { readonly [K in keyof Table]: Route<Table[K]['request'], Table[K]['response']> };

export const API: Routes = {
${lines.join('\n')}
};
`;
fs.writeFileSync(new URL('../contract/routes.ts', import.meta.url), text);
console.log(`contract/routes.ts: ${lines.length} routes`);

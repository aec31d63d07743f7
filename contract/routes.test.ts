import { describe, expect, it } from 'vitest';
import { API, type Endpoint } from './api.ts';
import { API as routes } from './routes.ts';

describe('contract/routes.ts', () => {
  it('names every endpoint of contract/api.ts with its method, path and auth flags (npx tsx scripts/api-routes.ts writes it)', () => {
    const wire = Object.fromEntries(
      Object.entries(API as Record<string, Endpoint>).map(([name, e]) => [
        name,
        {
          method: e.method,
          path: e.path,
          auth: e.auth,
          ...(e.extension === undefined ? {} : { extension: e.extension }),
        },
      ]),
    );
    expect(routes).toEqual(wire);
  });

  it('holds no schema (zod stays out of the screens that name calls through it)', () => {
    for (const r of Object.values(routes)) expect(Object.keys(r).sort()).not.toContain('request');
  });
});

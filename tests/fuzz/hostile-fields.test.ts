/**
 * Hostile fields, swept: every parameter of every endpoint in contract/api.ts (read at
 * run time) gets control characters (NUL, ESC, DEL, C1, inside list items and nested JSON), and
 * every list parameter gets oversize arrays (1,001 and 40,000 items), as form bodies and as JSON.
 * Zero 5xx; control characters answer 40001 naming the field; 40,000 items answer 40001 (naming
 * the limit when the rest of the body is valid). A refused call stores nothing, in another
 * workspace or in the caller's own. Both engines.
 */
import { expect, it } from 'vitest';
import { API } from '../../contract/api.ts';
import type { Endpoint } from '../../contract/endpoint.ts';
import { encodeForm } from '../../contract/wire.ts';
import { describeEngines } from '../helpers/test-app.ts';
import { newSession } from '../reliability/accounts.ts';
import { seedWorkspace, snapshot } from '../isolation/fixtures.ts';
import { firstCandidate, objectShape } from '../isolation/probe.ts';
import { CONTROL_STRINGS } from './hostile.ts';

const LIST_ITEMS = ['1', 'x', 'US'];

/** The endpoint's fields with a value each accepts (when one of the probe's candidates does). */
function baseBody(ep: Endpoint): { fields: string[]; body: Record<string, unknown>; valid: boolean } {
  const shape = objectShape(ep.request) ?? {};
  const body: Record<string, unknown> = {};
  for (const [f, s] of Object.entries(shape)) {
    if (s.safeParse(undefined).success) continue;
    const v = firstCandidate(s);
    body[f] = v ?? LIST_ITEMS.map((c) => [c]).find((c) => s.safeParse(c).success) ?? '1';
  }
  return { fields: Object.keys(shape), body, valid: ep.request.safeParse(body).success };
}

/** The item a list field takes, or undefined when the field is no list. */
function listItem(ep: Endpoint, field: string): string | undefined {
  const s = objectShape(ep.request)?.[field];
  return s ? LIST_ITEMS.find((c) => Array.isArray(s.safeParse([c]).data)) : undefined;
}

describeEngines('hostile fields', (t) => {
  it(
    'control characters in every field and oversize lists in every list field: no 5xx, clear 40001',
    { timeout: 300_000 },
    async () => {
      const app = t();
      const a = await app.signUp({ name: 'Aquila' });
      await seedWorkspace(app.database.db, a.workspaceId, 'a', 'ZQXFieldsA');
      const b = await app.signUp({ name: 'Borealis' });
      const token = await newSession(app.database, b.userId, b.workspaceId);
      const beforeA = await snapshot(app.database.db, a.workspaceId);
      const failures: string[] = [];
      let requests = 0;
      let lists = 0;
      let ownChecks = 0;
      let accepted = 0;

      // The caller's own workspace. Only a 1,001-item list may be accepted (name lists hold 10,000),
      // and what it writes becomes the new baseline; any other change was made by a refused call.
      let own = await snapshot(app.database.db, b.workspaceId);
      const ownUnchanged = async (what: string) => {
        ownChecks++;
        const now = await snapshot(app.database.db, b.workspaceId);
        const changed = Object.keys({ ...own, ...now }).filter(
          (k) => JSON.stringify(own[k]) !== JSON.stringify(now[k]),
        );
        if (changed.length) failures.push(`${what} wrote to the caller's workspace: ${changed.join(', ')}`);
        own = now;
      };

      const send = async (ep: Endpoint, body: Record<string, unknown>, json: boolean) => {
        requests++;
        const url = `/api/v0.1${ep.path}`;
        const res =
          ep.method === 'GET'
            ? await app.app.inject({ method: 'GET', url: `${url}?${encodeForm(body)}`, headers: { token } })
            : await app.app.inject({
                method: ep.method,
                url,
                headers: {
                  token,
                  'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
                },
                payload: json ? JSON.stringify(body) : encodeForm(body),
              });
        let env: { code?: number; msg?: string };
        try {
          env = res.json();
        } catch {
          env = { msg: `not JSON: ${res.payload.slice(0, 80)}` };
        }
        return { status: res.statusCode, code: env.code, msg: env.msg ?? '' };
      };

      for (const [name, ep] of Object.entries(API as Record<string, Endpoint>)) {
        const { fields, body, valid } = baseBody(ep);
        for (const field of fields) {
          const item = listItem(ep, field);
          const values: unknown[] = CONTROL_STRINGS.map((c) => (item ? [item, `a${c}b`] : `a${c}b`));
          if (field === 'creators' || field === 'rows')
            values.push([{ unique_id: 'ok\u0000', country: 'US' }]);
          for (const json of [false, true]) {
            if (ep.method === 'GET' && json) continue;
            for (const v of values) {
              const res = await send(ep, { ...body, [field]: v }, json);
              const ok = res.status < 500 && res.code === 40001 && res.msg.startsWith(field);
              if (!ok)
                failures.push(
                  `${name}.${field} ${JSON.stringify(v)} ${json ? 'json' : 'form'} → ${JSON.stringify(res)}`,
                );
            }
            if (!item) continue;
            for (const n of [1001, 40_000]) {
              lists++;
              await ownUnchanged(`${name}: the refused calls before ${field} ×${n}`);
              const res = await send(ep, { ...body, [field]: Array.from({ length: n }, () => item) }, json);
              if (res.code === 200) {
                accepted++;
                own = await snapshot(app.database.db, b.workspaceId);
              } else await ownUnchanged(`${name}.${field} ×${n} ${json ? 'json' : 'form'} (${res.code})`);
              if (res.status >= 500 || typeof res.code !== 'number')
                failures.push(`${name}.${field} ×${n} → ${JSON.stringify(res)}`);
              else if (n === 40_000 && res.code !== 40001)
                failures.push(`${name}.${field} ×${n} → ${JSON.stringify(res)}`);
              else if (n === 40_000 && valid && !/at most|最多|5000|5,000/.test(res.msg))
                failures.push(`${name}.${field} ×${n} names no limit: ${res.msg}`);
            }
          }
        }
        await ownUnchanged(`${name}: its refused calls`);
        const health = await app.app.inject({ method: 'GET', url: '/api/v0.1/health' });
        expect(health.statusCode, `/health after ${name}`).toBe(200);
      }
      console.log(
        `hostile fields [${app.engine}]: ${requests} requests, ${lists} oversize lists, ` +
          `${accepted} accepted, ${ownChecks} checks of the caller's workspace`,
      );
      expect(failures).toEqual([]);
      expect(await snapshot(app.database.db, a.workspaceId)).toEqual(beforeA);
    },
  );
});

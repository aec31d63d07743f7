/**
 * A form body or query string, for the page (api/client.ts) and the sync worker
 * (workers/sync-http.ts). Plain values (most calls: account, team, lists, the sync pull) are
 * written by the platform's URLSearchParams, which qs reads back to the same body; a body with
 * lists or objects loads qs's encoder (contract/wire.ts, bracket-index arrays) with the first such
 * call. That keeps qs (about 18 kB compressed with its helpers) out of the first load of every
 * page and of the sync worker.
 */
type Scalar = string | number | boolean;
const isScalar = (v: unknown): v is Scalar =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

export async function encodeBody(body: Record<string, unknown>): Promise<string> {
  const pairs = Object.entries(body).filter(([, v]) => v !== undefined && v !== null);
  if (pairs.every(([, v]) => isScalar(v)))
    return new URLSearchParams(pairs.map(([k, v]) => [k, String(v as Scalar)])).toString();
  return (await import('../../contract/wire.ts')).encodeForm(body);
}

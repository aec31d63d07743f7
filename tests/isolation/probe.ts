/**
 * Builds the isolation probes from the endpoint table at run time: every endpoint whose request
 * has an id-like field (id, ids, *Id, *Ids, *_id, bloggers …) gets requests naming another
 * workspace's ids. Other fields are filled with the first candidate their own zod schema accepts,
 * so endpoints added later are covered without editing this file.
 */
import type { z } from 'zod';
import type { Endpoint } from '../../contract/endpoint.ts';

/** Field names that carry row ids or unique ids. */
export const ID_FIELD = /^(id|ids|bloggers|unique_ids?)$|Ids?$|_ids?$/;

/** Values tried, in order, for fields that are not ids. 'US' first: the seeded rows live there. */
const CANDIDATES: unknown[] = [
  'US',
  '1',
  'add',
  'blogger',
  'https://example.com/probe.png',
  '2',
  '3',
  '0',
  'asc',
  'x',
  // A calendar day (follow-up due dates).
  '2030-01-01',
  // A text record's table (conflict history).
  'chat_templates',
  // A plan stage.
  'contacted',
  // A pasted TikTok video link (content records).
  'https://www.tiktok.com/@probe_creator/video/7310000000000000001',
  // A contact email, and a target collaboration's products with their rates (shop target create).
  'probe@example.com',
  [{ id: '1', rate: '10' }],
  // A sample review's result (shop sample applications).
  'approve',
  // A plan cost's kind: ad spend names a content record (another id to probe).
  'ad',
  // An ad-spend file's channel and rows (the rows name a video id: another workspace's is unknown here).
  'spark',
  [{ row: 2, video: '7310000000000000001', date: '2030-01-01', amount: '1' }],
  // A content record's window: its first 7 days since posting (snapshots).
  '7',
];

export interface IdPools {
  /** The other workspace's numeric row ids (as the form sends them: strings). */
  numbers: string[];
  /** The other workspace's string ids: unique_ids, product ids, challenge ids. */
  strings: string[];
}

export interface Probe {
  name: string;
  endpoint: Endpoint;
  idFields: string[];
  requests: Record<string, unknown>[];
  /** Requests the contract's own schema rejects (the builder could not satisfy some field). */
  invalid: number;
}

export interface Skipped {
  name: string;
  reason: string;
}

type AnySchema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

/** The object shape under preprocess/pipe/optional/default wrappers, or null. */
export function objectShape(schema: z.ZodType): Record<string, z.ZodType> | null {
  let s = schema as AnySchema;
  for (let depth = 0; depth < 12; depth++) {
    const def = s._zod.def;
    if (def.type === 'object') return def.shape as Record<string, z.ZodType>;
    if (def.type === 'pipe') {
      const out = def.out as AnySchema;
      s = (out._zod.def.type === 'transform' ? def.in : out) as AnySchema;
    } else if (def.innerType) s = def.innerType as AnySchema;
    else return null;
  }
  return null;
}

const accepts = (s: z.ZodType, v: unknown): boolean => s.safeParse(v).success;

export function firstCandidate(s: z.ZodType): unknown {
  return CANDIDATES.find((c) => accepts(s, c));
}

export function planProbes(
  api: Record<string, Endpoint>,
  pools: IdPools,
): { probes: Probe[]; skipped: Skipped[] } {
  const probes: Probe[] = [];
  const skipped: Skipped[] = [];
  const pool = [...new Set([...pools.numbers, ...pools.strings])];
  for (const [name, ep] of Object.entries(api)) {
    const shape = objectShape(ep.request);
    if (!shape) {
      skipped.push({ name, reason: 'request schema is not an object' });
      continue;
    }
    const idFields = Object.keys(shape).filter((f) => ID_FIELD.test(f));
    if (idFields.length === 0) {
      skipped.push({ name, reason: 'no id field' });
      continue;
    }
    // Lists get every accepted id at once; single-id fields get one id per request.
    const lists: Record<string, unknown[]> = {};
    const singles: Record<string, unknown[]> = {};
    for (const f of idFields) {
      const s = shape[f]!;
      const ok = pool.filter((v) => accepts(s, v) || accepts(s, [v]));
      const isList = ok.length > 0 && Array.isArray(s.safeParse([ok[0]]).data);
      if (isList) lists[f] = ok.filter((v) => accepts(s, [v]));
      else singles[f] = ok.filter((v) => accepts(s, v));
    }
    const base: Record<string, unknown> = {};
    for (const [f, s] of Object.entries(shape)) {
      if (idFields.includes(f) || accepts(s, undefined)) continue;
      const v = firstCandidate(s);
      if (v !== undefined) base[f] = v;
    }
    Object.assign(base, lists);
    const singleNames = Object.keys(singles);
    const rounds = Math.max(1, ...singleNames.map((f) => singles[f]!.length));
    const requests: Record<string, unknown>[] = [];
    let invalid = 0;
    for (let i = 0; i < rounds; i++) {
      const body: Record<string, unknown> = { ...base };
      for (const f of singleNames) {
        const vals = singles[f]!;
        if (vals.length > 0) body[f] = vals[i % vals.length];
      }
      const complete = completeOptional(ep.request, shape, body, idFields);
      if (!accepts(ep.request, complete)) invalid++;
      requests.push(complete);
    }
    probes.push({ name, endpoint: ep, idFields, requests, invalid });
  }
  return { probes, skipped };
}

/** Adds optional fields one at a time until the whole request validates (e.g. "isChat or isInvitation"). */
function completeOptional(
  schema: z.ZodType,
  shape: Record<string, z.ZodType>,
  body: Record<string, unknown>,
  idFields: string[],
): Record<string, unknown> {
  if (accepts(schema, body)) return body;
  const out = { ...body };
  for (const [f, s] of Object.entries(shape)) {
    if (f in out || idFields.includes(f)) continue;
    const v = firstCandidate(s);
    if (v === undefined) continue;
    out[f] = v;
    if (accepts(schema, out)) return out;
  }
  return out;
}

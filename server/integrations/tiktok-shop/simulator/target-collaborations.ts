/**
 * Create target collaboration (202405): the guide's limits (at most 50 creators and 100 products),
 * `end_time` as a string of Unix seconds, `target_commission_rate` in hundredths of a percent, and
 * conflicts when a creator-product pair is already in another live invite.
 *
 * Choices the guide leaves open (unconfirmed): a non-empty conflict list creates nothing and the
 * reply then has no `target_collaboration` (the AFF reading; another SDK reports partial creation);
 * the accepted rate range is [100, 8000] (the docs also say a minimum of 1000); an `end_time` that is
 * not a digit string, or not in the future, is refused with 98001004 "invalid_params"; a product
 * named twice, a `free_sample_rule` whose switches are not booleans and a contact email that is not
 * an address are refused with 98001004 as well (the docs give the types, not the wording).
 */
import type { Catalog } from './catalog.ts';
import { hashDigits, mix, pad } from './determinism.ts';
import { paramInvalid } from './errors.ts';

export interface TargetCollaboration {
  id: string;
  name: string;
  message: string;
  endTime: number;
  products: { id: string; rate: number }[];
  creatorUserIds: string[];
  freeSample: boolean;
  email: string;
  createdAt: number;
}

const DAY = 86_400;
export const MAX_CREATORS = 50;
export const MAX_PRODUCTS = 100;
export const RATE_RANGE = [100, 8000] as const;

/** The shop's live invites at start: the ones its generated orders are attributed to. */
export function seedTargetCollaborations(catalog: Catalog, anchor: number): TargetCollaboration[] {
  return catalog.targetCollaborationIds.map((id, k) => ({
    id,
    name: `Spring push ${k + 1}`,
    message: 'Free samples and a higher rate for our bestsellers.',
    endTime: anchor + (30 + k * 15) * DAY,
    products: catalog.products.slice(k * 2, k * 2 + 3).map((p) => ({ id: p.id, rate: p.openRate + 500 })),
    creatorUserIds: catalog.creators.slice(k * 3, k * 3 + 3).map((c) => c.userId),
    freeSample: true,
    email: '',
    createdAt: anchor - (20 - k) * DAY,
  }));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isDigits = (v: unknown): v is string => typeof v === 'string' && /^\d{1,20}$/.test(v);

export function createTargetCollaboration(
  list: TargetCollaboration[],
  catalog: Catalog,
  shopNo: number,
  body: Record<string, unknown>,
  now: number,
) {
  const name = body.name;
  if (typeof name !== 'string' || name.trim() === '' || name.length > 255) {
    throw paramInvalid('name', 'name is required (1-255 characters)');
  }
  const message = body.message ?? '';
  if (typeof message !== 'string' || message.length > 2000) throw paramInvalid('message', 'must be a string');
  if (!isDigits(body.end_time)) {
    throw paramInvalid(
      'end_time',
      'invalid_params: end_time must be Unix seconds as a string',
      '"1723194000"',
    );
  }
  const endTime = Number(body.end_time);
  if (endTime <= now) throw paramInvalid('end_time', 'invalid_params: end_time must be in the future');

  const products = body.products;
  if (!Array.isArray(products) || products.length === 0 || products.length > MAX_PRODUCTS) {
    throw paramInvalid('products', `between 1 and ${MAX_PRODUCTS} products are required`);
  }
  const parsedProducts: TargetCollaboration['products'] = [];
  for (const p of products as Record<string, unknown>[]) {
    const id = p?.id;
    const rate = p?.target_commission_rate;
    if (!isDigits(id) || !catalog.productsById.has(id))
      throw paramInvalid('products.id', `unknown product ${String(id)}`);
    if (typeof rate !== 'number' || !Number.isInteger(rate) || rate < RATE_RANGE[0] || rate > RATE_RANGE[1]) {
      throw paramInvalid(
        'products.target_commission_rate',
        'an integer in hundredths of a percent',
        '100-8000',
      );
    }
    if (parsedProducts.some((q) => q.id === id))
      throw paramInvalid('products.id', `product ${id} is named twice`);
    parsedProducts.push({ id, rate });
  }
  const creators = body.creator_user_ids;
  if (!Array.isArray(creators) || creators.length === 0 || creators.length > MAX_CREATORS) {
    throw paramInvalid('creator_user_ids', `between 1 and ${MAX_CREATORS} creators are required`);
  }
  if (!creators.every(isDigits)) throw paramInvalid('creator_user_ids', 'creator ids are decimal strings');
  const contact = body.seller_contact_info;
  if (contact !== undefined && (typeof contact !== 'object' || contact === null)) {
    throw paramInvalid('seller_contact_info', 'must be an object');
  }
  const email = (contact as { email?: unknown } | undefined)?.email;
  if (email !== undefined && (typeof email !== 'string' || email.length > 255 || !EMAIL.test(email))) {
    throw paramInvalid('seller_contact_info.email', 'not an email address');
  }
  const sample = body.free_sample_rule;
  const flags = sample as { has_free_sample?: unknown; is_sample_approval_exempt?: unknown } | undefined;
  if (
    sample !== undefined &&
    (typeof sample !== 'object' ||
      sample === null ||
      typeof flags?.has_free_sample !== 'boolean' ||
      (flags.is_sample_approval_exempt !== undefined && typeof flags.is_sample_approval_exempt !== 'boolean'))
  ) {
    throw paramInvalid('free_sample_rule', 'has_free_sample (and is_sample_approval_exempt) are booleans');
  }

  const conflicts: { creator_user_id: string; product_id: string }[] = [];
  for (const other of list) {
    if (other.endTime <= now) continue;
    for (const c of creators as string[]) {
      if (!other.creatorUserIds.includes(c)) continue;
      for (const p of parsedProducts) {
        if (other.products.some((op) => op.id === p.id))
          conflicts.push({ creator_user_id: c, product_id: p.id });
      }
    }
  }
  if (conflicts.length > 0) return { target_collaboration_conflicts: conflicts };

  const n = list.length;
  const record: TargetCollaboration = {
    id: `74${pad(shopNo, 2)}${pad(n, 6)}${hashDigits(mix(shopNo, n, now), 9)}`,
    name,
    message,
    endTime,
    products: parsedProducts,
    creatorUserIds: [...new Set(creators as string[])],
    freeSample: flags?.has_free_sample === true,
    email: typeof email === 'string' ? email : '',
    createdAt: now,
  };
  list.push(record);
  return { target_collaboration: { id: record.id }, target_collaboration_conflicts: [] };
}

/**
 * Which shop "Invite in TikTok Shop" sends through when the plan's country has several
 * (docs/decisions/shop-connection.md, "Choosing a shop"): never a guess. The member's last pick is
 * kept on this device, keyed by the sorted connection ids of the shops it was picked among; those
 * ids belong to one workspace, so the key is per workspace and country, and a shop connected or
 * disconnected since makes a new set, which asks again.
 */
import type { ShopView } from '../../../contract/schemas/shop.ts';
import { browserStore, readJson, writeJson, type KeyValueStore } from '../../ui/DataGrid/grid-storage.ts';

export const SHOP_CHOICE_KEY = 'cd.shop-choice';
/** Sets of shops remembered at most (the oldest pick goes first). */
const KEPT = 50;

const setKey = (shops: readonly Pick<ShopView, 'id'>[]) =>
  shops
    .map((s) => s.id)
    .sort((a, b) => a - b)
    .join(',');

function read(store: KeyValueStore | null): [string, number][] {
  const v = readJson(store, SHOP_CHOICE_KEY);
  if (!Array.isArray(v)) return [];
  return v.filter(
    (e): e is [string, number] =>
      Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && Number.isInteger(e[1]),
  );
}

/**
 * The shop to start with: the only one, else the member's last pick among exactly these shops,
 * else none (the member must choose).
 */
export function initialShop(
  shops: readonly Pick<ShopView, 'id'>[],
  store: KeyValueStore | null = browserStore('local'),
): number | null {
  if (shops.length === 1) return shops[0]!.id;
  if (shops.length === 0) return null;
  const key = setKey(shops);
  const found = read(store).find(([k]) => k === key)?.[1];
  return found !== undefined && shops.some((s) => s.id === found) ? found : null;
}

/** Keeps the member's pick among these shops (only when there was a choice to make). */
export function rememberShop(
  shops: readonly Pick<ShopView, 'id'>[],
  id: number,
  store: KeyValueStore | null = browserStore('local'),
): void {
  if (shops.length < 2 || !shops.some((s) => s.id === id)) return;
  const key = setKey(shops);
  const rest = read(store).filter(([k]) => k !== key);
  writeJson(store, SHOP_CHOICE_KEY, [...rest, [key, id]].slice(-KEPT));
}

import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../ui/DataGrid/grid-storage.ts';
import { initialShop, rememberShop, SHOP_CHOICE_KEY } from './shop-choice.ts';

const shops = (...ids: number[]) => ids.map((id) => ({ id }));

describe('the shop an invitation starts with', () => {
  it('takes the only shop, and chooses nothing among several until the member has', () => {
    const store = memoryStore();
    expect(initialShop(shops(7), store)).toBe(7);
    expect(initialShop(shops(), store)).toBeNull();
    expect(initialShop(shops(3, 9), store)).toBeNull();
  });

  it('remembers a pick for exactly that set of shops, in any order', () => {
    const store = memoryStore();
    rememberShop(shops(9, 3), 9, store);
    expect(initialShop(shops(3, 9), store)).toBe(9);
    // A shop connected since: a new set, so the member chooses again.
    expect(initialShop(shops(3, 9, 12), store)).toBeNull();
    // Another workspace's shops (other ids) do not see it.
    expect(initialShop(shops(4, 5), store)).toBeNull();
    rememberShop(shops(3, 9), 3, store);
    expect(initialShop(shops(9, 3), store)).toBe(3);
  });

  it('ignores a pick outside the set, and a stored value that is not its own shape', () => {
    const store = memoryStore();
    rememberShop(shops(3, 9), 5, store);
    expect(initialShop(shops(3, 9), store)).toBeNull();
    store.setItem(SHOP_CHOICE_KEY, JSON.stringify([['3,9', 'x'], ['3,9', 4], 'junk']));
    expect(initialShop(shops(3, 9), store)).toBeNull();
    store.setItem(SHOP_CHOICE_KEY, '{not json');
    expect(initialShop(shops(3, 9), store)).toBeNull();
    rememberShop(shops(3, 9), 9, store);
    expect(initialShop(shops(3, 9), store)).toBe(9);
  });

  it('keeps at most 50 sets, dropping the oldest', () => {
    const store = memoryStore();
    for (let i = 0; i < 51; i++) rememberShop(shops(1000 + i * 2, 1001 + i * 2), 1000 + i * 2, store);
    expect(initialShop(shops(1000, 1001), store)).toBeNull();
    expect(initialShop(shops(1100, 1101), store)).toBe(1100);
  });
});

import { describe, expect, it } from 'vitest';
import { SHOP_SETTINGS_PATH } from '../../contract/schemas/shop.ts';
import { MENU, requiresAuth, SHOP_SETTINGS_ROUTE, TOP_MENU } from './route-table.ts';

describe('route table', () => {
  it('lists the nine menu entries in the spec order', () => {
    expect(MENU.map((e) => e.key)).toEqual([
      'home',
      'invited',
      'amateur',
      'blacklist',
      'chatTmp',
      'topic',
      'product',
      'tag',
      'team',
    ]);
  });

  it('shows plans and follow-ups after the nine, which keep their order', () => {
    expect(TOP_MENU.map((e) => e.key)).toEqual([...MENU.map((e) => e.key), 'plans', 'followups']);
    expect(TOP_MENU.slice(-2).map((e) => e.path)).toEqual(['/plans', '/followups']);
    for (const e of TOP_MENU) expect(requiresAuth(e.path)).toBe(true);
  });

  it('knows which paths need a token (logout goes to / from these, reloads elsewhere)', () => {
    for (const p of ['/home', '/team', '/invite/12', '/topicVideo', '/topicInfluencer', '/vip', '/chatTmp']) {
      expect(requiresAuth(p)).toBe(true);
    }
    for (const p of ['/', '/login', '/register', '/homes', '/nowhere']) {
      expect(requiresAuth(p)).toBe(false);
    }
  });

  it('routes the shop settings where the consent callback sends the browser, behind sign-in', () => {
    expect(SHOP_SETTINGS_ROUTE).toBe(SHOP_SETTINGS_PATH);
    expect(requiresAuth(SHOP_SETTINGS_ROUTE)).toBe(true);
  });
});

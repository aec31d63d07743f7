import { describe, expect, it } from 'vitest';
import { MENU, requiresAuth } from './route-table.ts';

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

  it('knows which paths need a token (logout goes to / from these, reloads elsewhere)', () => {
    for (const p of ['/home', '/team', '/invite/12', '/topicVideo', '/topicInfluencer', '/vip', '/chatTmp']) {
      expect(requiresAuth(p)).toBe(true);
    }
    for (const p of ['/', '/login', '/register', '/homes', '/nowhere']) {
      expect(requiresAuth(p)).toBe(false);
    }
  });
});

/** The quota panel's "from the shop" note: one shop's figure, or the smallest of several shops'. */
import { expect, it } from 'vitest';
import { fromShopNote } from './quota-note.ts';

it('says one shop gave the figure, or names the shop of the smallest of several', () => {
  const note = (shops: number, shopName: string, unlimited = false) =>
    fromShopNote({ unlimited, shops, shopName });
  // A row from before the count (0) and one shop: the figure is that shop's.
  for (const n of [0, 1])
    expect(note(n, 'Glow Shop')).toBe(
      'From your TikTok Shop; it replaces a number entered here at the next sync.',
    );
  expect(note(2, 'Glow Shop')).toBe(
    "The smallest of your connected TikTok Shops' weekly limits, from Glow Shop; it replaces a number entered here at the next sync.",
  );
  expect(note(3, '')).toBe(
    "The smallest of your connected TikTok Shops' weekly limits; it replaces a number entered here at the next sync.",
  );
  expect(note(2, '', true)).toBe(
    'From your connected TikTok Shops, none of which reports a weekly limit; it replaces a number entered here at the next sync.',
  );
});

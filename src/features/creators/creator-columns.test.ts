import { afterEach, describe, expect, it } from 'vitest';
import { setAppLocale } from '../../i18n/locale.ts';
import { bioHref, creatorColumns, type HomeRow } from './creator-columns.tsx';

describe('bio link target', () => {
  it('links http(s) addresses, with or without the scheme', () => {
    expect(bioHref('https://linktr.ee/kim')).toBe('https://linktr.ee/kim');
    expect(bioHref('linktr.ee/kim')).toBe('https://linktr.ee/kim');
    expect(bioHref('  HTTP://Shop.example/a ')).toBe('http://shop.example/a');
  });

  it('never links anything a browser could run or open elsewhere', () => {
    for (const v of [
      "javascript:alert('x')",
      'JavaScript:alert(1)//https://ok.example',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '',
      '   ',
      null,
      undefined,
    ])
      expect(bioHref(v), String(v)).toBeNull();
  });
});

describe('number columns', () => {
  afterEach(() => setAppLocale('en-us'));

  /** What each right-aligned (number) column shows for these rows. */
  const shown = (rows: Partial<HomeRow>[]) =>
    Object.fromEntries(
      creatorColumns()
        .filter((c) => c.align === 'end')
        .map((c) => [c.id, rows.map((r, i) => c.render!({ country: 'US', ...r } as HomeRow, i))]),
    );

  // A column once mixed "2,799" with "75.9K" and "$7,569.55" with "$12.02K".
  it('write every value of a column the same way: counts in full, money in full with its currency', () => {
    const counts = [2799, 75_900, 1_234_567];
    const fields = ['follower_count', 'video_view_t30', 'digg_count', 'following_count', 'heart'] as const;
    const rows = counts.map((n, i) => ({
      ...Object.fromEntries(fields.map((f) => [f, n])),
      heart_count: n,
      video_publish_t30: n,
      units_sold_t30: n,
      product_count: n,
      video_count: n,
      gmv_t30: [7569.55, 12_020, 1_234_567.8][i],
      video_engagement_t30: 3.2,
    }));
    const en = shown(rows);
    for (const f of [...fields, 'heart_count', 'units_sold_t30', 'product_count', 'video_count'])
      expect(en[f], f).toEqual(['2,799', '75,900', '1,234,567']);
    expect(en.gmv_t30).toEqual(['$7,569.55', '$12,020.00', '$1,234,567.80']);
    setAppLocale('zh-cn');
    const zh = shown(rows);
    expect(zh.video_view_t30).toEqual(['2,799', '75,900', '1,234,567']);
    expect(zh.gmv_t30).toEqual(['US$7,569.55', 'US$12,020.00', 'US$1,234,567.80']);
    expect(shown([{ country: 'GB', gmv_t30: 12_020 }]).gmv_t30).toEqual(['£12,020.00']);
  });
});

import { describe, expect, it } from 'vitest';
import { bioHref } from './creator-columns.tsx';

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

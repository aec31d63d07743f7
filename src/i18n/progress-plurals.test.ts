import { afterEach, describe, expect, it } from 'vitest';
import { m } from '../paraglide/messages.js';
import { setAppLocale } from './locale.ts';

// Progress texts count rows through the locale's plural rules (no "1 rows").
describe('progress texts', () => {
  afterEach(() => setAppLocale('en-us'));

  it('say "row" for one and "rows" otherwise, numbers grouped for the locale', () => {
    setAppLocale('en-us');
    expect(m.export_view_working({ count: 1 })).toBe('Exporting 1 row…');
    expect(m.export_view_working({ count: 12345 })).toBe('Exporting 12,345 rows…');
    expect(m.export_view_progress({ done: '0', count: 1 })).toBe('0 of 1 row written');
    expect(m.export_view_progress({ done: '0', count: 0 })).toBe('0 of 0 rows written');
    expect(m.import_progress({ done: '1', count: 1, percent: 100 })).toBe('1 of 1 row (100%)');
    expect(m.import_progress({ done: '5,000', count: 100000, percent: 5 })).toBe(
      '5,000 of 100,000 rows (5%)',
    );
  });

  it('count the same way in zh-cn', () => {
    setAppLocale('zh-cn');
    expect(m.export_view_working({ count: 12345 })).toBe('正在导出 12,345 行…');
    expect(m.import_progress({ done: '1', count: 1, percent: 100 })).toBe('1 / 1 行（100%）');
  });
});

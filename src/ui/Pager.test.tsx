import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setAppLocale } from '../i18n/locale.ts';
import { Pager } from './Pager.tsx';

const render = (props: Partial<Parameters<typeof Pager>[0]>) =>
  renderToStaticMarkup(<Pager page={1} total={123_456} onChange={() => {}} {...props} />);

describe('<Pager/>', () => {
  it('shows the full total in all-mode (the default) and the 10000 cap otherwise', () => {
    setAppLocale('en-us');
    expect(render({})).toContain('Total 123,456');
    expect(render({})).toContain('aria-label="Page 6173"');
    const capped = render({ allMode: false, pageSize: 20 });
    expect(capped).toContain('Total 10,000');
    expect(capped).toContain('aria-label="Page 500"');
    expect(capped).not.toContain('aria-label="Page 501"');
  });

  it('marks the current page and clamps a page beyond the end', () => {
    const html = render({ page: 99_999, total: 95, pageSize: 20 });
    expect(html).toMatch(/aria-current="page"[^>]*>5</);
  });
});

describe('<Pager/> before its page-size select turns real', () => {
  // The size select is a look-alike until after the first paint; while the grid loads the pager is
  // disabled, and greyed text is exempt from contrast rules only on a disabled control.
  it('draws a disabled look-alike as a disabled button, an enabled one with nothing to focus', () => {
    setAppLocale('en-us');
    const off = render({ isDisabled: true });
    expect(off).toMatch(/<button type="button" class="cd-select__trigger" disabled="" tabindex="-1">/);
    expect(off).toContain('20 / page');
    const on = render({});
    expect(on).toMatch(/<div class="cd-select__trigger">/);
    expect(on).not.toMatch(/<button[^>]*class="cd-select__trigger"/);
  });
});

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

describe('<Pager/> before its page-size select is first used', () => {
  // The size select is a plain button until first used (Select's mountOnUse): named and announced as
  // react-aria's trigger is, and disabled with the pager, so greyed text is on a disabled control.
  it('draws a button announcing a listbox, named by its value and its label, disabled with the pager', () => {
    setAppLocale('en-us');
    const on = render({});
    const button = /<button type="button" class="cd-select__trigger"[^>]*>/.exec(on)?.[0] ?? '';
    expect(button).toContain('aria-haspopup="listbox"');
    expect(button).toContain('aria-expanded="false"');
    expect(button).toContain('aria-label="Rows per page"');
    expect(button).not.toContain('disabled');
    const [valueId, selfId] = /aria-labelledby="([^" ]+) ([^"]+)"/.exec(button)!.slice(1);
    expect(button).toContain(`id="${selfId}"`);
    expect(on).toMatch(new RegExp(`<span class="cd-select__value" id="${valueId}">20 / page</span>`));
    const off = render({ isDisabled: true });
    expect(off).toMatch(/<button type="button" class="cd-select__trigger"[^>]* disabled=""/);
  });
});

import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './Button.tsx';

describe('<Button isLoading/>', () => {
  it('stays focusable while its call runs: pending, not disabled, so keyboard focus is not dropped to the page', () => {
    const html = renderToStaticMarkup(
      <Button type="submit" isLoading>
        Save
      </Button>,
    );
    expect(html).not.toMatch(/\sdisabled(=|\s|>)/);
    expect(html).toContain('aria-disabled="true"');
    expect(html).toContain('data-pending="true"');
    // A pending submit button does not submit the form a second time when Enter is pressed in a field.
    expect(html).toContain('type="button"');
  });

  it('is still disabled when asked to be', () => {
    const html = renderToStaticMarkup(<Button isDisabled>Save</Button>);
    expect(html).toMatch(/\sdisabled(=|\s|>)/);
  });
});

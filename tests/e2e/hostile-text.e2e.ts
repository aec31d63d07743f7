/**
 * Stored text never runs in the PWA: script-like titles, names and links stored
 * through the API (a tag, a chat template, a product, and a creator sent by the plugin ingest API
 * with that tag) show as plain text on their screens, and none of them runs. Each payload would
 * write its own marker into `window.__ran` if it ever became markup, a handler or a link target.
 */
import { describe, expect, it } from 'vitest';
import { browserSuite, callApi, signedInPage, type SignedInPage } from '../helpers/browser-suite.ts';

let s: SignedInPage;
const suite = browserSuite({}, async (b) => {
  s = await signedInPage(b);
});

/** Markup that runs `window.__ran.push(label)` wherever a browser parses it as HTML. */
const payload = (label: string) => `<img src=x onerror="(window.__ran||=[]).push('${label}')">`;
const ID = 'xss_probe_1';

const api = <T>(method: string, path: string, body: Record<string, unknown>) =>
  callApi<T>(suite.server.url, s.session.token, method, path, body);

async function ingest(creator: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${suite.server.url}/api/v0.1/blogger/ingest?language=en-us`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: s.session.token },
    body: JSON.stringify({ country: 'US', creators: [creator] }),
  });
  const json = (await res.json()) as { code: number; data: { created: number } };
  expect(json.code).toBe(200);
  expect(json.data.created).toBe(1);
}

/** The text is on the page as text, and nothing has run. */
async function shownInert(text: string): Promise<void> {
  await s.page
    .getByText(text, { exact: true })
    .filter({ visible: true })
    .first()
    .waitFor({ timeout: 60_000 });
  await expect
    .poll(() => s.page.evaluate(() => (window as unknown as { __ran?: string[] }).__ran ?? []))
    .toEqual([]);
  await expect.poll(() => s.page.locator('img[src="x"], svg[onload], script:not([src])').count()).toBe(0);
}

describe('stored text', () => {
  it('shows script-like titles, names and links as text on every screen, and runs none of them', async () => {
    const dialogs: string[] = [];
    s.page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });

    const tagTitle = payload('tag');
    await api('POST', '/tags/add', { country: 'US', title: tagTitle });
    const tmplTitle = payload('template title');
    await api('POST', '/chattmp/add', {
      country: 'US',
      title: tmplTitle,
      content: `Hi {creator_name} ${payload('template content')}<script>(window.__ran||=[]).push('script')</script>`,
    });
    const productTitle = payload('product');
    await api('POST', '/product/add', {
      country: 'US',
      productId: 'XSS-1',
      productTitle,
      productImage: 'https://example.invalid/x.png',
    });
    const name = payload('creator name');
    const signature = `"><svg onload="(window.__ran||=[]).push('signature')">`;
    await ingest({
      unique_id: ID,
      daren_name: name,
      nick_name: payload('nick'),
      signature,
      bio_link: `javascript:(window.__ran||=[]).push('bio link')`,
      follower_count: 1234,
    });
    const tags = await api<{ list: { id: number; title: string }[] }>('POST', '/tags/lists', {
      country: 'US',
      title: tagTitle,
    });
    await api('PUT', '/blogger/set.tags', {
      country: 'US',
      bloggers: [ID],
      type: 'add',
      tagIds: [tags.list[0]!.id],
    });

    await s.page.goto('/tag');
    await shownInert(tagTitle);
    await s.page.goto('/chatTmp');
    await shownInert(tmplTitle);
    await s.page.goto('/product');
    await shownInert(productTitle);

    await s.page.goto('/home');
    await s.page.getByRole('textbox', { name: 'Creator', exact: true }).fill(ID);
    const row = s.page
      .locator('.cd-grid__row:has([role=gridcell])')
      .filter({ has: s.page.getByRole('link', { name: `@${ID}`, exact: true }) });
    await row.waitFor({ timeout: 60_000 });
    await shownInert(name);
    await shownInert(tagTitle);
    await s.page.getByRole('button', { name: 'Columns', exact: true }).click();
    const chooser = s.page.getByRole('dialog', { name: 'Shown columns' });
    await chooser.getByText('Bio', { exact: true }).click(); // the signature column
    await s.page.keyboard.press('Escape');
    // columns are rendered as they scroll into view: walk sideways to the signature and bio link
    const scroller = s.page.locator('.cd-grid__scroll');
    for (const header of ['Bio', 'Bio link']) {
      const th = s.page.getByRole('columnheader', { name: header, exact: true });
      for (let i = 0; i < 40 && !(await th.count()); i++)
        await scroller.evaluate((el) => el.scrollBy({ left: 300 }));
      if (header === 'Bio') await shownInert(signature);
    }
    // A javascript: bio link is shown as text, never as a link to follow.
    await row.getByText(/^javascript:/).waitFor();
    await expect.poll(() => row.locator('a[href^="javascript:" i]').count()).toBe(0);

    // After a reload the same rows come from the local mirror; still text.
    await s.page.reload();
    await s.page.getByRole('textbox', { name: 'Creator', exact: true }).fill(ID);
    await shownInert(name);
    expect(dialogs).toEqual([]);
    expect(s.errors).toEqual([]);
  }, 150_000);
});

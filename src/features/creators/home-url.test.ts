import { describe, expect, it } from 'vitest';
import { VIEW_QUERY_MAX } from '../../../contract/limits.ts';
import { ViewAddRequest } from '../../../contract/schemas/view.ts';
import { DEFAULT_FILTERS, fromQuery, hasView, selectionQuery, toQuery, VIEW_IDS_MAX } from './home-url.ts';

describe("Home's view in the URL", () => {
  it('leaves defaults out, so plain /home stays plain', () => {
    expect(toQuery({ filters: DEFAULT_FILTERS, sort: null })).toBe('');
    expect(fromQuery('')).toEqual({ filters: DEFAULT_FILTERS, sort: null });
  });

  it('round-trips every filter and the sort', () => {
    const view = fromQuery(
      'country=GB&name=anna%20lee&topic=summerglow&tag=12&chat=1&invited=0&black=0&from=2026-11-01&to=2026-11-20&sort=gmv_t30.desc',
    );
    expect(view.filters).toMatchObject({
      country: 'GB',
      name: 'anna lee',
      challenge: 'summerglow',
      tagId: 12,
      isChat: '1',
      isInvitation: '0',
      isBlack: '0',
    });
    expect(view.sort).toEqual({ field: 'gmv_t30', order: 'desc' });
    expect(view.filters.range!.endTime - view.filters.range!.startTime).toBeGreaterThan(19 * 86_400);
    expect(fromQuery(toQuery(view))).toEqual(view);
    expect(toQuery(view)).toContain('from=2026-11-01&to=2026-11-20');
  });

  it('opens what it can of a malformed or hand-edited link', () => {
    const view = fromQuery(
      'country=xx&tag=-3&chat=yes&from=2026-13-01&to=2026-11-20&sort=password.asc&evil=1',
    );
    expect(view).toEqual({ filters: DEFAULT_FILTERS, sort: null });
    expect(fromQuery('country=gb&from=2026-11-20&to=2026-11-01').filters.country).toBe('GB');
    const swapped = fromQuery('from=2026-11-20&to=2026-11-01').filters.range!;
    expect(swapped.startTime).toBeLessThan(swapped.endTime);
    expect(fromQuery(`name=${'a'.repeat(400)}`).filters.name).toHaveLength(255);
  });

  it("tells a link that names Home's filters from one that does not", () => {
    expect(hasView('')).toBe(false);
    expect(hasView('utm_source=mail')).toBe(false);
    expect(hasView('chat=1')).toBe(true);
    expect(hasView('ids=12%2C7')).toBe(true);
  });
});

describe('a view of saved creators (ids)', () => {
  it('round-trips the ids in their order, beside the other filters and the sort', () => {
    const view = fromQuery('country=GB&chat=1&ids=12%2C7%2C300&sort=gmv_t30.desc');
    expect(view.filters).toMatchObject({ country: 'GB', isChat: '1', ids: [12, 7, 300] });
    expect(fromQuery(toQuery(view))).toEqual(view);
    expect(fromQuery('ids=5,4').filters.ids).toEqual([5, 4]); // a bare comma (hand-typed) reads too
    expect(toQuery({ filters: { ...DEFAULT_FILTERS, ids: [] }, sort: null })).toBe('');
    expect(fromQuery('').filters.ids).toBeNull();
  });

  it(`keeps the first ${VIEW_IDS_MAX} ids and drops the rest`, () => {
    const many = Array.from({ length: 80 }, (_, i) => i + 1);
    const read = fromQuery(`ids=${many.join(',')}`).filters.ids!;
    expect(VIEW_IDS_MAX).toBe(50);
    expect(read).toEqual(many.slice(0, 50));
    expect(
      fromQuery(toQuery({ filters: { ...DEFAULT_FILTERS, ids: many }, sort: null })).filters.ids,
    ).toEqual(many.slice(0, 50));
  });

  it('ignores malformed, negative, zero and repeated ids', () => {
    const q = `ids=${['3', '-4', '0', 'x', '2.5', '1e3', '', ' 9 ', '3', String(2 ** 53), '0x10', '7'].map(encodeURIComponent).join('%2C')}`;
    expect(fromQuery(q).filters.ids).toEqual([3, 9, 7]);
    expect(fromQuery('ids=-1%2Cabc').filters.ids).toBeNull();
    expect(fromQuery('ids=').filters).toEqual(DEFAULT_FILTERS);
    expect(toQuery({ filters: { ...DEFAULT_FILTERS, ids: [4, 4, -1, 1.5, 8] }, sort: null })).toBe(
      'ids=4%2C8',
    );
  });

  it('fits 50 ids of 8 digits in a saved view, with room for the other filters', () => {
    const ids = Array.from({ length: 50 }, (_, i) => 10_000_000 + i * 1_234_567);
    const query = selectionQuery('GB', ids);
    expect(query.length).toBeLessThanOrEqual(VIEW_QUERY_MAX);
    expect(ViewAddRequest.safeParse({ title: 'Best 50', query }).success).toBe(true);
    expect(fromQuery(query)).toEqual({ filters: { ...DEFAULT_FILTERS, country: 'GB', ids }, sort: null });
  });

  it('makes the query of a selection: its country and ids, nothing else', () => {
    expect(selectionQuery('US', [42, 7])).toBe(
      toQuery({ filters: { ...DEFAULT_FILTERS, ids: [42, 7] }, sort: null }),
    );
    expect(selectionQuery('GB', [42, 7])).toBe('country=GB&ids=42%2C7');
    expect(hasView(selectionQuery('US', [42]))).toBe(true);
  });
});

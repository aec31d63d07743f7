import { describe, expect, it } from 'vitest';
import { DEFAULT_FILTERS, fromQuery, hasView, toQuery } from './home-url.ts';

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
  });
});

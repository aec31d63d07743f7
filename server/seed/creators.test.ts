import { describe, expect, it } from 'vitest';
import { COUNTRIES } from '../../contract/constants.ts';
import { CreatorFactory, type CreatorSeed } from './creators.ts';
import { STATUS_TOUR } from './invitations.ts';
import { Rng } from './prng.ts';
import { catalogFor } from './catalog.ts';

const ANCHOR = 1_790_000_000 - (1_790_000_000 % 86400);
const products = { US: ['1700000000000000001'], ID: ['1700000000000000002'] };
const generate = (n: number, seed = 7, taken = {}): CreatorSeed[] => {
  const factory = new CreatorFactory({ seed, anchor: ANCHOR, products, taken });
  return Array.from({ length: n }, () => factory.next());
};

describe('the creator generator', () => {
  const seeds = generate(4000);
  const rows = seeds.map((s) => s.row);

  it('repeats itself for the same seed and differs for another', () => {
    expect(generate(300)).toEqual(seeds.slice(0, 300));
    expect(generate(300, 8).map((s) => s.row.unique_id)).not.toEqual(
      rows.slice(0, 300).map((r) => r.unique_id),
    );
  });

  it('covers every market, the US most', () => {
    const per = new Map<string, number>();
    for (const r of rows) per.set(r.country, (per.get(r.country) ?? 0) + 1);
    for (const c of COUNTRIES) expect(per.get(c) ?? 0).toBeGreaterThan(0);
    const us = per.get('US') ?? 0;
    for (const c of COUNTRIES) if (c !== 'US') expect(us).toBeGreaterThan(per.get(c) ?? 0);
  });

  it('writes plausible, unique handles and no Chinese text', () => {
    const keys = new Set(rows.map((r) => `${r.country}/${r.unique_id}`));
    expect(keys.size).toBe(rows.length);
    for (const r of rows) {
      expect(r.unique_id).toMatch(/^[a-z0-9][a-z0-9._]{1,23}$/);
      expect(`${r.nick_name} ${r.signature} ${r.daren_name} ${r.daren_addr}`).not.toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('avoids handles the workspace already has', () => {
    const first = generate(50);
    const taken = { US: first.filter((s) => s.row.country === 'US').map((s) => s.row.unique_id) };
    const again = generate(50, 7, taken).filter((s) => s.row.country === 'US');
    for (const s of again) expect(taken.US).not.toContain(s.row.unique_id);
  });

  it('draws long-tailed followers and engagement between 0 and 20 with two decimals', () => {
    const mid = rows.filter((r) => r.follower_count >= 1000 && r.follower_count <= 100_000).length;
    expect(mid / rows.length).toBeGreaterThan(0.75);
    expect(rows.some((r) => r.follower_count >= 1_000_000)).toBe(true);
    for (const r of rows) {
      expect(r.video_engagement_t30).toBeGreaterThanOrEqual(0);
      expect(r.video_engagement_t30).toBeLessThanOrEqual(20);
      expect(Math.round(r.video_engagement_t30 * 100)).toBeCloseTo(r.video_engagement_t30 * 100, 6);
    }
    expect(rows.some((r) => r.bio_link === '')).toBe(true);
    expect(rows.some((r) => r.bio_link !== '')).toBe(true);
    expect(rows.some((r) => r.email !== '')).toBe(true);
    expect(rows.some((r) => r.daren_phone !== '')).toBe(true);
  });

  it('keeps times within the last 18 months and in order', () => {
    for (const r of rows) {
      expect(r.add_time).toBeGreaterThanOrEqual(ANCHOR - 548 * 86400);
      expect(r.add_time).toBeLessThanOrEqual(r.update_time);
      expect(r.update_time).toBeLessThanOrEqual(ANCHOR);
      if (r.check_time !== null) expect(r.check_time).toBeGreaterThanOrEqual(r.update_time);
    }
  });

  it('keeps flags and related rows in agreement', () => {
    for (const s of seeds) {
      expect(s.row.is_black === 1).toBe(s.black !== null);
      expect(s.row.is_invitation === 1).toBe(s.invitation !== null);
      if (s.black) expect(s.invitation).toBeNull();
      if (s.invitation) {
        expect(s.row.is_chat).toBe(1);
        expect(s.row.status).toBe(s.invitation.row.status);
        expect(s.invitation.row.sub_status !== null).toBe(s.invitation.row.status === 3);
        const last = s.invitation.history.at(-1);
        expect([last?.status, last?.sub_status]).toEqual([
          s.invitation.row.status,
          s.invitation.row.sub_status,
        ]);
      }
    }
  });

  it('walks every market through every status and sub-status', () => {
    for (const c of COUNTRIES) {
      const steps = new Set(
        seeds
          .filter((s) => s.row.country === c && s.invitation)
          .map((s) => `${s.invitation!.row.status}/${s.invitation!.row.sub_status}`),
      );
      for (const [status, sub] of STATUS_TOUR) expect(steps).toContain(`${status}/${sub}`);
    }
  });

  it('gives every market 8–12 tags, 5+ templates with variables, 10+ products and open and closed topics', () => {
    const rng = new Rng(3);
    let active = 0;
    for (const c of COUNTRIES) {
      const cat = catalogFor(c, rng, ANCHOR);
      expect(cat.tags.length).toBeGreaterThanOrEqual(8);
      expect(cat.tags.length).toBeLessThanOrEqual(12);
      expect(cat.templates.length).toBeGreaterThanOrEqual(5);
      for (const t of cat.templates) expect(t.content).toMatch(/\{creator_name\}/);
      expect(cat.templates.some((t) => t.content.includes('{seller_name}'))).toBe(true);
      expect(cat.products.length).toBeGreaterThanOrEqual(10);
      expect(cat.topics.some((t) => t.end_time < ANCHOR)).toBe(true);
      active += cat.topics.filter((t) => t.end_time > ANCHOR).length;
    }
    expect(active).toBeGreaterThan(0);
  });
});

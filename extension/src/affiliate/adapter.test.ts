import { describe, expect, it } from 'vitest';
import {
  findAnswer,
  inviteAnswer,
  inviteRequest,
  makeCreators,
  profileSlices,
  videoSlice,
  videosOf,
} from '../../../tests/fixtures/affiliate/creators.ts';
import { CreatorProfile } from '../../../contract/schemas/intake.ts';
import {
  captureKind,
  cleanHandle,
  imCreatorId,
  mapFind,
  mapInvite,
  mapProfile,
  mapProfileVideos,
  mergeHarvested,
  metric,
  pageKind,
  regionOf,
  requestedCreator,
  VIDEOS_PER_PROFILE_MAX,
  type Harvested,
} from './adapter.ts';

describe('Affiliate Center adapter', () => {
  it('tells the pages apart', () => {
    expect(pageKind('https://affiliate.tiktok.com/connection/creator?shop_region=GB')).toBe('search');
    expect(pageKind('https://affiliate-us.tiktok.com/connection/creator/detail?cid=1&shop_region=US')).toBe(
      'profile',
    );
    expect(pageKind('https://affiliate.tiktokshopglobalselling.com/affiliate/creator?shop_region=MY')).toBe(
      'search',
    );
    expect(pageKind('https://affiliate.tiktok.com/seller/im?creator_id=9&shop_region=US')).toBe('im');
    expect(pageKind('https://partner.tiktokshop.com/partner/im?creator_id=9&market=US')).toBe('im');
    expect(
      pageKind('https://affiliate.tiktok.com/connection/target-invitation/create?creator_ids[0]=1'),
    ).toBe('invite');
    expect(pageKind('https://affiliate.tiktok.com/product/sample-request')).toBe('other');
    expect(pageKind('not a url')).toBe('other');
    expect(regionOf('https://affiliate.tiktok.com/connection/creator?shop_region=gb')).toBe('GB');
    expect(regionOf('https://partner.tiktokshop.com/partner/im?market=VN')).toBe('VN');
    expect(regionOf('https://affiliate.tiktok.com/connection/creator?shop_region=FR')).toBeNull();
    expect(imCreatorId('https://affiliate.tiktok.com/seller/im?creator_id=7494&shop_region=US')).toBe('7494');
  });

  it('knows which answers to read', () => {
    const base = 'https://affiliate.tiktok.com/';
    expect(captureKind('/api/v1/oec/affiliate/creator/marketplace/find?aid=1&X-Bogus=x', base)).toBe('find');
    expect(captureKind('/api/v1/oec/affiliate/creator/marketplace/ai/find', base)).toBe('find');
    expect(captureKind('/api/v1/oec/affiliate/creator/marketplace/profile?oec_seller_id=1', base)).toBe(
      'profile',
    );
    expect(captureKind('/api/v1/oec/affiliate/seller/invitation_group/create', base)).toBe('invite');
    expect(captureKind('/api/v1/oec/affiliate/seller/invitation_group/conflict_check', base)).toBeNull();
    expect(captureKind('/api/v1/oec/affiliate/seller/im/get/token', base)).toBeNull();
  });

  it('reads metrics and never lets a locked placeholder through', () => {
    expect(metric({ value: 12, is_authorized: true, status: 0 })).toBe(12);
    expect(metric({ is_authorized: false, status: 1 })).toBeUndefined();
    expect(metric('12.4K')).toBe('12.4K');
    expect(metric('  ')).toBeUndefined();
    expect(metric(Number.NaN)).toBeUndefined();
    expect(cleanHandle('@ann.b_1')).toBe('ann.b_1');
    expect(cleanHandle('<img src=x>')).toBeNull();
  });

  it('maps a find answer to ingest items the contract accepts', () => {
    const [c] = makeCreators(1, 'mapme');
    const list = mapFind(findAnswer([{ ...c!, followers: '12.4K', engagement: 239, gmv: 1234.5 }]));
    expect(list).toHaveLength(1);
    const { oecuid, profile } = list[0]!;
    expect(oecuid).toBe(c!.oecuid);
    expect(profile).toEqual({
      unique_id: 'mapme_0',
      country: 'US',
      nick_name: 'mapme Creator 0',
      follower_count: '12.4K',
      units_sold_t30: 10,
      gmv_t30: 1234.5,
      video_engagement_t30: 2.39,
      head_img: 'https://p16.example.test/mapme_0~100x100.jpeg?x-expires=1',
      categorys: 'Beauty & Personal Care',
    });
    const parsed = CreatorProfile.parse(profile);
    expect(parsed.follower_count).toBe(12400);
    expect(parsed.video_engagement_t30).toBe(2.39);
  });

  it('reads the list where Affiliate Center puts it: top level beside code, or under data', () => {
    const [c] = makeCreators(1, 'shape');
    const real = findAnswer([c!]);
    // The fixture answers as the real page does: no data wrapper.
    expect(Object.keys(real)).toEqual(['code', 'message', 'creator_profile_list', 'next_pagination']);
    expect(mapFind(real).map((h) => h.profile.unique_id)).toEqual(['shape_0']);
    const { creator_profile_list, next_pagination, ...head } = real;
    const wrapped = { ...head, data: { creator_profile_list, next_pagination } };
    expect(mapFind(wrapped).map((h) => h.profile.unique_id)).toEqual(['shape_0']);
    const [slice] = profileSlices(c!);
    expect(mapProfile(slice)?.profile.unique_id).toBe('shape_0');
    const { creator_profile, ...rest } = slice!;
    expect(mapProfile({ ...rest, data: { creator_profile } })?.profile.unique_id).toBe('shape_0');
  });

  it('skips creators without a usable handle and odd answers', () => {
    expect(mapFind(null)).toEqual([]);
    expect(mapFind({ creator_profile_list: 'x' })).toEqual([]);
    expect(mapFind({ data: { creator_profile_list: 'x' } })).toEqual([]);
    expect(
      mapFind({ code: 0, creator_profile_list: [{ handle: { value: 'bad handle!' } }, 3, null] }),
    ).toEqual([]);
    expect(mapProfile({ code: 100000, message: 'no such creator' })).toBeNull();
  });

  it('merges profile slices; a locked field keeps the earlier value', () => {
    const [c] = makeCreators(1, 'detail');
    const slices = profileSlices(c!)
      .map(mapProfile)
      .filter((s): s is Harvested => s !== null);
    const merged = slices.reduce(mergeHarvested);
    expect(merged.profile).toMatchObject({
      unique_id: 'detail_0',
      follower_count: 1000,
      signature: expect.stringContaining('Skincare'),
      bio_link: 'https://link.example.com/detail_0',
      email: 'detail_0@mail.example.com',
      video_publish_t30: 14,
      video_engagement_t30: 2,
      units_sold_t30: 10,
    });
    expect(CreatorProfile.safeParse(merged.profile).success).toBe(true);
  });

  it('reads the page’s own invitation call', () => {
    const req = JSON.stringify(inviteRequest(['111', '222'], ['1729384756', 'x']));
    expect(mapInvite(req, inviteAnswer)).toEqual({
      oecuids: ['111', '222'],
      productIds: ['1729384756'],
      ok: true,
    });
    expect(mapInvite(req, { code: 16024016, data: { conflict_list: [] } })?.ok).toBe(false);
    expect(mapInvite('{not json', inviteAnswer)).toBeNull();
  });
});

describe("a profile page's top videos", () => {
  const [c] = makeCreators(1, 'videos');
  const request = JSON.stringify({ creator_oec_id: c!.oecuid, profile_types: [5] });

  it('reads each video once by its id, with its post time, figures and products, for the creator the request names', () => {
    const got = mapProfileVideos(request, videoSlice(c!));
    expect(got?.oecuid).toBe(c!.oecuid);
    // The media id is never the video's; a video in both lists is one, with the products of either.
    expect(got?.videos).toEqual(videosOf(c!));
    // The same answer under a `data` wrapper reads the same.
    const { creator_profile, ...head } = videoSlice(c!);
    expect(mapProfileVideos(request, { ...head, data: { creator_profile } })?.videos).toEqual(videosOf(c!));
  });

  it('reads milliseconds as such, and skips what it cannot read rather than guess', () => {
    const item = (over: Record<string, unknown>) => ({
      item_id: '7300000000000000001',
      release_date: '1772366400',
      play_cnt: 10,
      ...over,
    });
    const answer = (items: unknown[]) => ({
      creator_profile: { top_video_data: { value: items, is_authorized: true } },
    });
    const one = (over: Record<string, unknown>) => mapProfileVideos(request, answer([item(over)]))?.videos;
    expect(one({ release_date: 1_772_366_400_000 })?.[0]?.post_time).toBe(1_772_366_400);
    expect(one({ play_cnt: { value: '1200', is_authorized: true, status: 0 } })?.[0]?.views).toBe(1200);
    // A locked count is absent, not zero.
    expect(one({ play_cnt: { is_authorized: false, status: 1 } })?.[0]).not.toHaveProperty('views');
    for (const bad of [
      { item_id: 'v14025g5' },
      { item_id: '' },
      { release_date: 'yesterday' },
      { release_date: '1000' },
      { release_date: 0 },
    ])
      expect(one(bad), JSON.stringify(bad)).toBeUndefined();
    expect(one({ play_cnt: -5 })?.[0]).not.toHaveProperty('views');
    expect(one({ play_cnt: 1.5 })?.[0]).not.toHaveProperty('views');
    // No id of the creator, a locked list, no lists at all, or not JSON: nothing.
    expect(mapProfileVideos(null, answer([item({})]))).toBeNull();
    expect(
      mapProfileVideos(request, { creator_profile: { top_video_data: { is_authorized: false } } }),
    ).toBeNull();
    expect(mapProfileVideos(request, profileSlices(c!)[0])).toBeNull();
    expect(mapProfileVideos('{', answer([item({})]))).toBeNull();
    expect(requestedCreator(request)).toBe(c!.oecuid);
    expect(requestedCreator('{"creator_oec_id":"12; drop"}')).toBe('');
  });

  it('keeps at most VIDEOS_PER_PROFILE_MAX videos of one answer', () => {
    const items = Array.from({ length: VIDEOS_PER_PROFILE_MAX + 5 }, (_, i) => ({
      item_id: String(7_300_000_000_000_000_000n + BigInt(i)),
      release_date: '1772366400',
    }));
    const got = mapProfileVideos(request, {
      creator_profile: { top_video_data: { value: items, is_authorized: true } },
    });
    expect(got?.videos).toHaveLength(VIDEOS_PER_PROFILE_MAX);
  });
});

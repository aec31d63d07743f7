import { describe, expect, it } from 'vitest';
import { parseVideoLink } from './tiktok-link.ts';

describe('pasted TikTok video links', () => {
  it('reads the handle and video id from the forms TikTok shares', () => {
    const want = { handle: 'sunny.day_1', videoId: '7312345678901234567' };
    for (const raw of [
      'https://www.tiktok.com/@sunny.day_1/video/7312345678901234567',
      '  https://www.tiktok.com/@Sunny.Day_1/video/7312345678901234567?is_from_webapp=1&sender_device=pc  ',
      'https://m.tiktok.com/@sunny.day_1/video/7312345678901234567/',
      'www.tiktok.com/@sunny.day_1/video/7312345678901234567#comments',
      'http://tiktok.com/@sunny.day_1/video/7312345678901234567',
    ])
      expect(parseVideoLink(raw), raw).toEqual({
        ...want,
        link: 'https://www.tiktok.com/@sunny.day_1/video/7312345678901234567',
      });
  });

  it('refuses anything else with a reason, never a guess', () => {
    expect(parseVideoLink('')).toBe('content_link_required');
    expect(parseVideoLink('https://vm.tiktok.com/ZMabc123/')).toBe('content_link_short');
    for (const raw of [
      'https://www.tiktok.com/@sunny',
      'https://www.tiktok.com/@sunny/photo/123',
      'https://www.tiktok.com/sunny/video/123',
      'https://www.tiktok.com/@sunny/video/12a3',
      'https://www.tiktok.com/@s/video/123',
      'https://www.tiktok.com/@sunny/video/1234567890123456789012345678',
      'https://evil.example/@sunny/video/123',
      'https://www.tiktok.com.evil.example/@sunny/video/123',
      'https://user:pw@www.tiktok.com/@sunny/video/123',
      'javascript:alert(1)//www.tiktok.com/@sunny/video/123',
      'ftp://www.tiktok.com/@sunny/video/123',
      '7312345678901234567',
    ])
      expect(parseVideoLink(raw), raw).toBe('content_link_invalid');
    expect(parseVideoLink(`https://www.tiktok.com/@sunny/video/1?x=${'a'.repeat(600)}`)).toBe(
      'content_link_too_long',
    );
  });
});

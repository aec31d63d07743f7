import { describe, expect, it } from 'vitest';
import { profileUrl, topicIdOf, videoUrl } from './topic-links.ts';

describe('topic links', () => {
  it('builds TikTok profile and video URLs', () => {
    expect(profileUrl('kiki.home')).toBe('https://www.tiktok.com/@kiki.home');
    expect(videoUrl('kiki.home', '7312')).toBe('https://www.tiktok.com/@kiki.home/video/7312');
    // a stray character cannot break out of the path
    expect(videoUrl('a/b', '1?x')).toBe('https://www.tiktok.com/@a%2Fb/video/1%3Fx');
  });

  it('accepts only positive integer topic ids', () => {
    expect(topicIdOf('42')).toBe(42);
    expect(topicIdOf(' 7 ')).toBe(7);
    for (const bad of ['', '0', '-1', '1.5', 'abc', '12abc', '0012', '1e3', '9999999999999999']) {
      expect(topicIdOf(bad)).toBeNull();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { tagTone } from './StatusTag.tsx';

describe('seller tag colours', () => {
  it('gives a tag the same colour for the same title, whatever the case or spaces', () => {
    expect(tagTone('VIP')).toBe(tagTone(' vip '));
    const tones = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(tagTone));
    expect(tones.size).toBeGreaterThan(2);
  });
});

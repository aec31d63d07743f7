import { describe, expect, it } from 'vitest';
import { creator } from '../../db/test-db.ts';
import { forgetHandOff, handOffCreator, handedOffCreator } from './creator-handoff.ts';

describe('creator hand-off', () => {
  it('gives the clicked row only to the page of that creator, and the last click wins', () => {
    expect(handedOffCreator(1500)).toBeNull();
    handOffCreator(creator(1500, { country: 'GB' }));
    expect(handedOffCreator(1500)?.country).toBe('GB');
    expect(handedOffCreator(1501)).toBeNull();
    handOffCreator(creator(2500));
    expect(handedOffCreator(2500)?.id).toBe(2500);
    expect(handedOffCreator(1500)).toBeNull();
    forgetHandOff(1500);
    expect(handedOffCreator(2500)?.id).toBe(2500);
    forgetHandOff(2500);
    expect(handedOffCreator(2500)).toBeNull();
  });
});

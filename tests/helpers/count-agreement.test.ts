import { describe, expect, it } from 'vitest';
import { countDisagreement } from './count-agreement.ts';

describe('countDisagreement', () => {
  it('catches a noun of the wrong number beside a count', () => {
    expect(countDisagreement('these 5 go as 1 invitations (5)', 1)).toBe('1 invitations');
    expect(countDisagreement('1 new creators', 1)).toBe('1 new creators');
    expect(countDisagreement('at most 1 saved views', 1)).toBe('1 saved views');
    expect(countDisagreement('At most 1 browser extensions', 1)).toBe('1 browser extensions');
    expect(countDisagreement('Import 2 row', 2)).toBe('2 row');
    expect(countDisagreement('Try again in 21 minute', 21)).toBe('21 minute');
  });

  it('catches a verb or demonstrative of the wrong number', () => {
    expect(countDisagreement('Updated 7 creators; 1 were not found', 1)).toBe('1 were');
    expect(countDisagreement('room for 1 more fit', 1)).toBe('1 more fit');
    expect(countDisagreement('1 have been added', 1)).toBe('1 have');
    expect(countDisagreement('At most 1 are shown', 1)).toBe('1 are');
    expect(countDisagreement('Creators like these 1', 1)).toBe('these 1');
    expect(countDisagreement('this 21 rows', 21)).toBe('this 21');
  });

  it('leaves agreeing counts and other numbers alone', () => {
    expect(countDisagreement('1 invitation, 21 rows, 1.5 days', 1)).toBeNull();
    expect(countDisagreement('2 follow-ups, 12 row', 2)).toBeNull();
    expect(countDisagreement('At most 21 browser extensions', 21)).toBeNull();
    expect(countDisagreement('these 2 go as 2 invitations', 2)).toBeNull();
    expect(countDisagreement('1 creator was not found; 2 were', 1)).toBeNull();
    expect(countDisagreement('2 creators were not found; 1 more fits', 2)).toBeNull();
    // A singular verb after a count is not judged: the number may be a name ("{name} has had 5").
    expect(countDisagreement('and 2 has had 5', 2)).toBeNull();
    expect(countDisagreement('a quota of 1 creator has 7 left', 1)).toBeNull();
    expect(countDisagreement('Done: 1 new creator, 2 updated, 2 skipped', 2)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import {
  chosenSummary,
  DEFAULT_FILTERS,
  profileUrl,
  statusPatch,
  toCreatorFilter,
  type HomeFilterValue,
} from './home-rules.ts';

const base: HomeFilterValue = { ...DEFAULT_FILTERS, country: 'US' };

describe('home rules', () => {
  it('maps an empty filter to no conditions', () => {
    expect(toCreatorFilter(base)).toEqual({});
  });

  it('maps every filter field', () => {
    const f = toCreatorFilter(
      {
        ...base,
        name: ' @Alice ',
        tagId: 7,
        isChat: '1',
        isInvitation: '0',
        isBlack: '0',
        range: { startTime: 10, endTime: 20 },
        challenge: '#fit',
      },
      ['a', 'b'],
    );
    expect(f).toEqual({
      name: 'alice',
      tagIds: [7],
      isChat: 1,
      isInvitation: 0,
      isBlack: 0,
      startTime: 10,
      endTime: 20,
      uniqueIds: ['a', 'b'],
    });
  });

  it('matches nothing while a challenge lookup is pending', () => {
    expect(toCreatorFilter({ ...base, challenge: '#fit' }, null)).toEqual({ uniqueIds: [] });
    expect(toCreatorFilter({ ...base, challenge: ' ' }, null)).toEqual({});
  });

  it('turns a status choice into one flag patch', () => {
    expect(statusPatch('chat:1')).toEqual({ is_chat: 1 });
    expect(statusPatch('chat:0')).toEqual({ is_chat: 0 });
    expect(statusPatch('invitation:1')).toEqual({ is_invitation: 1 });
    expect(statusPatch('invitation:0')).toEqual({ is_invitation: 0 });
  });

  it('summarises at most two chosen tags', () => {
    expect(chosenSummary([])).toBe('');
    expect(chosenSummary(['a', 'b'])).toBe('a, b');
    expect(chosenSummary(['a', 'b', 'c', 'd'])).toBe('a, b +2');
  });

  it('links a creator to the profile', () => {
    expect(profileUrl('a.b_c')).toBe('https://www.tiktok.com/@a.b_c');
  });
});

import { describe, expect, it } from 'vitest';
import { checkTeamTitle, inviteLink, isAdmin, parseTeamId, transferCandidates } from './team-rules.ts';

const member = (user_id: number, is_admin: number) => ({
  user_id,
  member_name: `m${user_id}`,
  is_admin,
  login_time: null,
  add_time: 1,
});

describe('team rules', () => {
  it('checks the team name: required, trimmed, at most 12 characters', () => {
    expect(checkTeamTitle('')).toBe('required');
    expect(checkTeamTitle('   ')).toBe('required');
    expect(checkTeamTitle('  Sales  ')).toBeNull();
    expect(checkTeamTitle('a'.repeat(12))).toBeNull();
    expect(checkTeamTitle('a'.repeat(13))).toBe('too_long');
    expect(checkTeamTitle('团队团队团队团队团队团队')).toBeNull();
  });

  it('builds the invite link from the origin', () => {
    expect(inviteLink('https://x.test', 42)).toBe('https://x.test/invite/42');
  });

  it('accepts only positive integer ids in the invite path', () => {
    expect(parseTeamId('7')).toBe(7);
    for (const bad of [undefined, '', '0', '-1', '1.5', 'abc', '07', '1e3', '99999999999999999']) {
      expect(parseTeamId(bad)).toBeNull();
    }
  });

  it('offers only non-admin members for transfer', () => {
    const list = [member(1, 1), member(2, 0), member(3, 0)];
    expect(transferCandidates(list).map((x) => x.user_id)).toEqual([2, 3]);
    expect(isAdmin({ is_admin: 2 })).toBe(true);
    expect(isAdmin({ is_admin: 0 })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });
});

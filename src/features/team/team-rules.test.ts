import { describe, expect, it } from 'vitest';
import { checkTeamTitle, inviteLink, isAdmin, parseInviteCode, transferCandidates } from './team-rules.ts';

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

  it('builds the invite link from the origin and the code', () => {
    expect(inviteLink('https://x.test', 'Ab3_-xYz0123456789abcdEF')).toBe(
      'https://x.test/invite/Ab3_-xYz0123456789abcdEF',
    );
  });

  it('takes only code-shaped paths: old numeric links and mangled codes are no invite', () => {
    expect(parseInviteCode('Ab3_-xYz0123456789abcdEF')).toBe('Ab3_-xYz0123456789abcdEF');
    for (const bad of [
      undefined,
      '',
      '7',
      '42',
      'abc',
      'Ab3_-xYz0123456789abcd%',
      'a'.repeat(65),
      'a b'.repeat(9),
    ]) {
      expect(parseInviteCode(bad)).toBeNull();
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

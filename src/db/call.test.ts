import { describe, expect, it } from 'vitest';
import { API } from '../../contract/api.ts';
import { call, isCallOf } from './call.ts';

describe('calls named by endpoint', () => {
  it('an entry stored with its wire path by an earlier build reads as a call of its endpoint', () => {
    // What an outbox row written before calls were typed holds: plain method, path and body.
    const stored = { method: 'POST', path: '/blogger/black.add', body: { bloggers: ['a'], country: 'US' } };
    expect(isCallOf(stored, API.blackAdd)).toBe(true);
    expect(isCallOf(stored, API.blackDel)).toBe(false);
    expect(isCallOf({ path: '/blogger/invitation.add' }, API.invitationAdd)).toBe(true);
  });

  it('a call made now matches its own endpoint and no other', () => {
    const c = call(API.planMessage, { creator_id: 2 });
    expect(isCallOf(c, API.planMessage)).toBe(true);
    expect(isCallOf(c, API.planInvite)).toBe(false);
  });
});

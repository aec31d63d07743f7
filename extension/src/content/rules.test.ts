import { describe, expect, it } from 'vitest';
import type { CreatorStatus } from '../../../contract/schemas/extension.ts';
import { chipsFor } from './badges.ts';
import { outreachWarnings } from './outreach.ts';

const row = (over: Partial<CreatorStatus> = {}): CreatorStatus => ({
  unique_id: 'ann',
  id: 1,
  is_chat: 0,
  is_invitation: 0,
  is_black: 0,
  tags: [],
  plans: [],
  connected: 0,
  messages: 0,
  ...over,
});

describe('badges', () => {
  it('says what CreatorDesk knows, blacklisted first', () => {
    expect(chipsFor(null)).toEqual([{ text: 'not in CreatorDesk', tone: 'muted' }]);
    expect(chipsFor(row())).toEqual([{ text: 'in CreatorDesk', tone: 'plain' }]);
    const all = chipsFor(
      row({
        is_black: 1,
        is_chat: 1,
        is_invitation: 1,
        plans: [{ plan_id: 3, name: 'Spring <b>', stage: 'invited' }],
        tags: [{ tag_id: 1, tag_title: 'VIP' }],
      }),
    );
    expect(all.map((c) => c.text)).toEqual([
      'Blacklisted',
      'chatted',
      'invited',
      'in plan Spring <b>',
      'VIP',
    ]);
    expect(all[0]!.tone).toBe('danger');
  });
});

describe('outreach warnings', () => {
  const quota = (limit: number, used: number) => ({ limit, used, reset_at: 0 });
  it('warns before the 5-messages-before-a-reply limit', () => {
    expect(outreachWarnings(row({ messages: 3 }), null, 0)).toEqual([]);
    expect(outreachWarnings(row({ messages: 4 }), null, 0)[0]).toMatch(/1 more before TikTok waits/);
    expect(outreachWarnings(row({ messages: 5 }), null, 0)[0]).toMatch(/TikTok allows 5/);
    expect(outreachWarnings(row({ messages: 5, connected: 1 }), null, 0)).toEqual([]);
  });
  it('warns before the weekly quota, unless it is not set or the creator is connected', () => {
    expect(outreachWarnings(row(), quota(-1, 400), 0)).toEqual([]);
    expect(outreachWarnings(row(), quota(50, 40), 0)).toEqual([]);
    expect(outreachWarnings(row(), quota(50, 45), 0)[0]).toMatch(/nearly used: 45 of 50/);
    expect(outreachWarnings(row(), quota(50, 50), 0)[0]).toMatch(/Weekly quota used: 50 of 50/);
    expect(outreachWarnings(row({ connected: 1 }), quota(50, 50), 0)).toEqual([]);
    expect(outreachWarnings(row({ is_black: 1 }), null, 0)[0]).toMatch(/blacklisted/);
  });
});

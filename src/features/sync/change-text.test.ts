import { afterEach, describe, expect, it } from 'vitest';
import { setAppLocale } from '../../i18n/locale.ts';
import { conflictSubject, describeChange, nextStep, shortNames } from './change-text.ts';

describe('a change in plain words', () => {
  afterEach(() => setAppLocale('en-us'));

  it('names what the change does, never its method and path', () => {
    setAppLocale('en-us');
    expect(describeChange({ path: '/challenge/add', body: { title: 'summerglow' } })).toBe(
      'Add topic #summerglow',
    );
    expect(describeChange({ path: '/tags/del', body: { id: 3 }, about: 'VIP' })).toBe('Delete tag VIP');
    expect(describeChange({ path: '/blogger/edit', body: { bloggers: ['a'], isChat: 1 } })).toBe(
      'Change the status of 1 creator',
    );
    expect(describeChange({ path: '/blogger/edit', body: { bloggers: ['a', 'b', 'a'] } })).toBe(
      'Change the status of 2 creators',
    );
    expect(
      describeChange({ path: '/blogger/invitation.add', body: { bloggers: ['a', 'b', 'c', 'd', 'e'] } }),
    ).toBe('Invite a, b, c +2');
    expect(describeChange({ path: '/creator/contact.edit', body: { id: 3, email: 'a@b.co' } })).toBe(
      "Change a creator's contact details",
    );
    expect(describeChange({ path: '/some/new.call', body: {} })).toBe('A change made on this device');
  });

  it('says it in zh-cn too', () => {
    setAppLocale('zh-cn');
    expect(describeChange({ path: '/challenge/add', body: { title: '#夏日' } })).toBe('添加话题 #夏日');
    expect(describeChange({ path: '/blogger/set.tags', body: { bloggers: ['a', 'b'], type: 'del' } })).toBe(
      '移除 2 位达人的标签',
    );
  });

  it('offers the next step by code: VIP link, exists, admin, gone; retry only where it can succeed', () => {
    setAppLocale('en-us');
    expect(nextStep(40201, '/challenge/add')).toMatchObject({
      action: { label: 'Upgrade to VIP', href: '/vip' },
      retryable: true,
    });
    // A duplicate meets the same 40009 again: no Retry, the hint says what to change.
    expect(nextStep(40009, '/tags/add')).toMatchObject({
      hint: 'It already exists: discard this change, or save it under another name.',
      retryable: false,
    });
    expect(nextStep(40009, '/challenge/add').retryable).toBe(false);
    // Blacklisted names can be taken off the blacklist, after which the same invitation succeeds.
    expect(nextStep(40009, '/blogger/invitation.add')).toMatchObject({
      hint: expect.stringMatching(/take them off the blacklist/),
      retryable: true,
    });
    expect(nextStep(40003, '/team/edit').hint).toMatch(/Only the team admin/);
    expect(nextStep(40004, '/tags/del').retryable).toBe(false);
    expect(nextStep(40001, '/tags/add').retryable).toBe(false);
    expect(shortNames(['x'])).toBe('x');
  });

  it('a conflict (40012) offers "Save mine" / "Keep theirs" and names the text each side holds', () => {
    expect(nextStep(40012, '/chattmp/edit')).toMatchObject({ retryable: true, conflict: true });
    setAppLocale('zh-cn');
    // The server's reason names the choice; the hint says where it is made, not the choice again.
    expect(nextStep(40012, '/tags/edit').hint).toBe('请在页面顶部同步状态的“失败”中选择保留哪个版本。');
    const edit = { method: 'PUT', path: '/product/edit', body: { id: 9, productTitle: 'Desk lamp' } };
    expect(conflictSubject(edit)).toEqual({
      table: 'products',
      id: 9,
      field: 'product_title',
      yours: 'Desk lamp',
    });
    const del = { method: 'DELETE', path: '/creator/note.del', body: { id: 3 } };
    expect(conflictSubject(del)).toEqual({ table: 'creator_notes', id: 3, field: 'content', yours: '' });
    expect(conflictSubject({ path: '/blogger/edit', body: { bloggers: [1] } })).toBeNull();
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { toast, toastQueue } from './toast-queue.ts';

const shown = () => toastQueue.visibleToasts.map((t) => `${t.content.tone}:${t.content.message}`);

describe('toast queue', () => {
  beforeEach(() => toastQueue.clear());

  it('shows at most two toasts, each for 3 s', () => {
    toast.success('a');
    toast.error('b');
    toast.info('c');
    expect(toastQueue.visibleToasts).toHaveLength(2);
    expect(toastQueue.visibleToasts.every((t) => t.timeout === 3000)).toBe(true);
  });

  it('does not stack an identical visible toast', () => {
    toast.error('System interface request failed');
    toast.error('System interface request failed');
    expect(shown()).toEqual(['error:System interface request failed']);
    toast.success('System interface request failed');
    expect(shown()).toHaveLength(2);
  });

  it('ignores empty messages', () => {
    expect(toast.error('')).toBeUndefined();
    expect(shown()).toEqual([]);
  });
});

describe('toasts belong to their page', () => {
  beforeEach(() => {
    toastQueue.clear();
    (globalThis as { location?: { pathname: string } }).location = { pathname: '/topic' };
  });

  it('drops a toast raised for a page the user has left, keeps one for the page they are on', () => {
    expect(toast.error('late', { page: '/tag' })).toBeUndefined();
    toast.error('here', { page: '/topic' });
    toast.success('everywhere', { page: '*' });
    expect(shown().sort()).toEqual(['error:here', 'success:everywhere']);
  });

  it('closes the toasts of the page the user leaves, also the ones that were queued behind them', () => {
    toast.info('one');
    toast.info('two');
    toast.info('three');
    toast.success('greeting', { page: '*' });
    toast.leavePage('/home');
    expect(shown()).toEqual(['success:greeting']);
  });
});

import { describe, expect, it } from 'vitest';
import { confirm, currentConfirm, settleConfirm, subscribeConfirm } from './confirm-store.ts';

describe('confirm()', () => {
  it('shows requests one at a time and resolves each with the answer', async () => {
    let changes = 0;
    const off = subscribeConfirm(() => changes++);
    const first = confirm({ message: 'Delete 3 invitations?', tone: 'danger' });
    const second = confirm({ message: 'Sign in anyway?' });
    expect(currentConfirm()?.message).toBe('Delete 3 invitations?');
    settleConfirm(currentConfirm()!.id, true);
    expect(currentConfirm()?.message).toBe('Sign in anyway?');
    settleConfirm(currentConfirm()!.id, false);
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(false);
    expect(currentConfirm()).toBeUndefined();
    expect(changes).toBe(4);
    off();
  });
});

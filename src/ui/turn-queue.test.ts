import { describe, expect, it } from 'vitest';
import { turnQueue } from './turn-queue.ts';

describe('turnQueue', () => {
  it('starts one turn at a time, in order, each once the one before it has left', () => {
    const started: string[] = [];
    const q = turnQueue((go) => go());
    const a = q.take(() => started.push('a'));
    const b = q.take(() => started.push('b'));
    const c = q.take(() => started.push('c'));
    expect(started).toEqual(['a']);
    q.leave(a);
    expect(started).toEqual(['a', 'b']);
    q.leave(b);
    q.leave(c);
    expect(started).toEqual(['a', 'b', 'c']);
    // The queue is idle again: a new turn starts at once.
    q.take(() => started.push('d'));
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('drops a queued turn whose owner went away, and moves on when a running one goes away', () => {
    const started: string[] = [];
    const q = turnQueue((go) => go());
    const a = q.take(() => started.push('a'));
    const b = q.take(() => started.push('b'));
    q.take(() => started.push('c'));
    q.leave(b); // unmounted before its turn
    q.leave(a); // unmounted during its turn
    expect(started).toEqual(['a', 'c']);
  });

  it('does not skip a turn when one leaves twice', () => {
    const started: string[] = [];
    const q = turnQueue((go) => go());
    const a = q.take(() => started.push('a'));
    q.take(() => started.push('b'));
    q.take(() => started.push('c'));
    q.leave(a);
    q.leave(a); // its effect and its unmount both say so
    expect(started).toEqual(['a', 'b']);
  });
});

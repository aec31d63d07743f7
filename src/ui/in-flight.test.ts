import { describe, expect, it } from 'vitest';
import { confirmFirst, inFlightGuard } from './in-flight.ts';

/** A promise the test settles by hand, so "while the action runs" is a state, not a race. */
function deferred() {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('the double-press guard', () => {
  it('ignores a press while the action runs, shows busy until it settles, then accepts the next', async () => {
    const busy: boolean[] = [];
    const run = inFlightGuard((b) => busy.push(b));
    const gate = deferred();
    const calls: string[] = [];
    const action = (what: string) => {
      calls.push(what);
      return gate.promise;
    };
    const first = run(action, 'retry');
    // The second press of a double-click, and one on another button sharing the guard.
    expect(run(action, 'retry')).toBeUndefined();
    expect(run(action, 'discard')).toBeUndefined();
    expect(calls).toEqual(['retry']);
    expect(busy).toEqual([true]);
    gate.resolve();
    await first;
    expect(busy).toEqual([true, false]);
    await run(action, 'discard');
    expect(calls).toEqual(['retry', 'discard']);
    expect(busy).toEqual([true, false, true, false]);
  });

  it('releases the guard when the action fails, so the user can press again', async () => {
    const busy: boolean[] = [];
    const run = inFlightGuard((b) => busy.push(b));
    const gate = deferred();
    let calls = 0;
    const failing = () => {
      calls += 1;
      return gate.promise;
    };
    const first = run(failing);
    expect(run(failing)).toBeUndefined();
    gate.reject(new Error('refused'));
    await expect(first).rejects.toThrow('refused');
    expect(busy).toEqual([true, false]);
    await run(() => {
      calls += 1;
    });
    expect(calls).toBe(2);
  });

  it('treats a synchronous throw like a failed promise', async () => {
    const busy: boolean[] = [];
    const run = inFlightGuard((b) => busy.push(b));
    await expect(
      run(() => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(busy).toEqual([true, false]);
    expect(run(() => undefined)).toBeInstanceOf(Promise);
  });

  it('behind a confirmation: a double-click asks once, calls once, busy only after the yes', async () => {
    const busy: boolean[] = [];
    const run = inFlightGuard(() => undefined);
    const answer = deferred();
    let asked = 0;
    const removed: string[] = [];
    const remove = confirmFirst(
      async (_name: string) => {
        asked += 1;
        await answer.promise;
        return true;
      },
      (name: string) => {
        removed.push(name);
      },
      (b) => busy.push(b),
    );
    const first = run(remove, 'ann');
    expect(run(remove, 'ann')).toBeUndefined();
    await Promise.resolve();
    expect(asked).toBe(1);
    // The confirmation is open: the button is not busy (it keeps focus for the user's return).
    expect(busy).toEqual([]);
    answer.resolve();
    await first;
    expect(removed).toEqual(['ann']);
    expect(busy).toEqual([true, false]);
  });

  it('behind a confirmation: cancel calls nothing and leaves the button idle', async () => {
    const busy: boolean[] = [];
    let calls = 0;
    const act = confirmFirst(
      () => Promise.resolve(false),
      () => {
        calls += 1;
      },
      (b) => busy.push(b),
    );
    await inFlightGuard(() => undefined)(act);
    expect(calls).toBe(0);
    expect(busy).toEqual([]);
  });
});

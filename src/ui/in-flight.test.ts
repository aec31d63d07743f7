import { describe, expect, it } from 'vitest';
import { inFlightGuard } from './in-flight.ts';

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
});

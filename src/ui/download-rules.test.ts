import { describe, expect, it } from 'vitest';
import { pollForUrl } from './download-rules.ts';

const noSleep = async () => {};

describe('download polling', () => {
  it('polls until a URL appears, waiting 2 s between tries', async () => {
    const waits: number[] = [];
    let n = 0;
    const out = await pollForUrl(async () => (++n === 3 ? '/files/x.xlsx' : null), {
      sleep: async (ms) => void waits.push(ms),
    });
    expect(out).toEqual({ status: 'ready', url: '/files/x.xlsx' });
    expect(n).toBe(3);
    expect(waits).toEqual([2000, 2000]);
  });

  it('gives up after 100 tries in modal mode', async () => {
    let n = 0;
    const out = await pollForUrl(async () => (n++, null), { sleep: noSleep });
    expect(out).toEqual({ status: 'gave_up' });
    expect(n).toBe(100);
  });

  it('counts a failing check as a try', async () => {
    let n = 0;
    const out = await pollForUrl(
      async () => {
        n++;
        throw new Error('offline');
      },
      { sleep: noSleep, maxTries: 3 },
    );
    expect(out.status).toBe('gave_up');
    expect(n).toBe(3);
  });

  it('polls without limit in inline mode until aborted', async () => {
    const ctrl = new AbortController();
    let n = 0;
    const out = await pollForUrl(
      async () => {
        if (++n === 250) ctrl.abort();
        return null;
      },
      { sleep: noSleep, maxTries: Infinity, signal: ctrl.signal },
    );
    expect(out).toEqual({ status: 'aborted' });
    expect(n).toBe(250);
  });
});

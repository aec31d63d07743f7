/**
 * Download polling: ask every 2 s until the job has a file URL. The
 * modal gives up after 100 tries; the inline button polls until it is unmounted (its signal aborts).
 */
import { DOWNLOAD_POLL_MAX, DOWNLOAD_POLL_MS } from '../../contract/constants.ts';

export type DownloadCheck = () => Promise<string | null | undefined>;

export interface PollOptions {
  intervalMs?: number;
  /** Infinity for the inline mode. */
  maxTries?: number;
  signal?: AbortSignal;
  /** Injected in tests. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  onTry?: (n: number) => void;
}

export type PollOutcome = { status: 'ready'; url: string } | { status: 'gave_up' } | { status: 'aborted' };

const realSleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      resolve();
    });
  });

/**
 * Calls `check` until it yields a URL. A failing check counts as a try (the HTTP client has
 * already told the user) so a dead server cannot keep the modal spinning forever.
 */
export async function pollForUrl(check: DownloadCheck, o: PollOptions = {}): Promise<PollOutcome> {
  const interval = o.intervalMs ?? DOWNLOAD_POLL_MS;
  const max = o.maxTries ?? DOWNLOAD_POLL_MAX;
  const sleep = o.sleep ?? realSleep;
  for (let n = 1; n <= max; n++) {
    if (o.signal?.aborted) return { status: 'aborted' };
    o.onTry?.(n);
    let url: string | null | undefined;
    try {
      url = await check();
    } catch {
      url = null;
    }
    if (o.signal?.aborted) return { status: 'aborted' };
    if (url) return { status: 'ready', url };
    if (n < max) await sleep(interval, o.signal);
  }
  return { status: 'gave_up' };
}

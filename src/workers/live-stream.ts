/**
 * The client end of the live-update stream: one open GET /sync/events per browser
 * profile, held by the sync worker of whichever tab owns the Web Lock `creatordesk-live` (the
 * others wait for it and learn the stream's state over a BroadcastChannel). The token goes in
 * the header through fetch (EventSource cannot send it, and a token in a URL leaks into logs).
 *
 * - A version event calls `onVersion`; the engine pulls when it is past its cursor (pulls
 *   coalesce, so a burst of pokes costs one or two pulls).
 * - A stream that ends, fails or stays silent past LIVE_SILENCE_MS is reopened after a backoff
 *   with jitter; each open announces the head again, so nothing is missed meanwhile.
 * - A force-logout code (refused open, or the server's `end` event) stops the stream and calls
 *   `onRefused`: the engine pulls, meets the same code with the server's words, and pauses.
 */
import { isForceLogout } from '../../contract/codes.ts';
import { decodeLiveEvent, LIVE_PATH, LIVE_SILENCE_MS, type LiveEvent } from '../../contract/live.ts';
import { backoffMs } from './sync-http.ts';

/** `connecting` until the first open succeeds; `reconnecting` after a stream dropped; `off` once stopped or refused. */
export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'off';

export interface LiveDeps {
  fetch: typeof fetch;
  apiBase: string;
  token: string;
  locks?: { request: LockManager['request'] } | undefined;
  /** Shares the holder's state with the profile's other tabs (absent in Node tests). */
  channel?: BroadcastChannel | undefined;
  onVersion: (version: number) => void;
  onRefused: (code: number) => void;
  onState: (s: LiveState) => void;
  silenceMs?: number;
}

/** What the engine needs of the live-update stream (live-stream.ts; left out in most tests). */
export interface LiveHandle {
  readonly running: boolean;
  start(): void;
  stop(): void;
  reconnectNow(): void;
}
export type LiveFactory = (d: Pick<LiveDeps, 'token' | 'onVersion' | 'onRefused' | 'onState'>) => LiveHandle;

const LOCK = 'creatordesk-live';

export class LiveStream implements LiveHandle {
  private stopped = false;
  private holding = false;
  private ctrl: AbortController | null = null;
  private wake: (() => void) | null = null;
  private state: LiveState = 'connecting';

  constructor(private readonly deps: LiveDeps) {}

  start(): void {
    const { locks, channel } = this.deps;
    if (channel)
      channel.onmessage = (e: MessageEvent<{ ask?: true; state?: LiveState }>) => {
        if (this.holding && e.data.ask) channel.postMessage({ state: this.state });
        else if (!this.holding && e.data.state) this.deps.onState(e.data.state);
      };
    // Told at once, so a tab that waits for another's stream says "connecting" until it hears.
    this.deps.onState(this.state);
    if (!locks) return void this.hold();
    channel?.postMessage({ ask: true });
    void locks.request(LOCK, () => (this.stopped ? undefined : this.hold())).catch(() => undefined);
  }

  /** False once stopped or refused: a new start() needs a new stream. */
  get running(): boolean {
    return !this.stopped;
  }

  stop(): void {
    this.stopped = true;
    this.ctrl?.abort();
    this.wake?.();
    this.set('off');
    this.deps.channel?.close();
  }

  /** Reopens at once instead of at the end of the backoff (the browser came back online). */
  reconnectNow(): void {
    this.wake?.();
  }

  /** Runs while this tab holds the lock: open, read, reopen after a backoff, until stopped. */
  private async hold(): Promise<void> {
    this.holding = true;
    let failures = 0;
    try {
      while (!this.stopped) {
        const outcome = await this.openOnce(() => (failures = 0));
        if (this.stopped) break;
        if (outcome.refused !== undefined) {
          this.set('off');
          this.stopped = true;
          this.deps.onRefused(outcome.refused);
          break;
        }
        this.set('reconnecting');
        failures += outcome.busy ? 4 : 1;
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          setTimeout(resolve, backoffMs(failures));
        });
        this.wake = null;
      }
    } finally {
      this.holding = false;
    }
  }

  /** One connection: resolves when it ends, with the force-logout code that ended it if any. */
  private async openOnce(opened: () => void): Promise<{ refused?: number; busy?: boolean }> {
    const ctrl = new AbortController();
    this.ctrl = ctrl;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const quiet = () => {
      clearTimeout(silence);
      silence = setTimeout(() => ctrl.abort(), this.deps.silenceMs ?? LIVE_SILENCE_MS);
    };
    try {
      quiet();
      const res = await this.deps.fetch(`${this.deps.apiBase}${LIVE_PATH}`, {
        headers: { token: this.deps.token, accept: 'text/event-stream' },
        signal: ctrl.signal,
        cache: 'no-store',
      });
      if (!res.headers.get('content-type')?.startsWith('text/event-stream') || !res.body) {
        const env = (await res.json().catch(() => null)) as { code?: unknown } | null;
        const code = typeof env?.code === 'number' ? env.code : 0;
        return isForceLogout(code) ? { refused: code } : { busy: code === 40029 };
      }
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return {};
        quiet();
        buf += value;
        for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
          const e = decodeLiveEvent(buf.slice(0, i));
          buf = buf.slice(i + 2);
          if (!e) continue;
          if (e.event === 'end') return this.ended(e);
          if (this.state !== 'live') {
            opened();
            this.set('live');
          }
          if (e.event === 'version') this.deps.onVersion(e.version);
        }
      }
    } catch {
      return {};
    } finally {
      clearTimeout(silence);
      ctrl.abort();
      if (this.ctrl === ctrl) this.ctrl = null;
    }
  }

  private ended(e: Extract<LiveEvent, { event: 'end' }>): { refused?: number; busy?: boolean } {
    return isForceLogout(e.code) ? { refused: e.code } : { busy: e.code === 40029 };
  }

  private set(s: LiveState): void {
    if (this.state === s) return;
    this.state = s;
    this.deps.onState(s);
    if (this.holding) this.deps.channel?.postMessage({ state: s });
  }
}

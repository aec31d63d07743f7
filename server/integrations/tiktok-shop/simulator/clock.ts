/**
 * Two clocks. The gateway's clock checks request timestamps against the caller's clock and is the
 * real wall clock (or one a test injects). The shop's world clock drives everything that happens
 * in the shop (order statuses, token and code expiry, deadlines) and can be advanced on demand, so
 * a test can move the shop ten days on without the connector's signed timestamps going stale.
 */
export interface SimClock {
  /** The wall clock in ms (throttling, the gateway). */
  wallMs(): number;
  /** Gateway time in Unix seconds (for the timestamp window). */
  gatewayNow(): number;
  /** World time in Unix seconds. */
  now(): number;
  /** World time in milliseconds (for the few fields the guide gives in ms). */
  nowMs(): number;
  /** Moves world time forward by `seconds` (never backwards). */
  advance(seconds: number): void;
  /** How far world time is ahead of the wall clock, in seconds. */
  offset(): number;
}

export function createClock(wallMs: () => number = Date.now, startOffsetSeconds = 0): SimClock {
  let offsetSeconds = startOffsetSeconds;
  return {
    wallMs,
    gatewayNow: () => Math.floor(wallMs() / 1000),
    now: () => Math.floor(wallMs() / 1000) + offsetSeconds,
    nowMs: () => wallMs() + offsetSeconds * 1000,
    advance(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0) throw new Error('advance takes a non-negative number');
      offsetSeconds += Math.floor(seconds);
    },
    offset: () => offsetSeconds,
  };
}

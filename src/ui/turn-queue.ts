/**
 * Work that should not share a main-thread task, started one piece at a time: a piece starts once
 * the one before it has left (finished, or its owner went away). ./Select.tsx turns its
 * look-alikes into real selects this way, each in its own transition.
 */
export interface Turn {
  go: () => void;
}

export interface TurnQueue {
  /** Queues `go`; it runs when every turn taken before it has left. */
  take(go: () => void): Turn;
  /** The turn is over (its work is on screen) or not wanted any more: the next one starts. */
  leave(t: Turn): void;
}

export function turnQueue(start: (go: () => void) => void): TurnQueue {
  const queued: Turn[] = [];
  let running: Turn | null = null;
  const next = () => {
    running = queued.shift() ?? null;
    if (running) start(running.go);
  };
  return {
    take(go) {
      const t = { go };
      queued.push(t);
      if (!running) next();
      return t;
    },
    leave(t) {
      const at = queued.indexOf(t);
      if (at >= 0) queued.splice(at, 1);
      else if (running === t) next();
    },
  };
}

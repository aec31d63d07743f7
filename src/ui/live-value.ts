/**
 * A value that a screen writes on every render and one small, rarely shown part reads live: the
 * writer does not re-render the reader's parents, and the reader (mounted only while shown)
 * subscribes for as long as it is on screen. Home's row count, which moves with every keystroke,
 * is read this way by the export menu's statement.
 */
import { useSyncExternalStore } from 'react';

export interface LiveValue<T> {
  get(): T;
  set(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function liveValue<T>(initial: T): LiveValue<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The value now, and a re-render whenever it changes while the caller is mounted. */
export function useLiveValue<T>(live: LiveValue<T>): T {
  return useSyncExternalStore(live.subscribe, live.get, live.get);
}

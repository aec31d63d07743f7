/**
 * The double-press guard behind `useInFlight` (Dialog.tsx), as plain code so it can be tested
 * without a DOM: a second press that arrives while the first action's promise is pending (even
 * before React has re-rendered the disabled button) is ignored (a double-click makes one
 * mutation).
 */
export type InFlightRun = <A extends unknown[]>(
  action: (...args: A) => unknown,
  ...args: A
) => Promise<void> | undefined;

/**
 * Returns a runner that starts `action` only when none is running; `onBusy(true)` when it starts,
 * `onBusy(false)` when it settles (also when it throws). Returns the run's promise, or undefined
 * for an ignored press.
 */
export function inFlightGuard(onBusy: (busy: boolean) => void): InFlightRun {
  let running = false;
  return (action, ...args) => {
    if (running) return undefined;
    running = true;
    onBusy(true);
    return (async () => {
      try {
        await action(...args);
      } finally {
        running = false;
        onBusy(false);
      }
    })();
  };
}

/**
 * An action that asks first (`ask` resolves false on cancel). `onBusy` hears true only once the
 * user confirmed, so the button stays focusable while the confirmation is open and focus can return
 * to it on cancel; run it through a guard so a double-click asks once.
 */
export function confirmFirst<A extends unknown[]>(
  ask: (...args: A) => Promise<boolean>,
  action: (...args: A) => unknown,
  onBusy: (busy: boolean) => void,
): (...args: A) => Promise<void> {
  return async (...args) => {
    if (!(await ask(...args))) return;
    onBusy(true);
    try {
      await action(...args);
    } finally {
      onBusy(false);
    }
  };
}

/**
 * An init script for the Home bench (HOME_INIT_SCRIPT=bench/react-renders.js, on a build made with
 * `vite build --minify false` so components keep their names): counts React's commits and the
 * components whose function ran in each, while the last input was a key (a pointer press stops the
 * count, so the sorts of step 2 are left out), or a pointer press (see below). Unlike the timings, these counts do not move with
 * the machine's load. The summary is left in window.__benchReport, which the bench prints.
 *
 * It stands in for React DevTools' hook: React calls onCommitFiberRoot after every commit. A
 * component rendered in this commit is a fiber new to the committed tree (React swaps in the
 * work-in-progress copy) carrying React's PerformedWork flag (1).
 */
(() => {
  const report = { commits: 0, rendered: 0, byName: {} };
  let counting = false;
  window.__benchReport = report;
  // globalThis.__rendersOnClick (set by an init script before this one) counts from a pointer press
  // to the next key instead: the creator page's opens (HOME_ONLY_OPENS), each with its way back.
  const onClick = globalThis.__rendersOnClick === true;
  addEventListener('keydown', () => (counting = !onClick), true);
  addEventListener('pointerdown', () => (counting = onClick), true);
  const nameOf = (t) =>
    t.displayName ||
    t.name ||
    t.render?.displayName ||
    t.render?.name ||
    t.type?.displayName ||
    t.type?.name ||
    '(anonymous)';
  let previous = new WeakSet();
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot(_id, root) {
      const seen = new WeakSet();
      if (counting) report.commits++;
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        seen.add(fiber);
        const component = fiber.type && typeof fiber.type !== 'string';
        if (counting && component && !previous.has(fiber) && fiber.flags & 1) {
          report.rendered++;
          const name = nameOf(fiber.type);
          report.byName[name] = (report.byName[name] ?? 0) + 1;
        }
        if (fiber.sibling) stack.push(fiber.sibling);
        if (fiber.child) stack.push(fiber.child);
      }
      previous = seen;
    },
  };
})();

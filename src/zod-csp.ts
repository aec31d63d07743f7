/**
 * The pages and workers run under a CSP without 'unsafe-eval'. When its first object schema is
 * built, zod 4 probes `new Function` to decide whether to compile its validators; the browser
 * reports that probe as a CSP violation (Lighthouse lists it under "issues logged in DevTools")
 * even though zod catches it. Its `jitless` setting skips the probe.
 *
 * zod keeps its settings on a global (`__zod_globalConfig`, shared by every copy of zod), so they
 * can be set before zod loads without putting zod's core into the entry chunk: import this module
 * first in every entry (main.tsx and the workers). zod-csp.test.ts checks zod still reads it. The
 * server keeps zod's compiled validators.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// In place: a zod that loaded first keeps reading the same object.
Object.assign((holder.__zod_globalConfig ??= {}), { jitless: true });

export {};

/**
 * Zod 4 compiles object validators with `new Function` after probing once whether eval works.
 * Under our Content-Security-Policy (no 'unsafe-eval', server/http/security-headers.ts) that probe
 * is reported as a `script-src` violation on every screen that parses with zod. Jitless parsing is
 * fast enough for the PWA's small payloads, so the probe is switched off instead of allowing eval.
 * Import this first in every bundle that parses with zod (the page, the sync and import workers): each
 * worker has its own copy of zod's settings.
 */
import { z } from 'zod';

z.config({ jitless: true });

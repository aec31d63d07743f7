/**
 * vitest setup: property tests (fast-check) draw from one fixed seed, so `npm test` is the same run
 * every time and a red run is a real regression, not an unlucky draw. A failure prints its seed and
 * path. To explore new inputs, run with FC_SEED=random (or a number): a counterexample found that
 * way becomes a fixed example in its test.
 */
import fc from 'fast-check';

export const FC_SEED = 20261124;

const wanted = process.env.FC_SEED;
if (wanted !== 'random') fc.configureGlobal({ seed: wanted ? Number(wanted) : FC_SEED });

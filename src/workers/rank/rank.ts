/**
 * The ranking code of lookalikes and plan fit in one module, which the query worker loads on the
 * first ranking (the Home list never ranks, and the worker's first load is part of every cold
 * /home: docs/benchmarks.md). CreatorIndex takes it as an argument (query-engine.ts).
 */
export { fitContext, fitParts, topFits } from './fit.ts';
export { buildIndex, seedOf, topLookalikes, topReasons } from './similar.ts';

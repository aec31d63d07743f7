/**
 * Preloaded into the bench's server process (`--expose-gc --import ./bench/heap-probe.mjs`, see
 * bench/shop-sync.ts): every HEAP_PROBE_MS it runs a full collection and appends a line
 * `<epoch ms> <heap used after GC> <RSS>` (bytes) to HEAP_PROBE_FILE. RSS alone keeps what V8 once
 * took and has not handed back; the heap after a collection is what the process still holds.
 */
import fs from 'node:fs';

const file = process.env.HEAP_PROBE_FILE;
const every = Number(process.env.HEAP_PROBE_MS ?? 1000);
if (file && typeof globalThis.gc === 'function') {
  const sample = () => {
    globalThis.gc();
    const m = process.memoryUsage();
    fs.appendFileSync(file, `${Date.now()} ${m.heapUsed} ${m.rss}\n`);
  };
  setInterval(sample, every).unref();
}

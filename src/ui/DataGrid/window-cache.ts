/**
 * Row cache for the all-rows scroll mode: the grid asks the provider (`getWindow(start, end)`,
 * e.g. the query worker, which answers only a window — toolchain notes: copying 100k rows across
 * postMessage costs ~0.6 s) for fixed-size blocks around what is on screen, keeps the most recent
 * blocks, and drops answers that arrive after the data set changed (generation counter).
 */
import { blocksFor } from './grid-math.ts';

export type WindowProvider<Row> = (start: number, end: number) => readonly Row[] | Promise<readonly Row[]>;

export class WindowCache<Row> {
  private blocks = new Map<number, readonly Row[]>();
  private pending = new Set<number>();
  private generation = 0;

  constructor(
    private provider: WindowProvider<Row>,
    private readonly onLoad: () => void,
    readonly blockSize = 100,
    private readonly maxBlocks = 30,
  ) {}

  /** The row at absolute index i, or undefined while its block is loading. */
  get(i: number): Row | undefined {
    return this.blocks.get(Math.floor(i / this.blockSize))?.[i % this.blockSize];
  }

  /** Forgets everything (filters, sort or the provider changed). */
  reset(provider: WindowProvider<Row> = this.provider): void {
    this.provider = provider;
    this.generation++;
    this.blocks.clear();
    this.pending.clear();
  }

  /** Requests the blocks covering [start, end) that are neither cached nor in flight. */
  ensure(start: number, end: number, total: number): void {
    const last = Math.min(end, total);
    for (const b of blocksFor(Math.max(0, start), last, this.blockSize)) {
      if (this.blocks.has(b)) {
        // refresh recency so visible blocks are evicted last
        const rows = this.blocks.get(b)!;
        this.blocks.delete(b);
        this.blocks.set(b, rows);
      } else if (!this.pending.has(b)) {
        this.load(b, total);
      }
    }
  }

  private load(b: number, total: number): void {
    const gen = this.generation;
    const from = b * this.blockSize;
    const to = Math.min(total, from + this.blockSize);
    this.pending.add(b);
    const store = (rows: readonly Row[]) => {
      if (gen !== this.generation) return;
      this.pending.delete(b);
      this.blocks.set(b, rows);
      while (this.blocks.size > this.maxBlocks) this.blocks.delete(this.blocks.keys().next().value!);
      this.onLoad();
    };
    try {
      const res = this.provider(from, to);
      if (Array.isArray(res)) store(res as readonly Row[]);
      else
        void Promise.resolve(res).then(store, () => {
          if (gen === this.generation) this.pending.delete(b); // retried on the next scroll
        });
    } catch {
      this.pending.delete(b);
    }
  }

  get cachedBlocks(): number {
    return this.blocks.size;
  }
}

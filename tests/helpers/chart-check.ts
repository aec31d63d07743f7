/**
 * The house rule for charts, read from a page: uPlot draws on a canvas, so each chart's layout is
 * taken from the uPlot instance kept on its box (src/features/plans/PlanCharts.tsx): its scales, its
 * plot's box, and every tick label placed as uPlot's drawAxesGrid places it (the axis's position,
 * size, gap and tick, the text measured with the axis font).
 */
import type { Page } from 'playwright-core';

export interface Drawn {
  problems: string[];
  /** Per chart: the value scale's ends, the category or point labels as drawn. */
  charts: { min: number; max: number; names: string[] }[];
}

/**
 * What the charts on the page draw, checked against the house rule; `problems` names each breach.
 * Runs in the page: reads each chart's uPlot instance (kept on its box) and lays out every tick
 * label as uPlot's drawAxesGrid places it.
 */
export function drawnCharts(page: Page): Promise<Drawn> {
  return page.evaluate(() => {
    type Axis = {
      show: boolean;
      scale: string;
      side: number;
      gap: number;
      font: [string, number];
      ticks: { show: boolean; size: number };
      _pos: number;
      _size: number;
      _splits: number[] | null;
      _values: (string | null)[] | null;
    };
    type Plot = {
      width: number;
      height: number;
      bbox: { left: number; top: number; width: number; height: number };
      scales: Record<string, { min: number; max: number; ori: number }>;
      axes: Axis[];
      data: number[][];
      valToPos(v: number, scale: string): number;
    };
    const problems: string[] = [];
    const charts: Drawn['charts'] = [];
    const pr = devicePixelRatio;
    const ctx = document.createElement('canvas').getContext('2d')!;
    const boxes = [...document.querySelectorAll('[data-testid="plan-chart"]')] as (HTMLElement & {
      uplot?: Plot;
    })[];
    if (!boxes.length) problems.push('no chart on the page');
    boxes.forEach((box, c) => {
      const u = box.uplot;
      if (!u) return problems.push(`chart ${c}: not drawn`);
      // The chart stays within the charts' area and the page (a 300 px track once ran past both at 390 px).
      const edge = box.getBoundingClientRect().right;
      const room = Math.min(
        document.documentElement.clientWidth,
        box.closest('[data-testid="plan-charts"]')!.getBoundingClientRect().right,
      );
      if (edge > room + 0.5) problems.push(`chart ${c}: runs to ${edge} px, past the room it has (${room})`);
      if (Math.abs(u.width - box.clientWidth) > 1)
        problems.push(`chart ${c}: drawn ${u.width} px wide in a box of ${box.clientWidth}`);
      const plot = {
        left: u.bbox.left / pr,
        top: u.bbox.top / pr,
        width: u.bbox.width / pr,
        height: u.bbox.height / pr,
      };
      const bars = u.scales.x!.ori === 1;
      // null: a gap in a line (nothing known that day), drawn as no point.
      const values = u.data[1]! as (number | null)[];
      const n = values.length;
      const known = values.filter((v): v is number => v !== null);
      // The value axis starts at zero and holds every value.
      const y = u.scales.y!;
      const lowest = Math.min(...known);
      const highest = Math.max(...known);
      if (lowest >= 0 ? y.min !== 0 : y.min > lowest)
        problems.push(`chart ${c}: value axis starts at ${y.min}`);
      if (y.max < Math.max(0, highest))
        problems.push(`chart ${c}: value axis ends at ${y.max} below ${highest}`);
      if (lowest < 0 && y.max < 0) problems.push(`chart ${c}: value axis leaves out zero`);
      // Every bar (or point) lies inside the plot.
      const along = bars ? plot.height : plot.width;
      const across = bars ? plot.width : plot.height;
      const slot = n > 1 ? Math.abs(u.valToPos(1, 'x') - u.valToPos(0, 'x')) : along;
      const half = bars ? Math.min(slot * 0.6, 20) / 2 : 3;
      for (let i = 0; i < n; i++) {
        const at = u.valToPos(i, 'x');
        if (at - half < -0.5 || at + half > along + 0.5)
          problems.push(
            `chart ${c}: ${bars ? 'bar' : 'point'} ${i} cut at the plot's edge (${at}±${half} of ${along})`,
          );
        const value = values[i];
        if (value === null || value === undefined) continue;
        const ends = bars ? [u.valToPos(0, 'y'), u.valToPos(value, 'y')] : [u.valToPos(value, 'y')];
        // A bar lies inside the plot; a point's centre does (on its edge for a zero: uPlot clips
        // points to the plot grown by a point's width, so it is drawn whole on the axis line), and
        // the whole point lies inside the canvas.
        if (ends.some((e) => e < -0.5 || e > across + 0.5))
          problems.push(
            `chart ${c}: value ${value} drawn outside the plot (${ends.join(', ')} of ${across})`,
          );
        if (!bars && (plot.top + ends[0]! - half < -0.5 || plot.top + ends[0]! + half > u.height + 0.5))
          problems.push(
            `chart ${c}: point ${i} cut by the canvas (${plot.top + ends[0]!}±${half} of ${u.height})`,
          );
      }
      // Every tick label: whole inside the canvas and its axis's space, clear of every other label.
      const rects: { text: string; l: number; r: number; t: number; b: number }[] = [];
      u.axes.forEach((ax, a) => {
        if (!ax.show || !ax._splits || !ax._values) return;
        ctx.font = ax.font[0];
        const size = ax.font[1] / pr;
        const shift = ax.side === 0 || ax.side === 3 ? -1 : 1;
        const base = ax._pos + ((ax.ticks.show ? ax.ticks.size : 0) + ax.gap) * shift;
        const offset = ax.side % 2 === 0 ? plot.left : plot.top;
        const names: string[] = [];
        ax._splits.forEach((split, j) => {
          const text = ax._values![j];
          if (text == null || text === '') return;
          names.push(String(text));
          const w = ctx.measureText(String(text)).width / pr;
          const at = u.valToPos(split, ax.scale) + offset;
          const rect =
            ax.side % 2 === 0
              ? {
                  l: at - w / 2,
                  r: at + w / 2,
                  t: ax.side === 2 ? base : base - size,
                  b: ax.side === 2 ? base + size : base,
                }
              : ax.side === 3
                ? { l: base - w, r: base, t: at - size / 2, b: at + size / 2 }
                : { l: base, r: base + w, t: at - size / 2, b: at + size / 2 };
          const where = `chart ${c} axis ${a} label "${text}"`;
          if (rect.l < -0.5 || rect.r > u.width + 0.5 || rect.t < -0.5 || rect.b > u.height + 0.5)
            problems.push(`${where} cut by the canvas (${JSON.stringify(rect)} in ${u.width}×${u.height})`);
          if (ax.side % 2 === 1 && w + ax.gap > ax._size + 0.5)
            problems.push(`${where} wider (${w} + gap ${ax.gap}) than its axis (${ax._size})`);
          rects.push({ text: where, ...rect });
        });
        if (ax.scale === 'x') charts[c] = { min: y.min, max: y.max, names };
      });
      for (let i = 0; i < rects.length; i++)
        for (let j = i + 1; j < rects.length; j++) {
          const [p, q] = [rects[i]!, rects[j]!];
          if (Math.min(p.r, q.r) - Math.max(p.l, q.l) > 0.5 && Math.min(p.b, q.b) - Math.max(p.t, q.t) > 0.5)
            problems.push(`${p.text} overlaps ${q.text}`);
        }
    });
    return { problems, charts };
  });
}

/**
 * uPlot's options for a plan's chart (PlanCharts.tsx) under the house rule of chart-layout.ts: the
 * value axis from zero, every bar inside the plot, every label whole in its own space. Stages and
 * creators are horizontal bars, one row each, their names in a column as wide as the longest; the
 * weeks are a line whose dates are thinned from the newest. Sizes are measured with the axis font.
 */
import uPlot from 'uplot';
import { fitLabel, pointsBack, valueRange, widest, type Measure } from './chart-layout.ts';

/** One category's row in a bar chart. */
const ROW = 28;
const LINE_HEIGHT = 220;
const FONT_PX = 12;
/** Pixels between a label and its tick (or the plot, where there is no tick), and the tick's length. */
const GAP = 6;
const TICK = 4;
/** A category name takes at most this share of the chart's width; a longer one ends with "…". */
const LABEL_SHARE = 0.42;

/** A chart as PlanCharts describes it. */
export interface ChartSpec {
  kind: 'bars' | 'line';
  /** The category (bars) or point (line) names, in order. */
  names: string[];
  /** null: nothing known at that point (a line spans it; a video's day that was not read). */
  values: (number | null)[];
  /** Text of a value on its axis. */
  valueText: (v: number) => string;
  /** Counts: ticks on whole numbers only. */
  whole?: boolean;
}

function measurer(font: string): Measure {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return (t) => t.length * FONT_PX;
  ctx.font = font;
  return (t) => ctx.measureText(t).width;
}

const WHOLE_INCRS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000, 20_000];

/** The options of `spec` drawn `width` pixels wide in `el` (its colours and font come from the page). */
export function chartOptions(spec: ChartSpec, width: number, el: HTMLElement): uPlot.Options {
  const css = getComputedStyle(el);
  const token = (name: string, fallback: string) => css.getPropertyValue(name).trim() || fallback;
  const primary = token('--cd-primary', '#1a55e6');
  const text = token('--cd-text-secondary', '#4e5969');
  const line = token('--cd-border', '#dcdfe6');
  const font = `${FONT_PX}px ${css.fontFamily || 'sans-serif'}`;
  const measure = measurer(font);
  const { names, values, valueText, whole = false } = spec;
  const n = names.length;
  const known = values.filter((v): v is number => v !== null);
  const [lo, hi] = valueRange(Math.min(...known), Math.max(...known), whole);
  // The value labels at both ends are the longest a scale from lo to hi writes.
  const valueWidth = widest([valueText(lo), valueText(hi)], measure);
  const categories: uPlot.Scale = { time: false, range: () => [-0.5, n - 0.5] };
  const valueScale: uPlot.Scale = { range: (_u, min, max) => valueRange(min, max, whole) };
  const valueAxis: uPlot.Axis = {
    scale: 'y',
    font,
    stroke: text,
    gap: GAP,
    grid: { stroke: line, width: 1 },
    ticks: { stroke: line, width: 1, size: TICK },
    values: (_u, splits) => splits.map(valueText),
    ...(whole ? { incrs: WHOLE_INCRS } : {}),
  };
  const common = {
    width,
    legend: { show: false },
    cursor: { show: false },
  };
  if (spec.kind === 'bars') {
    const room = Math.floor(width * LABEL_SHARE);
    const labels = names.map((name) => fitLabel(name, room, measure));
    const labelSize = Math.ceil(widest(labels, measure)) + GAP + 2;
    return {
      ...common,
      // One row per category, and room for the value axis under them.
      height: n * ROW + FONT_PX + TICK + GAP + 16,
      // Half the widest value label beyond the plot on both sides, so the labels of the first and
      // last ticks are whole (on the left the names' column usually gives that room already).
      padding: [8, Math.ceil(valueWidth / 2) + 2, 0, Math.max(0, Math.ceil(valueWidth / 2) + 2 - labelSize)],
      scales: { x: { ...categories, ori: 1, dir: -1 }, y: { ...valueScale, ori: 0, dir: 1 } },
      axes: [
        {
          scale: 'x',
          side: 3,
          font,
          stroke: text,
          gap: GAP,
          grid: { show: false },
          ticks: { show: false },
          splits: () => names.map((_, i) => i),
          values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
          size: labelSize,
        },
        {
          ...valueAxis,
          side: 2,
          space: Math.ceil(valueWidth) + 16,
          size: FONT_PX + TICK + GAP + 4,
        },
      ],
      series: [
        {},
        {
          fill: primary,
          stroke: primary,
          width: 0,
          paths: uPlot.paths.bars?.({ size: [0.6, 20] }),
          points: { show: false },
        },
      ],
    };
  }
  const dateWidth = Math.ceil(widest(names, measure));
  return {
    ...common,
    height: LINE_HEIGHT,
    // Top: half a label's height for the highest tick's label; right: half a date for the newest week's.
    padding: [FONT_PX, Math.ceil(dateWidth / 2) + 2, 0, 0],
    scales: { x: categories, y: valueScale },
    axes: [
      {
        scale: 'x',
        side: 2,
        font,
        stroke: text,
        gap: GAP,
        grid: { show: false },
        ticks: { stroke: line, width: 1, size: TICK },
        // Every step-th week, counted back from the newest; uPlot picks the smallest step whose
        // labels keep a gap of 16 px.
        space: dateWidth + 16,
        incrs: names.map((_, i) => i + 1),
        splits: (_u, _i, _min, _max, step) => pointsBack(n, step),
        values: (_u, splits) => splits.map((i) => names[i] ?? ''),
        size: FONT_PX + TICK + GAP + 6,
      },
      {
        ...valueAxis,
        side: 3,
        size: (_u, texts) => Math.ceil(widest(texts ?? [], measure)) + TICK + GAP + 4,
      },
    ],
    series: [
      {},
      { stroke: primary, width: 2, spanGaps: true, points: { show: true, size: 6, fill: primary } },
    ],
  };
}

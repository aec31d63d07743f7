/**
 * The arithmetic of a plan's charts (PlanCharts.tsx), pure so it is tested apart. The house rule
 * for charts: the value axis starts at zero (a bar's length is its value, so 72 % draws 40 % of
 * 179 %, never a tenth), every bar lies inside the plot, and every label is drawn whole, each in its
 * own space. Widths come from `measure` (a canvas's measureText with the axis font).
 */

export type Measure = (text: string) => number;

/** A round step near `rough` (1, 2, 2.5 or 5 × a power of ten); at least 1 for whole numbers. */
function niceStep(rough: number, whole: boolean): number {
  if (!(rough > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const factors = whole ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  const step = factors.map((f) => f * power).find((s) => s >= rough) ?? 10 * power;
  return whole ? Math.max(1, Math.round(step)) : step;
}

/**
 * The value scale: from zero, or from the lowest value when it is negative, to the highest value
 * (or zero when all are negative), with a little room beyond the longest bar, ends rounded to a
 * step. `whole`: counts (the ends are whole numbers). All values zero (or none) give [0, 1].
 */
export function valueRange(min: number | null, max: number | null, whole = false): [number, number] {
  const lo = Math.min(0, min ?? 0);
  const hi = Math.max(0, max ?? 0);
  if (lo === hi) return [0, 1];
  const span = hi - lo;
  const step = niceStep(span / 5, whole);
  const room = span * 0.05;
  return [
    lo < 0 ? Math.floor((lo - room) / step) * step : 0,
    hi > 0 ? Math.ceil((hi + room) / step) * step : 0,
  ];
}

/**
 * A category's text within `room` pixels: whole when it fits, else cut at a character with "…"
 * (never cut by the canvas's edge; the table under the chart has it whole).
 */
export function fitLabel(text: string, room: number, measure: Measure): string {
  if (measure(text) <= room) return text;
  const chars = Array.from(text);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(`${chars.slice(0, mid).join('').trimEnd()}…`) <= room) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/** The widest of these texts, in pixels. */
export const widest = (texts: readonly (string | null | undefined)[], measure: Measure): number =>
  texts.reduce((w, t) => (t ? Math.max(w, measure(t)) : w), 0);

/**
 * The points of a horizontal axis that get a label: every `step`-th counted back from the last, so
 * the newest week is always named (uPlot picks the step: the smallest that leaves each label its
 * width and a gap, PlanCharts.tsx).
 */
export function pointsBack(n: number, step: number): number[] {
  const out: number[] = [];
  for (let i = n - 1; i >= 0; i -= Math.max(1, Math.round(step))) out.unshift(i);
  return out;
}

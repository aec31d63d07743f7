/** Markdown tables for the bench output (readable in the terminal and in docs/). */
import { percentile } from './gen.ts';

export type Row = Record<string, string | number>;

/** How the tables name the database engines. */
export const ENGINE_NAME: Record<string, string> = { sqlite: 'SQLite', postgres: 'PostgreSQL' };

/** The samples, p50 and p95 columns of a latency row, written with the caller's number format. */
export function latency(times: number[], fmt: (ms: number) => string): Row {
  return { samples: times.length, p50: fmt(percentile(times, 50)), p95: fmt(percentile(times, 95)) };
}

export function table(title: string, rows: Row[], note = ''): string {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (v: unknown) => String(v ?? '');
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (vals: string[]) => `| ${vals.map((v, i) => v.padEnd(width[i]!)).join(' | ')} |`;
  return [
    `## ${title}`,
    '',
    line(cols),
    line(width.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(cols.map((c) => cell(r[c])))),
    note ? `\n${note}` : '',
    '',
  ].join('\n');
}

/**
 * Puts `section` into a benchmarks document in place of the sections from `## first` through
 * `## last` (one section when `last` is left out), or appends it when the document has none.
 * What a bench writes ends at the next heading after `## last`, of either level: the hand-written
 * `### Update of …` notes under a section (what changed, profiles, earlier runs) stay when the
 * bench runs again (before, a run replaced everything up to the next `## ` and took them along). A
 * part that writes several sections still replaces the notes between its first and last.
 */
export function spliceSections(doc: string, section: string, first: string, last = first): string {
  const start = doc.indexOf(`## ${first}`);
  if (start < 0) return `${doc.trimEnd()}\n\n${section}`;
  const lastStart = doc.indexOf(`## ${last}`, start);
  const from = (lastStart < 0 ? start : lastStart) + 3;
  const ends = ['\n## ', '\n### '].map((h) => doc.indexOf(h, from)).filter((i) => i >= 0);
  const next = ends.length ? Math.min(...ends) : -1;
  return `${doc.slice(0, start)}${section.trimEnd()}\n${next < 0 ? '' : doc.slice(next)}`;
}

/**
 * The document with `title` as its first line and `measured` as the paragraph under it (a full run's
 * date and machine), the rest as it was; a document without the title gets both on top.
 */
export function stampHeader(doc: string, title: string, measured: string): string {
  const head = `${title}\n\n${measured}\n`;
  if (!doc.startsWith(`${title}\n`)) return `${head}\n${doc.trimStart()}`;
  const firstSection = doc.indexOf('\n## ');
  return `${head}${firstSection < 0 ? '' : doc.slice(firstSection)}`;
}

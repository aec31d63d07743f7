/** Markdown tables for the bench output (readable in the terminal and in docs/). */
export type Row = Record<string, string | number>;

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

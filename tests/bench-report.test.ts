/**
 * The benchmarks document's splice and header (bench/report.ts): a bench run, one part or all of them,
 * replaces its own tables and the date line only.
 */
import { describe, expect, it } from 'vitest';
import { spliceSections, stampHeader } from '../bench/report.ts';

const doc = [
  '# Benchmarks',
  '',
  '## Alpha (1 run)',
  '',
  'old alpha table',
  '',
  '### Update of yesterday: why alpha moved',
  '',
  'hand-written note',
  '',
  '## Beta',
  '',
  'beta table',
  '',
].join('\n');

describe('spliceSections', () => {
  it('replaces a section up to its hand-written update notes, which stay', () => {
    const out = spliceSections(doc, '## Alpha (2 runs)\n\nnew alpha table\n', 'Alpha');
    expect(out).toContain('new alpha table');
    expect(out).not.toContain('old alpha table');
    expect(out).toContain('### Update of yesterday: why alpha moved\n\nhand-written note');
    expect(out).toContain('## Beta\n\nbeta table');
    expect(out.indexOf('new alpha table')).toBeLessThan(out.indexOf('### Update of yesterday'));
  });

  it('replaces the last section of a document, and appends a section the document lacks', () => {
    const last = spliceSections(doc, '## Beta\n\nnew beta\n', 'Beta');
    expect(last).toContain('new beta');
    expect(last).not.toContain('beta table');
    expect(last).toContain('hand-written note');
    const added = spliceSections(doc, '## Gamma\n\ngamma table\n', 'Gamma');
    expect(added.endsWith('## Gamma\n\ngamma table\n')).toBe(true);
    expect(added).toContain('old alpha table');
  });

  it('replaces a run of sections from first through last', () => {
    const out = spliceSections(doc, '## Alpha\n\na\n\n## Beta\n\nb\n', 'Alpha', 'Beta');
    expect(out).not.toContain('old alpha table');
    expect(out).not.toContain('beta table');
    expect(out).toContain('## Beta\n\nb');
  });
});

describe('stampHeader', () => {
  const title = '# Benchmarks';
  it('replaces the date line under the title and keeps every section and note', () => {
    const withDate = doc.replace('# Benchmarks\n', '# Benchmarks\n\nMeasured yesterday.\n');
    const out = stampHeader(withDate, title, 'Measured today.');
    expect(out.startsWith('# Benchmarks\n\nMeasured today.\n\n## Alpha')).toBe(true);
    expect(out).not.toContain('yesterday.');
    expect(out).toContain('### Update of yesterday: why alpha moved\n\nhand-written note');
    expect(out).toContain('## Beta\n\nbeta table');
  });

  it('puts the title and date on top of a document without them', () => {
    const out = stampHeader('## Alpha\n\ntable\n', title, 'Measured today.');
    expect(out).toBe('# Benchmarks\n\nMeasured today.\n\n## Alpha\n\ntable\n');
  });
});

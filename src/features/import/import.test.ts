/**
 * The import's file reading and mapping, in Node with real bytes: CSV (UTF-8 with BOM, GB18030,
 * quoted new lines, a multi-byte character cut by the 1 MiB slice), XLSX written by exceljs,
 * and files that are not what their name says.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ImportFileError, readTable } from './file-parse.ts';
import {
  addChunk,
  emptySummary,
  guessField,
  guessMapping,
  prepareRows,
  sniffFile,
  sortSkipped,
} from './import-rules.ts';

const utf8 = (s: string) => new TextEncoder().encode(s);
const blobOf = (s: string | Uint8Array<ArrayBuffer>) => new Blob([typeof s === 'string' ? utf8(s) : s]);

async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ImportFileError) return e.code;
    throw e;
  }
  throw new Error('expected the file to be refused');
}

describe('column mapping', () => {
  it('guesses fields from English and Chinese headers, and from our own export', () => {
    expect(guessField('unique_id')).toBe('unique_id');
    expect(guessField('Creator ID')).toBe('unique_id');
    expect(guessField('用户名')).toBe('unique_id');
    expect(guessField('达人ID')).toBe('unique_id');
    expect(guessField('  Follower Count ')).toBe('follower_count');
    expect(guessField('粉丝数')).toBe('follower_count');
    expect(guessField('Engagement % (30 days)')).toBe('video_engagement_t30');
    expect(guessField('近30天互动率%')).toBe('video_engagement_t30');
    expect(guessField('GMV (30 days)')).toBe('gmv_t30');
    expect(guessField('Creator name')).toBe('daren_name');
    expect(guessField('Followers (万)')).toBe('follower_count');
    expect(guessField('Favourite colour')).toBeNull();
    expect(guessField('')).toBeNull();
  });

  it('gives each field to the first column that names it', () => {
    expect(guessMapping(['Creator ID', 'Name', 'username', 'Notes', 'Followers'])).toEqual([
      'unique_id',
      'daren_name',
      null,
      null,
      'follower_count',
    ]);
  });
});

describe('preparing rows', () => {
  it('keeps the last copy of a repeated creator and reports the earlier rows', () => {
    const rows = [
      ['@amy', '1K', ''],
      ['bob', 'lots', 'gb'],
      ['', '5', ''],
      ['amy', '2K', ''],
      ['bob', '7', ''],
      ['bob', '9', 'GB'],
    ];
    const p = prepareRows(rows, ['unique_id', 'follower_count', 'country'], 'US');
    expect(p.rows.map((r) => r.row)).toEqual([4, 5, 6, 7]);
    expect(p.rows[0]!.data).toEqual({ unique_id: '', follower_count: '5' });
    expect(p.rows[1]!.data).toEqual({ unique_id: 'amy', follower_count: '2K' });
    // bob in GB (rows 3 and 7) and bob in the default country (row 6) are different creators
    expect(p.duplicates).toEqual([
      { row: 2, unique_id: 'amy', keptRow: 5 },
      { row: 3, unique_id: 'bob', keptRow: 7 },
    ]);
  });

  it('adds chunk answers with file row numbers and sorts the skipped rows', () => {
    let s = emptySummary(10);
    s = addChunk(
      s,
      { received: 2, created: 1, updated: 0, rejected: [{ index: 1, reason: 'bad' }] },
      [9, 10],
    );
    s = addChunk(s, { received: 2, created: 1, updated: 1, rejected: [] }, [2, 3]);
    s.skipped.push({ row: 4, reason: 'dup' });
    expect(sortSkipped(s)).toEqual({
      rows: 10,
      done: 4,
      created: 2,
      updated: 1,
      skipped: [
        { row: 4, reason: 'dup' },
        { row: 10, reason: 'bad' },
      ],
    });
  });
});

describe('reading files', () => {
  it('sniffs the content, not only the name', () => {
    expect(sniffFile('a.csv', utf8('a,b\n1,2'))).toEqual({ ok: true, kind: 'csv', encoding: 'utf-8' });
    expect(sniffFile('a.xlsx', utf8('a,b\n1,2'))).toEqual({ ok: false, error: 'not_xlsx' });
    expect(sniffFile('a.csv', new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).toEqual({
      ok: false,
      error: 'not_text',
    });
    expect(sniffFile('a.csv', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]))).toEqual({
      ok: false,
      error: 'not_text',
    });
    expect(sniffFile('a.pdf', utf8('%PDF-1.4'))).toEqual({ ok: false, error: 'unsupported' });
    expect(sniffFile('a.csv', new Uint8Array())).toEqual({ ok: false, error: 'empty' });
  });

  it('reads a UTF-8 CSV with a BOM, quoted commas and new lines, blank lines and CRLF', async () => {
    const t = await readTable(
      blobOf('\uFEFF用户名,Name,粉丝数\r\n@amy,"Amy, the ""Glow""",12.3K\r\n\r\nbob,"two\r\nlines",5\r\n'),
      'x.csv',
    );
    expect(t.kind).toBe('csv');
    expect(t.headers).toEqual(['用户名', 'Name', '粉丝数']);
    expect(t.rows).toEqual([
      ['@amy', 'Amy, the "Glow"', '12.3K'],
      ['bob', 'two\r\nlines', '5'],
    ]);
    expect(t.rowNumbers).toEqual([2, 4]);
  });

  it('detects semicolons and tabs, and reads GB18030 text as saved by Chinese Excel', async () => {
    expect((await readTable(blobOf('a;b\n1;2\n'), 'x.csv')).rows).toEqual([['1', '2']]);
    expect((await readTable(blobOf('a\tb\n1\t2\n'), 'x.txt')).rows).toEqual([['1', '2']]);
    // "达人ID,粉丝数\nbob,5" in GB18030
    const gb = new Uint8Array([
      0xb4, 0xef, 0xc8, 0xcb, 0x49, 0x44, 0x2c, 0xb7, 0xdb, 0xcb, 0xbf, 0xca, 0xfd, 0x0a, 0x62, 0x6f, 0x62,
      0x2c, 0x35,
    ]);
    const t = await readTable(blobOf(gb), 'gb.csv');
    expect(t.headers).toEqual(['达人ID', '粉丝数']);
    expect(t.rows).toEqual([['bob', '5']]);
  });

  it('streams a CSV over 1 MiB slices without breaking rows or multi-byte characters', async () => {
    const lines = ['unique_id,daren_name,follower_count'];
    for (let i = 0; i < 70_000; i++) lines.push(`user_${i},"名字 ${i}, 甲",${i}`);
    const blob = blobOf(lines.join('\n'));
    expect(blob.size).toBeGreaterThan(2 << 20);
    const seen: number[] = [];
    const t = await readTable(blob, 'big.csv', (f) => seen.push(f));
    expect(t.rows.length).toBe(70_000);
    expect(t.rows[69_999]).toEqual(['user_69999', '名字 69999, 甲', '69999']);
    expect(t.rows.every((r, i) => r[1] === `名字 ${i}, 甲`)).toBe(true);
    expect(seen.at(-1)).toBe(1);
    expect(seen.length).toBeGreaterThan(2);
  });

  it('reads the first sheet of an XLSX (numbers, rich text, formulas, hyperlinks)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Creators');
    ws.addRow(['Creator ID', 'Followers', 'Bio link', 'GMV (30 days)']);
    ws.addRow([
      'amy',
      12300,
      { text: 'link', hyperlink: 'https://a.example' },
      { formula: '1+1', result: 2 },
    ]);
    ws.addRow([]);
    ws.addRow([{ richText: [{ text: 'b' }, { text: 'ob' }] }, '1.2万', null, 5.5]);
    const buf = new Uint8Array(await wb.xlsx.writeBuffer());
    const t = await readTable(blobOf(buf), 'c.xlsx');
    expect(t.kind).toBe('xlsx');
    expect(t.headers).toEqual(['Creator ID', 'Followers', 'Bio link', 'GMV (30 days)']);
    expect(t.rows).toEqual([
      ['amy', '12300', 'link', '2'],
      ['bob', '1.2万', '', '5.5'],
    ]);
    expect(t.rowNumbers).toEqual([2, 4]);
  });

  it('refuses broken and empty files with a reason', async () => {
    expect(await failure(readTable(blobOf(new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9])), 'c.xlsx'))).toBe(
      'bad_xlsx',
    );
    expect(await failure(readTable(blobOf('just a header\n'), 'c.csv'))).toBe('no_rows');
    expect(await failure(readTable(blobOf(''), 'c.csv'))).toBe('empty');
    // valid UTF-8 at the start, invalid bytes later on
    const bad = new Uint8Array([...utf8('a,b\n1,2\n'), 0xff, 0xfe, 0x41, 0x0a]);
    expect(await failure(readTable(blobOf(bad), 'c.csv'))).toBe('not_text');
  });
});

describe('texts', () => {
  it('names bad fields by their label and maps a refused file to its message', async () => {
    const { readableReason, readErrorText } = await import('./import-text.ts');
    expect(readableReason('follower_count is not valid')).toBe('Followers is not valid');
    expect(readableReason('video_engagement_t30 is not valid')).toBe('Engagement % (30 days) is not valid');
    expect(readableReason('The creator id is missing')).toBe('The creator id is missing');
    // an ImportFileError arrives from the worker as a plain Error with the same message
    expect(readErrorText(new Error(new ImportFileError('not_xlsx').message))).toMatch(/not an XLSX workbook/);
    expect(readErrorText(new Error('disk on fire'))).toBe('The file could not be read: disk on fire');
    // The first import of the texts module transforms the compiled messages: ~10 s alone, over 20 s
    // when the whole suite loads the machine.
  }, 60_000);
});

import ExcelJS from 'exceljs';
import fc from 'fast-check';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CREATOR_COLUMNS } from '../../contract/export-columns.ts';
import type { CreatorRow } from '../../contract/sync.ts';
import { csvField, writeCsv, writeXlsx, type Cell } from '../files/table-writer.ts';
import { crc32 } from '../files/zip.ts';
import { CreatorIndex } from './query-engine.ts';
import { creatorCells, exportCreatorView } from './view-export.ts';

const decoder = new TextDecoder();

function parseCsv(bytes: Uint8Array): string[][] {
  const text = decoder.decode(bytes); // TextDecoder drops the BOM by default
  const out = Papa.parse<string[]>(text, { skipEmptyLines: true, delimiter: ',' });
  expect(out.errors).toEqual([]);
  return out.data;
}

async function readXlsx(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
  );
  expect(wb.worksheets).toHaveLength(1);
  return wb.worksheets[0]!;
}

/** A sheet's rows as plain values (header included), blanks as ''. */
function sheetValues(ws: ExcelJS.Worksheet, width: number): Cell[][] {
  const out: Cell[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    const cells: Cell[] = [];
    for (let c = 1; c <= width; c++) {
      const v = row.getCell(c).value;
      cells.push(v === null || v === undefined ? '' : (v as Cell));
    }
    out.push(cells);
  });
  return out;
}

const creator = (id: number, over: Partial<CreatorRow> = {}): CreatorRow =>
  ({
    id,
    version: 1,
    country: 'US',
    unique_id: `creator_${id}`,
    daren_name: `Name ${id}`,
    nick_name: '',
    email: `c${id}@example.com`,
    bio_link: '',
    categorys: 'Beauty',
    follower_count: id * 100,
    gmv_t30: id * 1.5,
    units_sold_t30: id,
    video_count: 3,
    video_engagement_t30: 3.25,
    is_chat: id % 2,
    is_invitation: 0,
    is_black: 0,
    add_time: 1_700_000_000 + id,
    tags: id % 3 ? [] : [{ tag_id: 1, tag_title: 'VIP' }],
    ...over,
  }) as CreatorRow;

describe('CSV writer', () => {
  it('quotes commas, quotes and line breaks, defuses formulas, and starts with a BOM', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField(-5)).toBe('-5');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(null)).toBe('');
    const bytes = writeCsv({ sheetName: 'US', header: ['a', 'b'], rowCount: 1, row: () => ['x', 1] });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(decoder.decode(bytes)).toBe('a,b\r\nx,1\r\n');
  });

  it('round-trips any text through a CSV parser', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string(), { minLength: 2, maxLength: 2 }), { maxLength: 20 }),
        (rows) => {
          const bytes = writeCsv({
            sheetName: 'S',
            header: ['h1', 'h2'],
            rowCount: rows.length,
            row: (i) => rows[i]!,
          });
          const text = decoder.decode(bytes);
          const parsed = Papa.parse<string[]>(text, { newline: '\r\n', delimiter: ',' }).data.slice(
            1,
            rows.length + 1,
          );
          const expected = rows.map((r) => r.map((s) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s)));
          expect(parsed).toEqual(expected);
        },
      ),
      // the example: a row starting with an empty cell once made Papa guess '|' as the delimiter
      { numRuns: 200, examples: [[[['', '||"']]]] },
    );
  });
});

describe('XLSX writer', () => {
  it('writes a workbook exceljs reads back: header, bold header, numbers, text with XML specials', async () => {
    const rows: Cell[][] = [
      ['<b>&"quoted"</b>', 12.5, ' padded '],
      ['中文 名称', 0, ''],
      ['bad\u0001char', -3, 'x'],
    ];
    const bytes = await writeXlsx({
      sheetName: 'My:Sheet',
      header: ['Text', 'Number', 'Other'],
      widths: [20, 10, 10],
      rowCount: rows.length,
      row: (i) => rows[i]!,
    });
    const ws = await readXlsx(bytes);
    expect(ws.name).toBe('My Sheet');
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.getColumn(1).width).toBe(20);
    expect(sheetValues(ws, 3)).toEqual([
      ['Text', 'Number', 'Other'],
      ['<b>&"quoted"</b>', 12.5, ' padded '],
      ['中文 名称', 0, ''],
      ['badchar', -3, 'x'],
    ]);
  });

  it('keeps row order and count for thousands of rows across batches, with progress', async () => {
    const n = 4321;
    const seen: number[] = [];
    const bytes = await writeXlsx({
      sheetName: 'US',
      header: ['i', 'name'],
      rowCount: n,
      row: (i) => [i, `r${i}`],
      onProgress: (done, total) => {
        expect(total).toBe(n);
        seen.push(done);
      },
    });
    const ws = await readXlsx(bytes);
    expect(ws.rowCount).toBe(n + 1);
    const values = sheetValues(ws, 2).slice(1);
    expect(values.map((r) => r[0])).toEqual(Array.from({ length: n }, (_, i) => i));
    expect(values[n - 1]).toEqual([n - 1, `r${n - 1}`]);
    expect(seen).toEqual([2000, 4000, 4321]);
  });

  it('writes formula-like creator text as plain inline string cells, never a formula (OWASP)', async () => {
    const hostile = ['=HYPERLINK("http://evil.example","x")', '+cmd|calc', '-2+3', '@SUM(A1)', '\rcr'];
    const bytes = await writeXlsx({
      sheetName: 'US',
      header: ['name'],
      rowCount: hostile.length,
      row: (i) => [hostile[i]!],
    });
    const zip = await JSZip.loadAsync(bytes);
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    expect(sheet).not.toMatch(/<f[ >]/);
    expect(sheet.match(/t="inlineStr"/g)).toHaveLength(hostile.length + 1); // + the header
    expect(sheet).toContain('<t>=HYPERLINK(&quot;http://evil.example&quot;,&quot;x&quot;)</t>');
    const ws = await readXlsx(bytes);
    expect(sheetValues(ws, 1).slice(1).flat()).toEqual(hostile);
  });

  it('stores correct CRC-32 checksums (the standard check value)', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});

describe('exportCreatorView', () => {
  const rows = [
    creator(3, {
      unique_id: 'glow,by "amy"',
      tags: [
        { tag_id: 1, tag_title: 'VIP' },
        { tag_id: 2, tag_title: 'Hot' },
      ],
    }),
    creator(1, { is_chat: 1, is_black: 1, follower_count: null as unknown as number }),
    creator(2),
  ];

  it('writes the server export columns with English headers as CSV', async () => {
    const file = await exportCreatorView(rows, { country: 'US', format: 'csv', language: 'en-us' });
    expect(file.fileName).toMatch(/^creators-US-\d{8}-\d{6}\.csv$/);
    expect(file.mimeType).toContain('text/csv');
    expect(file.rows).toBe(3);
    const data = parseCsv(file.bytes);
    expect(data[0]).toEqual(CREATOR_COLUMNS.map((c) => c['en-us']));
    expect(data.slice(1).map((r) => r[0])).toEqual(['glow,by "amy"', 'creator_1', 'creator_2']);
    const col = (key: string) => CREATOR_COLUMNS.findIndex((c) => c.key === key);
    expect(data[1]![col('tags')]).toBe('VIP, Hot');
    expect(data[2]![col('is_chat_str')]).toBe('Chatted');
    expect(data[2]![col('is_black_str')]).toBe('Blacklisted');
    expect(data[2]![col('follower_count')]).toBe('');
    expect(data[3]![col('follower_count')]).toBe('200');
    expect(data[3]![col('video_engagement_t30')]).toBe('3.25');
  });

  it('writes Chinese headers and flag texts as XLSX, equal to the CSV cell by cell', async () => {
    const file = await exportCreatorView(rows, { country: 'US', format: 'xlsx', language: 'zh-cn' });
    expect(file.fileName).toMatch(/\.xlsx$/);
    const ws = await readXlsx(file.bytes);
    const values = sheetValues(ws, CREATOR_COLUMNS.length);
    expect(values[0]).toEqual(CREATOR_COLUMNS.map((c) => c['zh-cn']));
    expect(values.slice(1)).toEqual(rows.map((r) => creatorCells(r, 'zh-cn')));
    expect(values[2]).toContain('已建联');
    expect(values[2]).toContain('已拉黑');
  });

  it('exports what the query engine answers for a filter and sort, in that order', async () => {
    const many = Array.from({ length: 500 }, (_, i) => creator(i + 1, { follower_count: (i * 37) % 101 }));
    const index = new CreatorIndex(many);
    const q = { isChat: 1 as const, field: 'follower_count' as const, sort: 'asc' as const };
    const { rows: view } = index.query({ ...q, offset: 0, limit: Number.MAX_SAFE_INTEGER });
    expect(view.length).toBe(250);
    const data = parseCsv(
      (await exportCreatorView(view, { country: 'US', format: 'csv', language: 'en-us' })).bytes,
    );
    expect(data.slice(1).map((r) => r[0])).toEqual(view.map((r) => r.unique_id));
    const followers = data.slice(1).map((r) => Number(r[3]));
    expect(followers).toEqual([...followers].sort((a, b) => a - b));
  });
});

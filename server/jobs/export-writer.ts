/**
 * Writes one export job's XLSX with exceljs's streaming writer: rows are read from the database
 * in id-ordered pages and committed as they go, so memory stays flat however many rows there are.
 *
 * Speed (bench/export.ts, 100k creators): only the exported columns are read, and the writer runs
 * without a styles part (exceljs's per-cell style lookup cost more than half of the job's CPU), so
 * the header row is frozen rather than bold. The writer yields to the event loop after every page,
 * so the server keeps answering requests (download.info among them) while a large export runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import dayjs from 'dayjs';
import type { Kysely } from 'kysely';
import type { DownloadType, Language } from '../../contract/constants.ts';
import type { DB } from '../db/schema.ts';
import { FORMULA_START } from '../../contract/export-columns.ts';
import { columnsFor, FLAG_TEXT } from './export-columns.ts';

export interface ExportParams {
  type: DownloadType;
  country: string;
  language: Language;
  /** Free tier: at most this many rows (decisions D6); null for VIP. */
  cap: number | null;
}

const PAGE = 2000;

/** The creator columns an export reads (CREATOR_COLUMNS' keys that are stored, plus the flags). */
const CREATOR_READ = [
  'id',
  'unique_id',
  'daren_name',
  'country',
  'follower_count',
  'email',
  'bio_link',
  'categorys',
  'gmv_t30',
  'units_sold_t30',
  'video_count',
  'video_engagement_t30',
  'is_chat',
  'is_invitation',
  'is_black',
  'add_time',
] as const;

const nextTick = () => new Promise<void>((resolve) => setImmediate(resolve));

type Row = Record<string, unknown>;

/** Yields the export's rows page by page. */
async function* rowsOf(db: Kysely<DB>, workspaceId: number, p: ExportParams): AsyncGenerator<Row[]> {
  let lastId = 0;
  let left = p.cap ?? Number.POSITIVE_INFINITY;
  const ws = await db
    .selectFrom('workspaces')
    .select('amateur_threshold')
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  while (left > 0) {
    const limit = Math.min(PAGE, left);
    let rows: Row[];
    if (p.type === 'layman') {
      // The amateur list (decisions D9): topic authors below the threshold, linked to a live topic.
      rows = await db
        .selectFrom('topic_authors as a')
        .selectAll('a')
        .where('a.workspace_id', '=', workspaceId)
        .where('a.country', '=', p.country)
        .where('a.deleted_at', 'is', null)
        .where('a.follower_count', '<', ws?.amateur_threshold ?? 10000)
        .where('a.id', '>', lastId)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('topic_author_topics as l')
              .innerJoin('topics as t', 't.id', 'l.topic_id')
              .select('l.topic_id')
              .whereRef('l.author_id', '=', 'a.id')
              .where('t.workspace_id', '=', workspaceId)
              .where('t.deleted_at', 'is', null),
          ),
        )
        .orderBy('a.id')
        .limit(limit)
        .execute();
    } else if (p.type === 'black') {
      rows = await db
        .selectFrom('blacklist as b')
        .leftJoin('creators as c', (j) =>
          j
            .onRef('c.workspace_id', '=', 'b.workspace_id')
            .onRef('c.country', '=', 'b.country')
            .onRef('c.unique_id', '=', 'b.unique_id')
            .on('c.deleted_at', 'is', null),
        )
        .select([
          'b.id',
          'b.unique_id',
          'b.country',
          'b.reason',
          'b.add_time',
          'c.email',
          'c.bio_link',
          'c.follower_count',
        ])
        .where('b.workspace_id', '=', workspaceId)
        .where('b.country', '=', p.country)
        .where('b.deleted_at', 'is', null)
        .where('b.id', '>', lastId)
        .orderBy('b.id')
        .limit(limit)
        .execute();
    } else {
      let q = db
        .selectFrom('creators')
        .select(CREATOR_READ)
        .where('workspace_id', '=', workspaceId)
        .where('country', '=', p.country)
        .where('deleted_at', 'is', null)
        .where('id', '>', lastId);
      if (p.type === 'chat') q = q.where('is_chat', '=', 1);
      if (p.type === 'unchat') q = q.where('is_chat', '=', 0);
      if (p.type === 'invitation') q = q.where('is_invitation', '=', 1);
      if (p.type === 'uninvitation') q = q.where('is_invitation', '=', 0);
      rows = await q.orderBy('id').limit(limit).execute();
      if (rows.length) {
        const tags = await db
          .selectFrom('creator_tags as ct')
          .innerJoin('tags as t', 't.id', 'ct.tag_id')
          .select(['ct.creator_id', 't.title'])
          .where(
            'ct.creator_id',
            'in',
            rows.map((r) => Number(r.id)),
          )
          .where('t.deleted_at', 'is', null)
          .execute();
        const byCreator = new Map<number, string[]>();
        for (const t of tags) {
          const id = Number(t.creator_id);
          const list = byCreator.get(id);
          if (list) list.push(t.title);
          else byCreator.set(id, [t.title]);
        }
        const flags = FLAG_TEXT;
        for (const r of rows) {
          r.is_chat_str = flags.chat[p.language][Number(r.is_chat)];
          r.is_invitation_str = flags.invitation[p.language][Number(r.is_invitation)];
          r.is_black_str = flags.black[p.language][Number(r.is_black)];
          r.tags = (byCreator.get(Number(r.id)) ?? []).join(', ');
        }
      }
    }
    if (!rows.length) return;
    lastId = Number(rows[rows.length - 1]!.id);
    left -= rows.length;
    yield rows;
    if (rows.length < limit) return;
  }
}

export async function writeExport(
  db: Kysely<DB>,
  workspaceId: number,
  params: ExportParams,
  file: string,
  onProgress: (rows: number) => Promise<boolean>,
): Promise<number> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const columns = columnsFor(params.type);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(params.country, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((col) => ({
    header: col[params.language],
    key: col.key,
    width: col.width ?? 14,
  }));
  let written = 0;
  for await (const page of rowsOf(db, workspaceId, params)) {
    for (const r of page) {
      const values = columns.map((col) => {
        const v = r[col.key];
        if (col.key === 'add_time' && typeof v === 'number')
          return dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss');
        // exceljs writes text as t="str" (a formula's cached result); formula-like creator text
        // goes out as rich text instead, which it writes as an inline string: a plain string cell.
        if (typeof v === 'string' && FORMULA_START.test(v)) return { richText: [{ text: v }] };
        return v ?? '';
      });
      sheet.addRow(values).commit();
    }
    written += page.length;
    if (!(await onProgress(written))) throw new Error('job taken over by another runner');
    await nextTick();
  }
  sheet.commit();
  await workbook.commit();
  return written;
}

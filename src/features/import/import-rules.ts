/**
 * The creator import's pure rules (no DOM, no worker): what kind of file the bytes are, which
 * creator field a column header means (English and Chinese), turning parsed rows into the
 * profiles `POST /blogger/import` takes, and merging the per-chunk answers into one summary.
 *
 * Row numbers are spreadsheet row numbers: the header is row 1, the first data row is row 2.
 * A creator repeated in the file is sent once (the last occurrence wins, like the server does
 * within one call); the earlier rows are reported as skipped, so chunks never disagree.
 */
import { COUNTRIES, type Country } from '../../../contract/constants.ts';
import { CREATOR_COLUMNS, AMATEUR_COLUMNS } from '../../../contract/export-columns.ts';
import { MAX_INTAKE_ITEMS, PROFILE_FIELDS, type IntakeResult } from '../../../contract/schemas/intake.ts';

export type ProfileField = (typeof PROFILE_FIELDS)[number];
export { PROFILE_FIELDS };
/** One chunk per call, at the server's limit. */
export const CHUNK_ROWS = MAX_INTAKE_ITEMS;
export const PREVIEW_ROWS = 20;

export type FileKind = 'csv' | 'xlsx';
export type SniffResult = { ok: true; kind: FileKind; encoding: string } | { ok: false; error: SniffError };
export type SniffError = 'empty' | 'not_text' | 'not_xlsx' | 'unsupported';

const ZIP = [0x50, 0x4b, 0x03, 0x04];

function validUtf8(bytes: Uint8Array): boolean {
  try {
    // stream: a character cut at the end of the sample is not an error
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Decides from the first bytes (and the name only to tell the intended kind) whether a file is
 * a CSV we can read as text (UTF-8, else GB18030 as saved by Chinese Excel) or an XLSX (a zip).
 */
export function sniffFile(name: string, head: Uint8Array): SniffResult {
  if (head.length === 0) return { ok: false, error: 'empty' };
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  const isZip = ZIP.every((b, i) => head[i] === b);
  if (ext === 'xlsx' || (ext !== 'csv' && ext !== 'txt' && isZip)) {
    return isZip ? { ok: true, kind: 'xlsx', encoding: '' } : { ok: false, error: 'not_xlsx' };
  }
  if (ext !== 'csv' && ext !== 'txt' && ext !== '') return { ok: false, error: 'unsupported' };
  if (isZip || head.includes(0)) return { ok: false, error: 'not_text' };
  if (validUtf8(head)) return { ok: true, kind: 'csv', encoding: 'utf-8' };
  try {
    const text = new TextDecoder('gb18030', { fatal: true }).decode(head, { stream: true });
    // control characters other than tab/CR/LF mean binary data
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) return { ok: false, error: 'not_text' };
    return { ok: true, kind: 'csv', encoding: 'gb18030' };
  } catch {
    return { ok: false, error: 'not_text' };
  }
}

/** Lower case without spaces, underscores, dashes, dots, slashes, brackets and %. */
export const normalizeHeader = (h: string): string =>
  h
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-./\\()[\]（）%#:：]+/g, '');

const SYNONYMS: Record<ProfileField, string[]> = {
  unique_id: [
    'unique_id',
    'uniqueid',
    'username',
    'user name',
    'handle',
    'creator id',
    'creator',
    'tiktok id',
    'tiktok username',
    'tiktok handle',
    'account',
    'id',
    '用户名',
    '达人id',
    '达人账号',
    '达人用户名',
    '账号',
    'tiktok账号',
    '抖音号',
  ],
  country: ['country', 'region', 'market', 'site', '国家', '地区', '站点', '国家地区'],
  daren_name: ['daren_name', 'name', 'creator name', 'display name', '达人名称', '达人名字', '名称', '姓名'],
  nick_name: ['nick_name', 'nickname', 'nick', '昵称', '达人昵称'],
  signature: ['signature', 'bio', 'description', 'about', '简介', '个人简介', '签名', '个性签名'],
  bio_link: ['bio_link', 'bio link', 'link', 'url', 'profile link', '简介链接', '链接', '主页链接'],
  email: ['email', 'e-mail', 'mail', '邮箱', '电子邮箱', '邮件'],
  categorys: ['categorys', 'categories', 'category', '类目', '分类', '品类'],
  head_img: ['head_img', 'avatar', 'profile picture', 'photo', '头像'],
  daren_sex: ['daren_sex', 'gender', 'sex', '性别'],
  daren_email: ['daren_email', 'contact email', '联系邮箱', '达人邮箱'],
  daren_phone: [
    'daren_phone',
    'phone',
    'mobile',
    'telephone',
    'whatsapp',
    '电话',
    '手机',
    '手机号',
    '联系电话',
  ],
  daren_addr: ['daren_addr', 'address', '地址', '收货地址'],
  follower_count: ['follower_count', 'followers', 'follower', 'fans', '粉丝', '粉丝数', '粉丝量'],
  following_count: ['following_count', 'following', 'followings', '关注', '关注数'],
  heart_count: ['heart_count', 'likes', 'hearts', 'total likes', '获赞', '获赞数', '总获赞'],
  digg_count: ['digg_count', 'diggs', 'liked videos', '点赞', '点赞数'],
  video_count: ['video_count', 'videos', 'video count', '视频数', '视频数量', '作品数'],
  product_count: ['product_count', 'products', 'product count', '商品数', '带货商品数'],
  units_sold_t30: ['units_sold_t30', 'units sold', 'sales', 'units sold 30d', '销量', '近30天销量'],
  video_publish_t30: [
    'video_publish_t30',
    'videos published',
    'new videos',
    '近30天发布视频',
    '近30天视频数',
  ],
  video_view_t30: ['video_view_t30', 'views', 'video views', 'avg views', '播放量', '近30天播放量'],
  gmv_t30: ['gmv_t30', 'gmv', 'revenue', '成交额', '销售额', '近30天gmv', '近30天成交额'],
  video_engagement_t30: [
    'video_engagement_t30',
    'engagement',
    'engagement rate',
    'er',
    '互动率',
    '近30天互动率',
  ],
};

const LOOKUP: Map<string, ProfileField> = (() => {
  const map = new Map<string, ProfileField>();
  const add = (header: string, field: ProfileField) => {
    const k = normalizeHeader(header);
    if (k && !map.has(k)) map.set(k, field);
  };
  // our own export's headers first, so an exported file maps back as it was written
  for (const col of [...CREATOR_COLUMNS, ...AMATEUR_COLUMNS]) {
    if (!(PROFILE_FIELDS as readonly string[]).includes(col.key)) continue;
    add(col['en-us'], col.key as ProfileField);
    add(col['zh-cn'], col.key as ProfileField);
  }
  for (const [field, names] of Object.entries(SYNONYMS) as [ProfileField, string[]][]) {
    for (const n of names) add(n, field);
  }
  return map;
})();

/** The creator field a header names, if any. */
export function guessField(header: string): ProfileField | null {
  const k = normalizeHeader(header);
  if (!k) return null;
  const exact = LOOKUP.get(k);
  if (exact) return exact;
  // "Followers (30 days)", "粉丝数（万）": a known name followed by a qualifier
  let best: [string, ProfileField] | null = null;
  for (const [name, field] of LOOKUP) {
    if (name.length >= 3 && k.startsWith(name) && (!best || name.length > best[0].length))
      best = [name, field];
  }
  return best?.[1] ?? null;
}

/** One field per column (null = not imported); a field goes to the first column that names it. */
export function guessMapping(headers: readonly string[]): (ProfileField | null)[] {
  const used = new Set<ProfileField>();
  return headers.map((h) => {
    const f = guessField(h);
    if (!f || used.has(f)) return null;
    used.add(f);
    return f;
  });
}

/** Headers as shown: blanks get "Column N", repeats stay as they are (columns are positional). */
export const headerLabels = (headers: readonly string[], blank: (n: number) => string): string[] =>
  headers.map((h, i) => (h.trim() ? h.trim() : blank(i + 1)));

export interface PreparedRow {
  /** Spreadsheet row number (header = 1). */
  row: number;
  data: Record<string, string>;
}

export interface Duplicate {
  row: number;
  unique_id: string;
  /** The later row that is imported instead. */
  keptRow: number;
}

export interface Prepared {
  rows: PreparedRow[];
  duplicates: Duplicate[];
}

const uidKey = (v: string) => v.trim().replace(/^@/, '');

/**
 * Applies the mapping to the data rows (header excluded). Every row carries `unique_id` (maybe
 * empty: the server then says why it is skipped); other fields only when the cell has text.
 * A creator that appears again later in the file replaces the earlier row.
 */
export function prepareRows(
  dataRows: readonly (readonly string[])[],
  mapping: readonly (ProfileField | null)[],
  country: Country,
  rowNumbers?: readonly number[],
): Prepared {
  const cols = mapping.flatMap((f, i) => (f ? [[i, f] as const] : []));
  const byKey = new Map<string, number>();
  const out: (PreparedRow | null)[] = [];
  const duplicates: Duplicate[] = [];
  dataRows.forEach((cells, i) => {
    const data: Record<string, string> = { unique_id: '' };
    for (const [col, field] of cols) {
      const v = cells[col];
      if (v !== undefined && v.trim() !== '') data[field] = v.trim();
    }
    const row = rowNumbers?.[i] ?? i + 2;
    const uid = uidKey(data.unique_id!);
    if (uid) {
      const c = (data.country ?? country).trim().toUpperCase();
      const key = `${c}\u0000${uid}`;
      const earlier = byKey.get(key);
      if (earlier !== undefined) {
        duplicates.push({ row: out[earlier]!.row, unique_id: uid, keptRow: row });
        out[earlier] = null;
      }
      byKey.set(key, out.length);
    }
    out.push({ row, data });
  });
  duplicates.sort((a, b) => a.row - b.row);
  return { rows: out.filter((r): r is PreparedRow => r !== null), duplicates };
}

export const isCountry = (v: string): v is Country => (COUNTRIES as readonly string[]).includes(v);

export interface Skipped {
  row: number;
  unique_id?: string;
  reason: string;
}

export interface Summary {
  /** Data rows in the file (blank lines not counted). */
  rows: number;
  /** Rows sent so far. */
  done: number;
  created: number;
  updated: number;
  skipped: Skipped[];
}

export const emptySummary = (rows: number): Summary => ({
  rows,
  done: 0,
  created: 0,
  updated: 0,
  skipped: [],
});

/** Adds one chunk's answer; `rowNumbers[i]` is the file row of the chunk's item i. */
export function addChunk(s: Summary, r: IntakeResult, rowNumbers: readonly number[]): Summary {
  return {
    rows: s.rows,
    done: s.done + rowNumbers.length,
    created: s.created + r.created,
    updated: s.updated + r.updated,
    skipped: [
      ...s.skipped,
      ...r.rejected.map((x) => ({
        row: rowNumbers[x.index] ?? -1,
        ...(x.unique_id !== undefined ? { unique_id: x.unique_id } : {}),
        reason: x.reason,
      })),
    ],
  };
}

export const sortSkipped = (s: Summary): Summary => ({
  ...s,
  skipped: [...s.skipped].sort((a, b) => a.row - b.row),
});

export const percent = (done: number, total: number): number =>
  total <= 0 ? 100 : Math.min(100, Math.round((done / total) * 100));

export const chunkCount = (rows: number): number => Math.ceil(rows / CHUNK_ROWS);

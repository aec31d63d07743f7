/**
 * A content file (Seller Center's creator-content download where the seller has one, or any layout
 * mapped by hand) read into the rows `/content/import` takes (contract/schemas/content-import.ts).
 * Pure, so it runs in the import worker and in tests. The columns are guessed from their headers
 * (English and Chinese; docs/decisions/exports-and-intake.md, "Content from a file") and can be
 * changed; the cells are sent as the file has them (trimmed): the server reads each one and refuses
 * it by name, never this side.
 */
import { CONTENT_IMPORT_FIELDS, type ContentImportField } from '../../../contract/content-import-fields.ts';
import type { ContentImportRowInput } from '../../../contract/schemas/content-import.ts';

export type ContentField = ContentImportField;
/** The fields in the order the dialog lists them. */
export const CONTENT_FIELDS: readonly ContentField[] = CONTENT_IMPORT_FIELDS;
/** A file cannot be checked without these mapped. */
export const CONTENT_REQUIRED: readonly ContentField[] = ['creator', 'video', 'post_time'];

const norm = (h: string) =>
  h
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[\s_]+/g, ' ')
    .trim();

/** Header words per field, most telling first (the first column that matches takes the field). */
const GUESS: [ContentField, RegExp][] = [
  [
    'creator',
    /^(creator username|creator user name|creator handle|creator name|creator|username|handle|tiktok username|达人用户名|达人昵称|达人|创作者用户名|创作者|用户名)$/,
  ],
  ['creator', /(creator|达人|创作者)/],
  ['video', /^(video id|content id|post id|item id|视频id|内容id|作品id)$/],
  ['video', /^(video link|video url|post link|content link|link|url|视频链接|作品链接|链接)$/],
  ['video', /(video|视频).*(id|link|url|链接)/],
  [
    'post_time',
    /^(post time|publish time|posted time|post date|publish date|posted at|published at|create time|created time|发布时间|发布日期|发帖时间)$/,
  ],
  ['post_time', /(post|publish|发布).*(time|date|时间|日期)/],
  ['products', /^(product id|product ids|products|商品id|商品)$/],
  ['products', /(product|商品).*id/],
  ['views', /^(views|video views|view count|play count|plays|播放量|观看次数|播放次数)$/],
  ['likes', /^(likes|like count|点赞|点赞数|点赞量)$/],
  ['comments', /^(comments|comment count|评论|评论数)$/],
  ['orders', /^(orders|order count|paid orders|sku orders|订单|订单数|成交订单数)$/],
  ['gmv', /^(gmv|video gmv|成交金额|gmv \(.*\))$/],
  ['gmv', /\bgmv\b/],
];

export function guessContentMapping(headers: readonly string[]): (ContentField | null)[] {
  const out: (ContentField | null)[] = headers.map(() => null);
  const keys = headers.map(norm);
  for (const [field, re] of GUESS) {
    if (out.includes(field)) continue;
    const i = keys.findIndex((k, col) => out[col] === null && re.test(k));
    if (i >= 0) out[i] = field;
  }
  return out;
}

/** The mapped cells of each row, numbered as the spreadsheet numbers them. */
export function contentRows(
  rows: readonly (readonly string[])[],
  rowNumbers: readonly number[],
  mapping: readonly (ContentField | null)[],
): ContentImportRowInput[] {
  const col = new Map(CONTENT_FIELDS.map((f) => [f, mapping.indexOf(f)]));
  const at = (cells: readonly string[], f: ContentField) => {
    const i = col.get(f) ?? -1;
    return i < 0 ? '' : (cells[i] ?? '').replace(/\t+$/, '').trim();
  };
  return rows.map((cells, i) => ({
    row: rowNumbers[i] ?? i + 2,
    creator: at(cells, 'creator'),
    video: at(cells, 'video'),
    post_time: at(cells, 'post_time'),
    products: at(cells, 'products'),
    views: at(cells, 'views'),
    likes: at(cells, 'likes'),
    comments: at(cells, 'comments'),
    orders: at(cells, 'orders'),
    gmv: at(cells, 'gmv'),
  }));
}

/** The import's words: creator field labels and the reason a file was refused. */
import { m } from '../../paraglide/messages.js';
import type { ReadError } from './file-parse.ts';
import type { ProfileField } from './import-rules.ts';
import { WorkerStartError } from '../../workers/start-worker.ts';

const FIELD: Record<ProfileField, () => string> = {
  unique_id: m.import_field_unique_id,
  country: m.import_field_country,
  daren_name: m.import_field_daren_name,
  nick_name: m.import_field_nick_name,
  signature: m.import_field_signature,
  bio_link: m.import_field_bio_link,
  email: m.import_field_email,
  categorys: m.import_field_categorys,
  head_img: m.import_field_head_img,
  daren_sex: m.import_field_daren_sex,
  daren_email: m.import_field_daren_email,
  daren_phone: m.import_field_daren_phone,
  daren_addr: m.import_field_daren_addr,
  follower_count: m.import_field_follower_count,
  following_count: m.import_field_following_count,
  heart_count: m.import_field_heart_count,
  digg_count: m.import_field_digg_count,
  video_count: m.import_field_video_count,
  product_count: m.import_field_product_count,
  units_sold_t30: m.import_field_units_sold_t30,
  video_publish_t30: m.import_field_video_publish_t30,
  video_view_t30: m.import_field_video_view_t30,
  gmv_t30: m.import_field_gmv_t30,
  video_engagement_t30: m.import_field_video_engagement_t30,
};

export const fieldLabel = (f: ProfileField): string => FIELD[f]();

const FIELD_KEY = new RegExp(`\\b(${Object.keys(FIELD).join('|')})\\b`, 'g');

/** The server names a bad field by its key ("follower_count is not valid"); show its label. */
export const readableReason = (reason: string): string =>
  reason.replace(FIELD_KEY, (k) => fieldLabel(k as ProfileField));

const READ: Record<ReadError, () => string> = {
  empty: m.import_error_empty,
  not_text: m.import_error_not_text,
  not_xlsx: m.import_error_not_xlsx,
  bad_xlsx: m.import_error_bad_xlsx,
  unsupported: m.import_error_unsupported,
  no_rows: m.import_error_no_rows,
  too_large: m.import_error_too_large,
};

/** An ImportFileError crosses the worker boundary as a plain Error whose message names the code. */
export function readErrorText(e: unknown): string {
  if (e instanceof WorkerStartError) return m.worker_failed();
  const msg = e instanceof Error ? e.message : String(e);
  const code = /^import file: (\w+)$/.exec(msg)?.[1];
  if (code && code in READ) return READ[code as ReadError]();
  return m.import_error_read({ reason: msg });
}

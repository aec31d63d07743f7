/**
 * The creator workbench: notes and follow-ups per creator, and the history rows the
 * server writes when a creator changes. All three are mirrored (contract/sync.ts); these calls
 * are what the outbox replays. Rows are addressed by id and scoped to the caller's workspace.
 */
import { z } from 'zod';
import { EMAIL_PATTERN } from '../constants.ts';
import { endpoint } from '../endpoint.ts';
import { basedOn, flag } from './common.ts';
import { rowId, titled } from './tag.ts';
import {
  NOTE_MAX,
  FOLLOWUP_TEXT_MAX,
  CONTACT_EMAIL_MAX,
  CONTACT_PHONE_MAX,
  CONTACT_REACH_MAX,
} from '../limits.ts';

/** A calendar day `YYYY-MM-DD` between 2000 and 2099: a follow-up is due on a day, not an instant. */
export const dueDate = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string()
      .regex(/^20\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'followup_date_invalid')
      .refine(
        (s) =>
          !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
          new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
        'followup_date_invalid',
      ),
  );

export const NoteRow = z.object({
  id: z.number().int(),
  creator_id: z.number().int(),
  content: z.string(),
  user_id: z.number().int(),
  user_name: z.string(),
  add_time: z.number().int(),
  update_time: z.number().int(),
});
export type NoteRow = z.infer<typeof NoteRow>;

export const FollowupRow = z.object({
  id: z.number().int(),
  creator_id: z.number().int(),
  due_date: z.string(),
  text: z.string(),
  /** 0 while open; the unix second it was marked done. */
  done_time: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  add_time: z.number().int(),
  update_time: z.number().int(),
});
export type FollowupRow = z.infer<typeof FollowupRow>;

/** What a history row records; `detail` is plain text (tag titles, a status number, a note's start). */
export const EVENT_KINDS = [
  'chat',
  'invited',
  'tag_add',
  'tag_del',
  'black_add',
  'black_del',
  'invitation',
  'invitation_status',
  'note',
  /** Contact details changed; the detail names the fields (`email,phone,reach`), not their values. */
  'contact',
  /** A note's conflict resolved; the detail is `<outcome>:<the other member's name>`. */
  'conflict',
  'import',
  'ingest',
  /** A plan stage change; the detail is `<stage>:<plan name>`. */
  'stage',
  /** An order line deleted by hand; the detail is `<order id>|<amount>|<currency>`. */
  'sale_del',
  /**
   * A content record corrected by a member; the detail is `<video id>|<fields>`, the fields that
   * changed (`post_time,plan,products,kind`), not their values.
   */
  'content_edit',
  /** A content record deleted by a member; the detail is the video id. */
  'content_del',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

const noteText = () => titled('note_required', NOTE_MAX, 'note_too_long');
const followupText = () => titled('followup_text_required', FOLLOWUP_TEXT_MAX, 'followup_text_too_long');

export const NoteAddRequest = z.object({ creator_id: rowId(), content: noteText() });
export const NoteEditRequest = z.object({ id: rowId(), content: noteText(), ...basedOn });
export const RowIdRequest = z.object({ id: rowId() });
export const NoteDelRequest = z.object({ id: rowId(), ...basedOn });
export const FollowupAddRequest = z.object({
  creator_id: rowId(),
  due_date: dueDate(),
  text: followupText(),
});
/** Snooze moves `due_date`; `done` 1 closes it, 0 opens it again. */
export const FollowupEditRequest = z.object({
  id: rowId(),
  due_date: dueDate().optional(),
  done: flag().optional(),
});

/** A contact field: trimmed text up to `max`; absent leaves the stored value, blank clears it. */
const contactText = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string().trim().max(max, tooLong).optional(),
  );

/**
 * The creator's contact fields the seller fills in, by creator id: email (the creator's
 * `daren_email`), WhatsApp or phone (`daren_phone`) and how to reach them (`daren_socialize`).
 */
export const ContactEditRequest = z.object({
  id: rowId(),
  email: contactText(CONTACT_EMAIL_MAX, 'contact_email_invalid').refine(
    (v) => !v || EMAIL_PATTERN.test(v),
    'contact_email_invalid',
  ),
  phone: contactText(CONTACT_PHONE_MAX, 'contact_phone_too_long'),
  reach: contactText(CONTACT_REACH_MAX, 'contact_reach_too_long'),
});

export const ContactRow = z.object({
  id: z.number().int(),
  daren_email: z.string(),
  daren_phone: z.string(),
  daren_socialize: z.string(),
  update_time: z.number().int(),
});
export type ContactRow = z.infer<typeof ContactRow>;

const idOnly = z.object({ id: z.number().int() });

export const workbenchEndpoints = {
  noteAdd: endpoint({
    method: 'POST',
    path: '/creator/note.add',
    auth: true,
    request: NoteAddRequest,
    response: NoteRow,
  }),
  noteEdit: endpoint({
    method: 'PUT',
    path: '/creator/note.edit',
    auth: true,
    request: NoteEditRequest,
    response: NoteRow,
  }),
  noteDel: endpoint({
    method: 'DELETE',
    path: '/creator/note.del',
    auth: true,
    request: NoteDelRequest,
    response: idOnly,
  }),
  followupAdd: endpoint({
    method: 'POST',
    path: '/creator/followup.add',
    auth: true,
    request: FollowupAddRequest,
    response: FollowupRow,
  }),
  followupEdit: endpoint({
    method: 'PUT',
    path: '/creator/followup.edit',
    auth: true,
    request: FollowupEditRequest,
    response: FollowupRow,
  }),
  contactEdit: endpoint({
    method: 'PUT',
    path: '/creator/contact.edit',
    auth: true,
    request: ContactEditRequest,
    response: ContactRow,
  }),
  /**
   * The creator's picture through our server (image bytes, cached a week in the browser and on the
   * server); 40004 (HTTP 404) when the creator is not the caller's, has no picture, or its address
   * may not be fetched. Never called through `request()`: the page reads it as a blob.
   */
  avatar: endpoint({
    method: 'GET',
    path: '/creator/avatar',
    auth: true,
    request: RowIdRequest,
    response: z.unknown(),
  }),
  followupDel: endpoint({
    method: 'DELETE',
    path: '/creator/followup.del',
    auth: true,
    request: RowIdRequest,
    response: idOnly,
  }),
};

/**
 * Plain words for a change the outbox holds, and what to do when the server refused it (no raw
 * method + path on screen). Built from the recorded call at render time, so the words
 * follow the current language; `about` names the object when the call carries only ids.
 * Calls are named by their endpoint in contract/api.ts and matched on the wire path the outbox
 * stored (src/db/call.ts `isCallOf`), so entries an earlier build wrote still read.
 */
import { API } from '../../../contract/routes.ts';
import type { Route } from '../../../contract/endpoint.ts';
import { CODES } from '../../../contract/codes.ts';
import { splitNames } from '../../../contract/limits.ts';
import { isCallOf } from '../../db/call.ts';
import { m } from '../../paraglide/messages.js';

export interface ChangeLike {
  method?: string;
  path: string;
  body: Record<string, unknown>;
  about?: string;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v]);

/** Up to three names, then "+N". */
export function shortNames(names: readonly string[]): string {
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown} +${names.length - 3}` : shown;
}

const creators = (body: Record<string, unknown>): string[] => splitNames(list(body.bloggers).map(String));

/** "Add topic #summerglow", "Change the status of 3 creators", … */
export function describeChange(c: ChangeLike): string {
  const b = c.body;
  const name = (field: string) => c.about || text(b[field]);
  switch (c.path) {
    case API.challengeAdd.path:
      return m.sync_change_topic_add({ name: text(b.title).replace(/^#+/, '') });
    case API.challengeDel.path:
      return m.sync_change_topic_del({ name: c.about ? `#${c.about}` : '' });
    case API.tagsAdd.path:
      return m.sync_change_tag_add({ name: text(b.title) });
    case API.tagsEdit.path:
      return m.sync_change_tag_edit({ name: text(b.title) });
    case API.tagsDel.path:
      return m.sync_change_tag_del({ name: name('title') });
    case API.chatTmpAdd.path:
      return m.sync_change_template_add({ name: text(b.title) });
    case API.chatTmpEdit.path:
      return m.sync_change_template_edit({ name: text(b.title) });
    case API.chatTmpDel.path:
      return m.sync_change_template_del({ name: name('title') });
    case API.productAdd.path:
      return m.sync_change_product_add({ name: text(b.productId) });
    case API.productEdit.path:
      return m.sync_change_product_edit({ name: text(b.productId) });
    case API.productDel.path:
      return m.sync_change_product_del({ name: name('productId') });
    case API.keepTheirs.path:
      return c.about || m.sync_keep_theirs();
    case API.bloggerEdit.path:
      return m.sync_change_status({ count: creators(b).length });
    case API.bloggerSetTags.path:
      return b.type === 'del'
        ? m.sync_change_tags_del({ count: creators(b).length })
        : m.sync_change_tags_add({ count: creators(b).length });
    case API.invitationAdd.path:
      return m.sync_change_invite({ names: shortNames(creators(b)) });
    case API.invitationEdit.path:
      return m.sync_change_invitation_edit({ name: c.about ?? '' });
    case API.invitationDel.path:
      return m.sync_change_invitation_del({ count: list(b.ids).length });
    case API.blackAdd.path:
      return m.sync_change_black_add({ names: shortNames(creators(b)) });
    case API.blackDel.path:
      return m.sync_change_black_del({ names: shortNames(creators(b)) });
    case API.noteAdd.path:
    case API.noteEdit.path:
      return m.sync_change_note({ text: text(b.content).slice(0, 40) });
    case API.noteDel.path:
      return m.sync_change_note_del();
    case API.followupAdd.path:
      return m.sync_change_followup({ text: text(b.text).slice(0, 40) });
    case API.followupEdit.path:
    case API.followupDel.path:
      return m.sync_change_followup_edit();
    case API.contactEdit.path:
      return m.sync_change_contact();
    // `about` names the creator (features/plans/cost-actions.ts).
    case API.costAdd.path:
      return m.sync_change_cost_add({ name: c.about ?? '' });
    case API.costEdit.path:
      return m.sync_change_cost_edit({ name: c.about ?? '' });
    case API.costDel.path:
      return m.sync_change_cost_del({ name: c.about ?? '' });
    default:
      return m.sync_change_other();
  }
}

export interface NextStep {
  /** What to do, in words. */
  hint: string;
  /** A link that does it (40201: the VIP page). */
  action?: { label: string; href: string };
  /** Whether sending it again as it is could succeed (after an upgrade, a role change …). */
  retryable: boolean;
  /** A conflict (40012): Retry reads "Save mine" (sent with force) and Discard "Keep theirs". */
  conflict?: boolean;
}

/** What the user can do about a refusal with `code` of a call to `path`. */
export function nextStep(code: number, path: string): NextStep {
  switch (code) {
    case CODES.VIP_REQUIRED:
      return {
        hint: m.sync_hint_vip(),
        action: { label: m.vip_upgrade_link(), href: '/vip' },
        retryable: true,
      };
    case CODES.CONFLICT:
      // invitation.add answers 40009 when every name is blacklisted (the msg names them): taking
      // them off the blacklist elsewhere lets the same call succeed. Any other 40009 is a
      // duplicate that the same call meets again: discard, or save under another name.
      return path === API.invitationAdd.path
        ? { hint: m.sync_hint_blacklisted(), retryable: true }
        : { hint: m.sync_hint_exists(), retryable: false };
    case CODES.FORBIDDEN:
      return { hint: m.sync_hint_admin(), retryable: true };
    case CODES.EDIT_CONFLICT:
      // The server's reason already names the choice (save yours, or keep theirs): the hint says
      // where it is made, not the same advice again.
      return { hint: m.sync_hint_conflict(), retryable: true, conflict: true };
    case CODES.NOT_FOUND:
      return { hint: m.sync_hint_gone(), retryable: false };
    default:
      return { hint: m.sync_hint_invalid(), retryable: false };
  }
}

/** The record a text change addresses and the text it carries, for the conflict view (40012). */
export interface ConflictSubject {
  table: 'tags' | 'chat_templates' | 'products' | 'creator_notes';
  id: number;
  /** The field whose text is compared: the mirror's column name. */
  field: 'title' | 'content' | 'product_title';
  /** The member's own text (what "Save mine" sends); '' for a delete. */
  yours: string;
}

/** The text calls a conflict (40012) can answer, by the record they write and its text field. */
const SUBJECTS: readonly [
  readonly Route[],
  ConflictSubject['table'],
  ConflictSubject['field'],
  /** The field of the call's body that carries the text. */
  string,
][] = [
  [[API.tagsAdd, API.tagsEdit, API.tagsDel], 'tags', 'title', 'title'],
  [[API.chatTmpAdd, API.chatTmpEdit, API.chatTmpDel], 'chat_templates', 'content', 'content'],
  [[API.productAdd, API.productEdit, API.productDel], 'products', 'product_title', 'productTitle'],
  [[API.noteAdd, API.noteEdit, API.noteDel], 'creator_notes', 'content', 'content'],
];

export function conflictSubject(c: ChangeLike): ConflictSubject | null {
  const found = SUBJECTS.find(([calls]) => calls.some((ep) => isCallOf(c, ep)));
  const id = Number(c.body.id);
  if (!found || !Number.isSafeInteger(id)) return null;
  const [, table, field, bodyField] = found;
  return { table, id, field, yours: c.method === 'DELETE' ? '' : text(c.body[bodyField]) };
}

const RECORD_NOUN: Record<string, () => string> = {
  tags: m.sync_record_tags,
  chat_templates: m.sync_record_chat_templates,
  products: m.sync_record_products,
  creator_notes: m.sync_record_creator_notes,
};

/** A resolved conflict (a `text_conflicts` row) in plain words: who kept what over whose change. */
export function conflictText(r: Record<string, unknown>): string {
  const words = {
    user: text(r.user_name),
    other: text(r.other_name),
    what: RECORD_NOUN[text(r.record)]?.() ?? '',
    title: text(r.title),
  };
  if (r.outcome === 'restored') return m.sync_conflict_restored(words);
  if (r.outcome === 'kept_theirs') return m.sync_conflict_kept_theirs(words);
  return m.sync_conflict_kept_mine(words);
}

/**
 * Outreach assist on the IM page and the target-invitation form: pick a CreatorDesk chat template,
 * the extension fills the box for this creator and product, and the seller presses Send. The
 * extension never presses Send. It watches for the seller's send (the counter back to 0/2000 or a
 * new right-side bubble) and then records the contact, and it warns before the weekly quota and
 * TikTok's 5-messages-before-a-reply limit.
 */
import type { Country } from '../../../contract/constants.ts';
import { MESSAGES_BEFORE_REPLY } from '../../../contract/limits.ts';
import type { ChatTemplateRow } from '../../../contract/schemas/chat-template.ts';
import type { CreatorStatus } from '../../../contract/schemas/extension.ts';
import { fillTemplate } from '../../../contract/chat-template-fill.ts';
import { firstMatch, IM_MAX_CHARS, imCounter, SELECTORS, setNativeValue } from '../affiliate/adapter.ts';
import type { Quota } from '../shared/messages.ts';

/** Warnings for messaging this creator now (empty: nothing to warn about). */
export function outreachWarnings(row: CreatorStatus | null, quota: Quota | null, nowSec: number): string[] {
  const out: string[] = [];
  if (row?.is_black) out.push('This creator is blacklisted in CreatorDesk.');
  const connected = !!row?.connected;
  if (row && !connected) {
    if (row.messages >= MESSAGES_BEFORE_REPLY)
      out.push(
        `${row.messages} messages sent without a reply: TikTok allows ${MESSAGES_BEFORE_REPLY} before the creator replies.`,
      );
    else if (row.messages === MESSAGES_BEFORE_REPLY - 1)
      out.push(`${row.messages} messages sent without a reply: 1 more before TikTok waits for a reply.`);
  }
  if (!connected && quota && quota.limit >= 0) {
    const left = quota.limit - quota.used;
    const resets =
      quota.reset_at > nowSec ? ` (resets ${new Date(quota.reset_at * 1000).toUTCString()})` : '';
    if (left <= 0)
      out.push(
        `Weekly quota used: ${quota.used} of ${quota.limit} new creators contacted this week${resets}.`,
      );
    else if (left <= Math.max(1, Math.ceil(quota.limit * 0.1)))
      out.push(
        `Weekly quota nearly used: ${quota.used} of ${quota.limit} new creators contacted this week${resets}.`,
      );
  }
  return out;
}

export interface PanelDeps {
  doc: Document;
  kind: 'im' | 'invite';
  country: Country;
  /** The creators the page is about (IM: one). */
  handles: string[];
  /** Display names by handle (for {creator_name}). */
  names: Record<string, string>;
  loadTemplates(): Promise<{ templates: ChatTemplateRow[]; seller_name: string; productId: string }>;
  loadStatus(): Promise<{ row: CreatorStatus | null; quota: Quota | null }>;
  /** Records a send (IM only); the answer's note is shown. */
  recordSend(): Promise<{ ok: boolean; messages?: number; note?: string }>;
}

const el = <K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, text?: string) => {
  const e = doc.createElement(tag);
  if (text !== undefined) e.textContent = text;
  return e;
};

/** Builds the panel and starts watching for sends; returns a function that removes both. */
export function mountPanel(d: PanelDeps): () => void {
  const { doc } = d;
  const panel = el(doc, 'div');
  panel.setAttribute('data-creatordesk', 'panel');
  panel.setAttribute('role', 'region');
  panel.setAttribute('aria-label', 'CreatorDesk');
  panel.style.cssText =
    'position:fixed;right:16px;bottom:16px;z-index:2147483647;width:300px;background:#fff;color:#0f172a;' +
    'border:1px solid #cbd5e1;border-radius:10px;box-shadow:0 6px 24px rgba(0,0,0,.15);padding:10px;' +
    'font:13px/1.4 system-ui,sans-serif;';
  const title = el(
    doc,
    'div',
    `CreatorDesk · ${d.handles.map((h) => `@${h}`).join(', ') || 'creator unknown'}`,
  );
  title.style.fontWeight = '700';
  const warnings = el(doc, 'ul');
  warnings.setAttribute('data-creatordesk', 'warnings');
  warnings.style.cssText = 'margin:6px 0;padding-left:18px;color:#92400e;';
  const label = el(doc, 'label', 'Template ');
  const select = el(doc, 'select');
  select.setAttribute('data-creatordesk', 'template');
  label.append(select);
  const productLabel = el(doc, 'label', ' Product id ');
  const product = el(doc, 'input');
  product.setAttribute('data-creatordesk', 'product');
  product.size = 14;
  productLabel.append(product);
  const fill = el(doc, 'button', d.kind === 'im' ? 'Fill message' : 'Fill name and message');
  fill.type = 'button';
  fill.setAttribute('data-creatordesk', 'fill');
  fill.style.cssText = 'margin-top:6px;';
  const hint = el(doc, 'div', 'CreatorDesk fills the box; you press Send.');
  hint.style.cssText = 'color:#64748b;font-size:12px;';
  const note = el(doc, 'div');
  note.setAttribute('data-creatordesk', 'note');
  note.setAttribute('role', 'status');
  panel.append(title, warnings, label, productLabel, el(doc, 'br'), fill, hint, note);
  doc.body.append(panel);

  let templates: ChatTemplateRow[] = [];
  let seller = '';
  void d.loadTemplates().then((t) => {
    templates = t.templates;
    seller = t.seller_name;
    product.value = t.productId;
    select.replaceChildren(
      ...templates.map((row) => {
        const o = el(doc, 'option', row.title);
        o.value = String(row.id);
        return o;
      }),
    );
    if (!templates.length) note.textContent = 'No chat templates for this country in CreatorDesk.';
  });

  const refresh = async () => {
    const { row, quota } = await d.loadStatus();
    warnings.replaceChildren(
      ...outreachWarnings(row, quota, Math.floor(Date.now() / 1000)).map((w) => el(doc, 'li', w)),
    );
  };
  void refresh();

  // Sends: armed once the box holds text; a send is the counter back to 0 or a new own bubble.
  let armed = false;
  let bubbles = doc.querySelectorAll(SELECTORS.imOwnBubble).length;
  const box = () => firstMatch<HTMLTextAreaElement>(doc, SELECTORS.imInput);
  const onInput = (e: Event) => {
    if (e.target === box() && (e.target as HTMLTextAreaElement).value.length > 0) armed = true;
  };
  doc.addEventListener('input', onInput, true);
  const observer =
    d.kind === 'im'
      ? new MutationObserver(() => {
          const now = doc.querySelectorAll(SELECTORS.imOwnBubble).length;
          const grew = now > bubbles;
          bubbles = now;
          if (!armed) return;
          const counter = imCounter(doc);
          const cleared = counter === 0 && (box()?.value ?? '') === '';
          if (!grew && !cleared) return;
          armed = false;
          note.textContent = 'Recording the message…';
          void d.recordSend().then((r) => {
            note.textContent = r.ok
              ? r.messages !== undefined
                ? `Message recorded (${r.messages} of ${MESSAGES_BEFORE_REPLY} before a reply).`
                : 'Message recorded: marked chatted.'
              : (r.note ?? 'The message was not recorded.');
            void refresh();
          });
        })
      : null;
  observer?.observe(doc.body, { childList: true, subtree: true, characterData: true });

  fill.addEventListener('click', () => {
    const t = templates.find((row) => String(row.id) === select.value);
    if (!t) {
      note.textContent = 'Pick a template first.';
      return;
    }
    const one = d.handles.length === 1 ? d.handles[0]! : undefined;
    const text = fillTemplate(t.content, {
      creator_name: one ? (d.names[one] ?? one) : undefined,
      product_id: product.value.trim() || undefined,
      seller_name: seller || undefined,
    });
    if (text.length > IM_MAX_CHARS) {
      note.textContent = `The filled template has ${text.length} characters; TikTok allows ${IM_MAX_CHARS}.`;
      return;
    }
    if (d.kind === 'im') {
      const target = box();
      if (!target) {
        note.textContent = 'The message box is not on the page yet.';
        return;
      }
      setNativeValue(target, text);
      armed = true;
      target.focus();
    } else {
      const message = firstMatch<HTMLTextAreaElement>(doc, SELECTORS.inviteMessage);
      const name = firstMatch<HTMLInputElement>(doc, SELECTORS.inviteName);
      if (!message) {
        note.textContent = 'The message box is not on the page yet.';
        return;
      }
      if (name && !name.value) setNativeValue(name, t.title);
      setNativeValue(message, text);
    }
    note.textContent = 'Filled. Check it, then press Send yourself.';
  });

  return () => {
    observer?.disconnect();
    doc.removeEventListener('input', onInput, true);
    panel.remove();
  };
}

/**
 * Badges beside each creator on the search and profile pages: chatted / invited / blacklisted /
 * in plan X and the workspace's tags. Keyed by handle (found as text in the page), never by card
 * position; all text goes in through textContent. A MutationObserver redraws as the page's list
 * grows or React re-renders a card.
 */
import type { CreatorStatus } from '../../../contract/schemas/extension.ts';

export const BADGE_ATTR = 'data-creatordesk-badge';
const OWN = `[${BADGE_ATTR}], [data-creatordesk]`;

type Tone = 'plain' | 'good' | 'warn' | 'danger' | 'tag' | 'muted';
const TONES: Record<Tone, string> = {
  plain: 'background:#eef2ff;color:#1e3a8a;',
  good: 'background:#dcfce7;color:#14532d;',
  warn: 'background:#fef3c7;color:#78350f;',
  danger: 'background:#b91c1c;color:#fff;font-weight:700;',
  tag: 'background:#f1f5f9;color:#334155;border:1px solid #cbd5e1;',
  muted: 'background:#f8fafc;color:#64748b;',
};

export interface Chip {
  text: string;
  tone: Tone;
}

/** What a badge says for a creator's status (null: not in the workspace). */
export function chipsFor(row: CreatorStatus | null): Chip[] {
  if (!row) return [{ text: 'not in CreatorDesk', tone: 'muted' }];
  const chips: Chip[] = [];
  if (row.is_black) chips.push({ text: 'Blacklisted', tone: 'danger' });
  if (row.is_chat) chips.push({ text: 'chatted', tone: 'good' });
  if (row.is_invitation) chips.push({ text: 'invited', tone: 'good' });
  for (const p of row.plans) chips.push({ text: `in plan ${p.name}`, tone: 'plain' });
  for (const t of row.tags) chips.push({ text: t.tag_title, tone: 'tag' });
  if (!chips.length) chips.push({ text: 'in CreatorDesk', tone: 'plain' });
  return chips;
}

function badgeNode(doc: Document, handle: string, version: string, row: CreatorStatus | null): HTMLElement {
  const box = doc.createElement('span');
  box.setAttribute(BADGE_ATTR, handle);
  box.dataset.v = version;
  box.style.cssText = 'display:inline-flex;flex-wrap:wrap;gap:4px;margin-left:6px;vertical-align:middle;';
  if (row?.is_black) box.title = 'Blacklisted in CreatorDesk';
  for (const c of chipsFor(row)) {
    const chip = doc.createElement('span');
    chip.className = 'creatordesk-chip';
    chip.style.cssText = `${TONES[c.tone]}font:600 11px/16px system-ui,sans-serif;padding:0 6px;border-radius:8px;white-space:nowrap;`;
    chip.textContent = c.text;
    box.append(chip);
  }
  return box;
}

/** The handle a text node shows (`name` or `@name`), lower case. */
const handleText = (s: string | null) => (s ?? '').trim().replace(/^@/, '').toLowerCase();

export class BadgeLayer {
  /** Handle (lower case) → status; absent: not asked yet. */
  private readonly statuses = new Map<string, CreatorStatus | null>();
  private readonly versions = new Map<string, string>();
  private observer: MutationObserver | null = null;

  constructor(
    private readonly doc: Document,
    private readonly active: () => boolean,
  ) {}

  set(statuses: Record<string, CreatorStatus | null>): void {
    for (const [h, row] of Object.entries(statuses)) {
      this.statuses.set(h, row);
      this.versions.set(h, row ? JSON.stringify(row) : 'none');
    }
    this.draw();
  }

  clear(): void {
    this.statuses.clear();
    this.versions.clear();
    for (const el of this.doc.querySelectorAll(`[${BADGE_ATTR}]`)) el.remove();
  }

  /** Draws or updates the badge beside every shown handle with a known status; returns how many. */
  draw(): number {
    if (!this.active() || !this.statuses.size || !this.doc.body) return 0;
    const walker = this.doc.createTreeWalker(this.doc.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) =>
        n.parentElement?.closest(OWN) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
    });
    const hits: [Element, string][] = [];
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = n.nodeValue;
      if (!text || text.length > 40) continue;
      const h = handleText(text);
      if (this.versions.has(h) && n.parentElement) hits.push([n.parentElement, h]);
    }
    for (const [el, h] of hits) {
      const version = this.versions.get(h)!;
      const old = el.querySelector(`:scope > [${BADGE_ATTR}]`);
      if (old instanceof HTMLElement && old.getAttribute(BADGE_ATTR) === h && old.dataset.v === version)
        continue;
      old?.remove();
      el.append(badgeNode(this.doc, h, version, this.statuses.get(h) ?? null));
    }
    return hits.length;
  }

  /** Redraws whenever the page changes anything but the badges themselves. */
  observe(): void {
    if (this.observer) return;
    this.observer = new MutationObserver((records) => {
      const foreign = records.some((r) => {
        const target = r.target instanceof Element ? r.target : r.target.parentElement;
        if (target?.closest(OWN)) return false;
        const nodes = [...r.addedNodes, ...r.removedNodes];
        return !nodes.length || nodes.some((n) => !(n instanceof Element && n.matches(OWN)));
      });
      if (foreign) this.draw();
    });
    this.observer.observe(this.doc.documentElement, { childList: true, subtree: true, characterData: true });
  }
}

/**
 * Coloured status tags. The server supplies the label (status_str, is_chat_str …);
 * the number only picks the colour.
 */
import type { ReactNode } from 'react';
import { m } from '../paraglide/messages.js';
import { cx } from './cx.ts';

export type TagTone =
  'orange' | 'green' | 'cyan' | 'blue' | 'purple' | 'red' | 'on' | 'off' | 'black-on' | 'black-off';

const INVITATION: Record<number, TagTone> = { 1: 'orange', 2: 'green', 3: 'cyan', 4: 'blue' };
const SUB_STATUS: Record<number, TagTone> = { 1: 'orange', 2: 'green', 3: 'blue', 4: 'purple', 5: 'red' };

export const invitationTone = (status: number): TagTone => INVITATION[status] ?? 'off';
export const subStatusTone = (sub: number): TagTone => SUB_STATUS[sub] ?? 'off';
/** Chat, invitation and creator status flags: above 0 highlighted, else grey. */
export const flagTone = (value: number): TagTone => (value > 0 ? 'on' : 'off');
/** Blacklist: red when set, green when not. */
export const blacklistTone = (value: number): TagTone => (value > 0 ? 'black-on' : 'black-off');

const USER_TAG_TONES: readonly TagTone[] = ['blue', 'green', 'orange', 'cyan', 'purple', 'red'];

/**
 * A seller's tag's colour from its title (FNV-1a): the same on every screen and device, and it
 * stays when the temporary id of an offline add is replaced by the server's id.
 */
export function tagTone(title: string): TagTone {
  let h = 0x811c9dc5;
  for (const ch of title.trim().toLowerCase()) {
    h ^= ch.codePointAt(0) ?? 0;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return USER_TAG_TONES[h % USER_TAG_TONES.length]!;
}

/** A seller's tag (Tags screen, creator and invitation rows, topic authors): coloured by its title. */
export function UserTag({ title, className }: { title: string; className?: string }) {
  return (
    <Tag tone={tagTone(title)} className={className}>
      {title}
    </Tag>
  );
}

export function Tag({
  tone,
  children,
  className,
}: {
  tone: TagTone;
  children: ReactNode;
  className?: string;
}) {
  return <span className={cx('cd-tag', `cd-tag--${tone}`, className)}>{children}</span>;
}

/**
 * A tags column's width at 100% zoom: two chips of up to 120 px, "+N" and the gaps (status.css), so
 * the demo's tag names show whole and a longer one ends in an ellipsis.
 */
export const TAG_CHIPS_WIDTH = 288;

/**
 * A cell's tags: the first `max` as chips, then one "+N" chip for the rest (a third tag once
 * was clipped without a word), naming them in its tooltip and to screen readers. One line, so
 * rows keep their height. Each tag has its one colour (tagTone) on every screen.
 */
export function TagChips({
  titles,
  tone = tagTone,
  max = 2,
}: {
  titles: readonly string[];
  tone?: (title: string) => TagTone;
  max?: number;
}) {
  if (titles.length === 0) return <>-</>;
  const rest = titles.slice(max);
  return (
    <span className="cd-tag-chips">
      {titles.slice(0, max).map((t, i) => (
        <Tag key={`${i}:${t}`} tone={tone(t)} className="cd-tag--clip">
          <span title={t}>{t}</span>
        </Tag>
      ))}
      {rest.length > 0 && (
        <Tag tone="off" className="cd-tag--more">
          <span aria-hidden="true" title={rest.join(', ')}>
            {m.common_more_tags({ count: rest.length })}
          </span>
          <span className="cd-visually-hidden">{rest.join(', ')}</span>
        </Tag>
      )}
    </span>
  );
}

/** The social platforms sellers meet most get brand colours; others a neutral chip. */
export const PLATFORMS = [
  'amazon',
  'etsy',
  'youtube',
  'instagram',
  'twitter',
  'snapchat',
  'facebook',
  'spotify',
  'soundcloud',
  'twitch',
  'threads',
  'castingnetworks',
  'linkedin',
  'tiktok',
] as const;

export function PlatformTag({ platform, children }: { platform: string; children?: ReactNode }) {
  const key = platform.toLowerCase();
  const known = (PLATFORMS as readonly string[]).includes(key);
  return <span className={cx('cd-platform', known && `cd-platform--${key}`)}>{children ?? platform}</span>;
}

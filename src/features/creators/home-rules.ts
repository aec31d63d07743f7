/**
 * Pure rules of the home screen: the filter value → the query worker's CreatorFilter, the
 * edit-status choices of the dialog and their patch, and the tag dialog's
 * "at most 2 chosen (+N)" summary.
 */
import { DEFAULT_COUNTRY, type Country } from '../../../contract/constants.ts';
import type { CreatorFilter } from '../../workers/query-types.ts';

export type TriState = 'any' | '1' | '0';

export interface HomeFilterValue {
  country: Country;
  name: string;
  challenge: string;
  tagId: number | null;
  isChat: TriState;
  isInvitation: TriState;
  isBlack: TriState;
  /** add_time bounds, unix seconds. */
  range: { startTime: number; endTime: number } | null;
  /**
   * Only these creators (row ids), as a saved selection's view keeps them; null for no
   * such restriction. Other filters still apply within them; only the note's clear control lifts it.
   */
  ids: number[] | null;
}

/** No filter: the default country, everything else 'any'. */
export const DEFAULT_FILTERS: HomeFilterValue = {
  country: DEFAULT_COUNTRY,
  name: '',
  challenge: '',
  tagId: null,
  isChat: 'any',
  isInvitation: 'any',
  isBlack: 'any',
  range: null,
  ids: null,
};

const flag = (v: TriState): 0 | 1 | undefined => (v === 'any' ? undefined : v === '1' ? 1 : 0);

/** `challengeIds`: the unique_ids of the challenge's creators, when a challenge is searched. */
export function toCreatorFilter(v: HomeFilterValue, challengeIds?: string[] | null): CreatorFilter {
  const f: CreatorFilter = {};
  const name = v.name.trim().replace(/^@/, '').toLowerCase();
  if (name) f.name = name;
  if (v.tagId != null) f.tagIds = [v.tagId];
  const chat = flag(v.isChat);
  if (chat !== undefined) f.isChat = chat;
  const inv = flag(v.isInvitation);
  if (inv !== undefined) f.isInvitation = inv;
  const black = flag(v.isBlack);
  if (black !== undefined) f.isBlack = black;
  if (v.range) {
    f.startTime = v.range.startTime;
    f.endTime = v.range.endTime;
  }
  if (v.ids?.length) f.ids = v.ids;
  // While the server's answer is pending nothing matches, rather than everything.
  if (v.challenge.trim()) f.uniqueIds = challengeIds ?? [];
  return f;
}

export const STATUS_CHOICES = ['chat:1', 'chat:0', 'invitation:1', 'invitation:0'] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

export function statusPatch(choice: StatusChoice): { is_chat?: 0 | 1; is_invitation?: 0 | 1 } {
  const [kind, v] = choice.split(':') as ['chat' | 'invitation', '0' | '1'];
  const value = v === '1' ? 1 : 0;
  return kind === 'chat' ? { is_chat: value } : { is_invitation: value };
}

/** The tag select's closed text: the first two chosen titles, then "+N" for the rest. */
export function chosenSummary(titles: readonly string[], max = 2): string {
  if (titles.length <= max) return titles.join(', ');
  return `${titles.slice(0, max).join(', ')} +${titles.length - max}`;
}

/** The creator's profile on TikTok (the creator id links out). */
export const profileUrl = (uniqueId: string): string =>
  `https://www.tiktok.com/@${encodeURIComponent(uniqueId)}`;

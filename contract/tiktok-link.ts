/**
 * Reads a pasted TikTok video link: `https://www.tiktok.com/@handle/video/123…` (with or without
 * `www.`/`m.`, query string or fragment). Both programs read links the same way: the PWA to say
 * what is wrong before sending, the server to refuse it. Anything else (a short vm.tiktok.com link,
 * a profile, another site) is refused with a reason instead of a guess at what was meant.
 */
import { CONTENT_HANDLE_MAX, CONTENT_LINK_MAX, CONTENT_VIDEO_ID_MAX } from './limits.ts';

export interface VideoLink {
  /** The creator's handle, without the `@`, as TikTok spells it (lower case). */
  handle: string;
  videoId: string;
  /** The link written the one way the app stores it. */
  link: string;
}

/** Why a link was refused: each is a message id (content_link_*). */
export type LinkRefusal =
  'content_link_required' | 'content_link_too_long' | 'content_link_short' | 'content_link_invalid';

const HOSTS = new Set(['tiktok.com', 'www.tiktok.com', 'm.tiktok.com']);
const SHORT_HOSTS = new Set(['vm.tiktok.com', 'vt.tiktok.com']);
const HANDLE = new RegExp(`^@([A-Za-z0-9_.]{2,${CONTENT_HANDLE_MAX}})$`);
const VIDEO_ID = new RegExp(`^[0-9]{1,${CONTENT_VIDEO_ID_MAX}}$`);

export function parseVideoLink(raw: string): VideoLink | LinkRefusal {
  const text = raw.trim();
  if (!text) return 'content_link_required';
  if (text.length > CONTENT_LINK_MAX) return 'content_link_too_long';
  // A link copied without its scheme ("www.tiktok.com/@a/video/1") is still that link.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return 'content_link_invalid';
  }
  const host = url.hostname.toLowerCase();
  if (SHORT_HOSTS.has(host)) return 'content_link_short';
  if (!HOSTS.has(host) || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    return 'content_link_invalid';
  if (url.username || url.password || (url.port && url.port !== '443' && url.port !== '80'))
    return 'content_link_invalid';
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts.length !== 3 || parts[1] !== 'video') return 'content_link_invalid';
  const handle = HANDLE.exec(parts[0]!)?.[1];
  const videoId = parts[2]!;
  if (!handle || !VIDEO_ID.test(videoId)) return 'content_link_invalid';
  // Leading zeros would make two ids of one video.
  const id = videoId.replace(/^0+(?=\d)/, '');
  const lower = handle.toLowerCase();
  return { handle: lower, videoId: id, link: `https://www.tiktok.com/@${lower}/video/${id}` };
}

export const isVideoLink = (v: VideoLink | LinkRefusal): v is VideoLink => typeof v === 'object';

/** Business constants and limits: page sizes, countries, lengths, timeouts and the plans' caps. */
export const COUNTRIES = ['US', 'MY', 'VN', 'TH', 'PH', 'SG', 'ID', 'GB'] as const;
export type Country = (typeof COUNTRIES)[number];
export const DEFAULT_COUNTRY: Country = 'US';
/** GMV is in the market's own currency (ISO 4217), as the seller sees it in that market. */
export const COUNTRY_CURRENCY: Record<Country, string> = {
  US: 'USD',
  MY: 'MYR',
  VN: 'VND',
  TH: 'THB',
  PH: 'PHP',
  SG: 'SGD',
  ID: 'IDR',
  GB: 'GBP',
};

export const LANGUAGES = ['zh-cn', 'en-us'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-us';

export const PAGE_SIZES = [20, 30, 40, 50, 75, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;
export const PAGER_TOTAL_CAP = 10000;

export const SMS_COUNTDOWN_SECONDS = 120;
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_DAILY_LIMIT = 10;
export const PHONE_LENGTH = 11;
export const TEXTAREA_MAX = 10000;
/** Ids in one call (tagsId, tagIds, ids): keeps every SQL IN list far below both engines' limits. */
export const ID_LIST_MAX = 1000;
/** Creator names (bloggers) or product ids in one call, counted after the textarea is split. */
export const NAME_LIST_MAX = 10_000;
/**
 * Characters no text field may hold (40001 naming the field): C0 controls except tab, line feed and
 * carriage return, DEL, and C1 controls. NUL broke SQLite's full-text index and PostgreSQL text.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const TEAM_NAME_MAX = 12;
/** Invite codes are 24 characters; anything longer than this is not worth looking up. */
export const INVITE_CODE_MAX = 200;
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Redeem codes are 16 characters of [A-Z0-9] (82 bits; the original 9 carried 46, too few against guessing). Codes
 * issued before keep working: 9 characters are still accepted.
 */
export const REDEEM_CODE_LENGTH = 16;
export const REDEEM_CODE_PATTERN = /^(?:[A-Z0-9]{16}|[A-Z0-9]{9})$/;
export const REDEEM_DEFAULT_DAYS = 30;
export const TOKEN_TTL_SECONDS = 7 * 24 * 3600;

export const REQUEST_TIMEOUT_MS = 50_000;
export const LONG_REQUEST_TIMEOUT_MS = 120_000;
export const DOWNLOAD_POLL_MS = 2000;
export const DOWNLOAD_POLL_MAX = 100;
export const TOAST_MS = 3000;
export const TOAST_MAX = 2;
export const BACK_TO_TOP_PX = 100;
export const TAG_SELECT_MAX_SHOWN = 2;

export const SYS_TAG = 'tiktok-sys';
export const PARTNER_CODE = 'creatordesk';
export const TOKEN_COOKIES = ['TiktokToken', 'tkToken'] as const;
/**
 * The UI language, mirrored from localStorage into a cookie so the server can paint the signed-in
 * shell in it before any script runs (server/http/boot-shell.ts). localStorage stays the source.
 */
export const LOCALE_COOKIE = 'cd_lang';

export const DATE_PRESETS_DAYS = [7, 14, 30, 90] as const;
export const EARLIEST_DATE = '2021-03-12';

export const FREE_EXPORT_ROW_CAP = 500;
/**
 * A member's server exports: at most this many queued or running at once, and this many started
 * in any hour (the server counts both in the database; the download dialog states them first).
 */
export const EXPORTS_RUNNING_MAX = 3;
export const EXPORTS_PER_HOUR = 30;
export const FREE_ACTIVE_TOPICS = 3;
export const VIP_ACTIVE_TOPICS = 50;
export const DEFAULT_AMATEUR_THRESHOLD = 10000;

export const DOWNLOAD_TYPES = [
  'blogger',
  'chat',
  'unchat',
  'invitation',
  'uninvitation',
  'black',
  'layman',
] as const;
export type DownloadType = (typeof DOWNLOAD_TYPES)[number];

export const INVITATION_STATUSES = [1, 2, 3, 4] as const;
export const INVITATION_SUB_STATUSES = [1, 2, 3, 4, 5] as const;

/** Format checks: email, phone (11 digits starting 1, then 3-9) and ASIN (10 characters starting B0). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A TikTok handle (a creator id): letters, digits, '_' and '.', at most 24 characters. */
export const HANDLE_MAX = 24;
export const HANDLE_PATTERN = /^[A-Za-z0-9_.]{1,24}$/;
export const CN_PHONE_PATTERN = /^1[3-9]\d{9}$/;
export const ASIN_PATTERN = /^B0[A-Z0-9]{8}$/;
export const API_PREFIX = '/api/v0.1';

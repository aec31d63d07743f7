/**
 * The messages between the extension's parts: page (MAIN world) → content script by postMessage on
 * CHANNEL, content script and popup → service worker by runtime.sendMessage, worker → tabs.
 */
import type { Country } from '../../../contract/constants.ts';
import type { CreatorStatus } from '../../../contract/schemas/extension.ts';
import type { ChatTemplateRow } from '../../../contract/schemas/chat-template.ts';
import type { HarvestedVideo, IngestItem } from '../affiliate/adapter.ts';

/** The postMessage channel of the MAIN-world interceptor. */
export const CHANNEL = 'creatordesk-ext/v1';

/** What the interceptor posts for each response it saw. */
export interface CaptureMessage {
  channel: typeof CHANNEL;
  kind: 'capture';
  url: string;
  /** The request body when it was text (invitation create: which creators and products). */
  request: string | null;
  /** The response text. */
  body: string;
}

export function isCaptureMessage(v: unknown): v is CaptureMessage {
  if (typeof v !== 'object' || v === null) return false;
  const m = v as Record<string, unknown>;
  return (
    m.channel === CHANNEL &&
    m.kind === 'capture' &&
    typeof m.url === 'string' &&
    typeof m.body === 'string' &&
    (m.request === null || typeof m.request === 'string')
  );
}

export type HarvestPage = 'search' | 'profile';

export interface Quota {
  limit: number;
  used: number;
  reset_at: number;
}

/** The extension's settings (chrome.storage.local `settings`). */
export interface Settings {
  /** Collect creators from these pages (off by default). */
  harvest: Record<HarvestPage, boolean>;
  /** The product id used for {product_id} in templates. */
  productId: string;
}
/** A change of some settings. */
export interface SettingsChange {
  harvest?: Partial<Record<HarvestPage, boolean>>;
  productId?: string;
}
export const DEFAULT_SETTINGS: Settings = { harvest: { search: false, profile: false }, productId: '' };

export interface Counts {
  seen: number;
  created: number;
  updated: number;
  rejected: number;
  /** Videos recorded from profile pages (absent in counts an older version stored). */
  videos?: number;
}

export type LinkState = 'unpaired' | 'ok' | 'reconnect';

/** What the popup shows. */
export interface PopupState {
  link: LinkState;
  server: string;
  member_name: string;
  workspace_name: string;
  settings: Settings;
  counts: Counts;
  /** Ingest batches waiting for the server. */
  queued: number;
  lastError: string;
}

export type Request =
  | { type: 'pair'; server: string; code: string; name?: string }
  | { type: 'unpair' }
  | { type: 'state' }
  | { type: 'settings'; settings: SettingsChange }
  | { type: 'retry' }
  /** Creators a page loaded: remembered for the IM page, ingested when harvest is on for `page`. */
  | {
      type: 'captured';
      page: HarvestPage | 'other';
      country: Country;
      creators: { oecuid: string; profile: IngestItem }[];
    }
  /**
   * `fresh`: ask the server even when the cache holds an answer (a page's first look at a creator,
   * the outreach panel's warnings); the cached answer stays the fallback while the server is away.
   */
  | { type: 'status'; country: Country; handles: string[]; fresh?: boolean }
  | { type: 'whois'; oecuid: string }
  | { type: 'templates'; country: Country }
  | { type: 'contact'; country: Country; handle: string }
  | { type: 'invited'; country: Country; oecuids: string[]; productIds: string[] }
  /** A profile page's top videos of one creator: recorded as content when harvest is on for profiles. */
  | { type: 'videos'; country: Country; handle: string; videos: HarvestedVideo[] };

export interface StatusAnswer {
  link: LinkState;
  /** Handle (lower case) → status; null: not in the workspace. */
  statuses: Record<string, CreatorStatus | null>;
  quota: Quota | null;
}

export interface TemplatesAnswer {
  link: LinkState;
  templates: ChatTemplateRow[];
  seller_name: string;
  productId: string;
}

export interface ContactAnswer {
  link: LinkState;
  ok: boolean;
  /** Messages before a reply after this one (plan creators), when known. */
  messages?: number;
  /** A message the panel shows (limit reached, not in the workspace, …). */
  note?: string;
}

/** Worker → content scripts: these handles' statuses changed (null: all). */
export interface StatusChanged {
  type: 'status-changed';
  handles: string[] | null;
}

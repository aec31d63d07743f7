/**
 * The browser extension's calls. The app asks for a one-time pairing code; the extension
 * trades it (with no token) for its own token: a session of kind `extension` that a sign-in
 * elsewhere does not revoke, stored hashed, listed and revocable in the app, and allowed only the
 * calls marked `extension: true` in the endpoint tables (everything else answers 40003). A batch
 * status lookup gives the badges: each handle's flags, tags, plans and messages before a reply, and
 * the workspace's weekly quota use.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { EXT_CODE_ALPHABET, EXT_CODE_LENGTH, EXT_NAME_MAX, EXT_STATUS_MAX } from '../limits.ts';
import { country, formList, optText, text } from './common.ts';
import { RowIdRequest } from './workbench.ts';

/** A code as typed: spaces and dashes dropped, case ignored; anything else is 40001 on `code`. */
const pairingCode = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '').toUpperCase() : v),
    z
      .string()
      .length(EXT_CODE_LENGTH, 'ext_code_invalid')
      .regex(new RegExp(`^[${EXT_CODE_ALPHABET}]+$`), 'ext_code_invalid'),
  );

export const PairCodeRequest = z.object({});
export const PairCodeResult = z.object({
  /** XXXXX-XXXXX. */
  code: z.string(),
  expires_at: z.number().int(),
  ttl_seconds: z.number().int(),
});

export const PairRequest = z.object({
  code: pairingCode(),
  /** What the app lists the extension as (default: "Browser extension"). */
  name: optText(EXT_NAME_MAX),
});
export const PairResult = z.object({
  token: z.string(),
  token_expiration_time: z.number().int(),
  member_name: z.string(),
  workspace_name: z.string(),
});

export const ExtensionSessionRow = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.number().int(),
  /** 0: never used since pairing. */
  last_used_at: z.number().int(),
  expires_at: z.number().int(),
});
export type ExtensionSessionRow = z.infer<typeof ExtensionSessionRow>;

export const StatusRequest = z.object({
  country: country(),
  bloggers: formList(text(64), EXT_STATUS_MAX).pipe(z.array(z.string()).min(1, 'bloggers_required')),
});

export const CreatorStatus = z.object({
  /** As stored (the asked handle without a leading @, matched case-insensitively). */
  unique_id: z.string(),
  id: z.number().int(),
  is_chat: z.number().int(),
  is_invitation: z.number().int(),
  is_black: z.number().int(),
  tags: z.array(z.object({ tag_id: z.number().int(), tag_title: z.string() })),
  plans: z.array(z.object({ plan_id: z.number().int(), name: z.string(), stage: z.string() })),
  /** Replied (or further) in any plan, ever: outside the quota and the message limit. */
  connected: z.number().int(),
  /** Messages recorded before a reply (0 once connected); TikTok allows MESSAGES_BEFORE_REPLY. */
  messages: z.number().int(),
});
export type CreatorStatus = z.infer<typeof CreatorStatus>;

export const StatusResult = z.object({
  /** Only the handles the workspace has (an unknown handle is simply absent). */
  list: z.array(CreatorStatus),
  /** The weekly quota as the seller entered it (-1: not set) and the unconnected creators contacted since the reset. */
  quota: z.object({ limit: z.number().int(), used: z.number().int(), reset_at: z.number().int() }),
});

export const extensionEndpoints = {
  extPairCode: endpoint({
    method: 'POST',
    path: '/ext/pair.code',
    auth: true,
    request: PairCodeRequest,
    response: PairCodeResult,
  }),
  extPair: endpoint({
    method: 'POST',
    path: '/ext/pair',
    auth: false,
    request: PairRequest,
    response: PairResult,
  }),
  extSessions: endpoint({
    method: 'POST',
    path: '/ext/sessions',
    auth: true,
    request: z.object({}),
    response: z.array(ExtensionSessionRow),
  }),
  extSessionDel: endpoint({
    method: 'DELETE',
    path: '/ext/session.del',
    auth: true,
    request: RowIdRequest,
    response: z.object({ id: z.number().int() }),
  }),
  bloggerStatus: endpoint({
    method: 'POST',
    path: '/blogger/status',
    auth: true,
    extension: true,
    request: StatusRequest,
    response: StatusResult,
  }),
};

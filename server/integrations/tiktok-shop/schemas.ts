/**
 * TikTok's own payloads, with TikTok's field names (and typos, where an endpoint has them). Only the
 * adapter reads these; the rest of the server sees the types the adapter maps them to.
 */
import { z } from 'zod';

/** 18-19 digit ids arrive as strings; a number has already lost digits, so it is refused. */
export const TtsId = z.string().regex(/^\d{1,30}$/);

/** `/api/v2/token/get` and `/api/v2/token/refresh` (the guide's "Token endpoints"). */
export const TokenData = z.object({
  access_token: z.string().min(1).max(4096),
  /** Absolute Unix time, despite the name. */
  access_token_expire_in: z.number().int().nonnegative(),
  refresh_token: z.string().min(1).max(4096),
  refresh_token_expire_in: z.number().int().nonnegative(),
  open_id: z.string().max(200).catch(''),
  seller_name: z.string().max(500).catch(''),
  seller_base_region: z.string().max(10).catch(''),
  user_type: z.number().int(),
  granted_scopes: z.array(z.string().max(200)).max(500).catch([]),
});

/** `GET /authorization/202309/shops`. */
export const AuthorizedShopsData = z.object({
  shops: z
    .array(
      z.object({
        id: TtsId,
        name: z.string().max(500).catch(''),
        region: z.string().max(10).catch(''),
        seller_type: z.string().max(40).catch(''),
        cipher: z.string().min(1).max(500),
        code: z.string().max(100).catch(''),
      }),
    )
    .max(1000)
    .default([]),
});

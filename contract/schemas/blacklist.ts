/**
 * The blacklist: add (creator names + reason), remove by unique_id, and a paged list for API
 * clients (the PWA lists from its local mirror).
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { TEXTAREA_MAX } from '../constants.ts';
import { country, dateBound, listOf, optText, paging, text } from './common.ts';
import { endBound, nameList } from './creator.ts';

export const blackAddRequest = z.object({
  country: country(),
  bloggers: nameList(),
  reason: z.preprocess((v) => v ?? '', text(TEXTAREA_MAX)),
});

export const blackAddResult = z.object({
  added: z.number(),
  updated: z.number(),
  created_creators: z.number(),
});

export const blackDelRequest = z.object({
  country: country(),
  bloggers: nameList(),
});

export const blackListRequest = z.object({
  ...paging,
  country: country(),
  name: optText(255),
  startTime: dateBound(),
  endTime: endBound(),
});
export type BlackListRequest = z.infer<typeof blackListRequest>;

export const blacklistRow = z.object({
  id: z.number(),
  country: z.string(),
  unique_id: z.string(),
  email: z.string(),
  bio_link: z.string(),
  follower_count: z.number(),
  reason: z.string(),
  add_time: z.number(),
  update_time: z.number(),
});
export type BlacklistRow = z.infer<typeof blacklistRow>;

export const blacklistEndpoints = {
  blackAdd: endpoint({
    method: 'POST',
    path: '/blogger/black.add',
    auth: true,
    request: blackAddRequest,
    response: blackAddResult,
  }),
  blackDel: endpoint({
    method: 'DELETE',
    path: '/blogger/black.del',
    auth: true,
    request: blackDelRequest,
    response: z.object({ deleted: z.number(), not_found: z.array(z.string()) }),
  }),
  blackLists: endpoint({
    method: 'POST',
    path: '/blogger/black.lists',
    auth: true,
    request: blackListRequest,
    response: listOf(blacklistRow),
  }),
};

/**
 * Invitations: list, add (by creator names), edit with status/sub-status rules,
 * history and delete. Status 1 connecting · 2 inviting · 3 cooperating · 4 complete; sub_status
 * 1–5 exists only with status 3.
 */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { EMAIL_PATTERN, TEXTAREA_MAX } from '../constants.ts';
import {
  country,
  dateBound,
  flag,
  formInt,
  formList,
  listOf,
  optText,
  paging,
  sortOrder,
  text,
} from './common.ts';
import { endBound, nameList, optNameList, tagIdList, tagRef } from './creator.ts';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const status = () => formInt().pipe(z.number().int().min(1).max(4));
const subStatus = () => formInt().pipe(z.number().int().min(1).max(5));

export const INVITATION_SORT_FIELDS = ['add_time', 'update_time', 'status'] as const;

export const invitationListRequest = z.object({
  ...paging,
  country: country(),
  name: optText(255),
  tagsId: tagIdList(),
  status: status().optional(),
  sub_status: subStatus().optional(),
  startTime: dateBound(),
  endTime: endBound(),
  field: z.preprocess(blank, z.enum(INVITATION_SORT_FIELDS).optional()),
  sort: sortOrder(),
});
export type InvitationListRequest = z.infer<typeof invitationListRequest>;

export const invitationRow = z.object({
  blogger_invitation_id: z.number(),
  country: z.string(),
  unique_id: z.string(),
  status: z.number(),
  status_str: z.string(),
  sub_status: z.number().nullable(),
  sub_status_str: z.string(),
  tags: z.array(tagRef),
  daren_name: z.string(),
  daren_sex: z.string(),
  daren_email: z.string(),
  daren_phone: z.string(),
  daren_addr: z.string(),
  logistics: z.string(),
  cooperate: z.string(),
  product_id: z.string(),
  add_time: z.number(),
  update_time: z.number(),
});
export type InvitationRow = z.infer<typeof invitationRow>;

export const invitationAddRequest = z.object({
  country: country(),
  bloggers: nameList(),
  isInvitation: z.preprocess(blank, flag().default(0)),
  productIds: optNameList(),
});

export const invitationAddResult = z.object({
  added: z.number(),
  updated: z.number(),
  created_creators: z.number(),
  /** Names refused because they are blacklisted in this country. */
  blacklisted: z.array(z.string()),
});

// Absent keys stay absent (nothing changes); '' clears a text field.
const field = (max: number) => text(max).optional();
export const invitationEditRequest = z.object({
  id: formInt().pipe(z.number().int().min(1)),
  status: status().optional(),
  sub_status: subStatus().optional(),
  daren_name: field(255),
  daren_sex: field(32),
  daren_email: field(255).refine((v) => !v || EMAIL_PATTERN.test(v), 'email_invalid'),
  daren_phone: field(64),
  daren_addr: field(TEXTAREA_MAX),
  logistics: field(TEXTAREA_MAX),
  cooperate: field(TEXTAREA_MAX),
  product_id: field(TEXTAREA_MAX),
});
export type InvitationEditRequest = z.infer<typeof invitationEditRequest>;

export const invitationHistoryRow = z.object({
  id: z.number(),
  status: z.number(),
  status_str: z.string(),
  sub_status: z.number().nullable(),
  sub_status_str: z.string(),
  user_id: z.number().nullable(),
  member_name: z.string(),
  note: z.string(),
  created_at: z.number(),
});

export const invitationDelRequest = z.object({
  ids: formList(formInt().pipe(z.number().int().min(1))).pipe(z.array(z.number()).min(1, 'ids_required')),
});

export const invitationEndpoints = {
  invitationLists: endpoint({
    method: 'POST',
    path: '/blogger/invitation.lists',
    auth: true,
    request: invitationListRequest,
    response: listOf(invitationRow),
  }),
  invitationAdd: endpoint({
    method: 'POST',
    path: '/blogger/invitation.add',
    auth: true,
    extension: true,
    request: invitationAddRequest,
    response: invitationAddResult,
  }),
  invitationEdit: endpoint({
    method: 'PUT',
    path: '/blogger/invitation.edit',
    auth: true,
    request: invitationEditRequest,
    response: invitationRow,
  }),
  invitationHistory: endpoint({
    method: 'GET',
    path: '/blogger/invitation.history',
    auth: true,
    request: z.object({ id: formInt().pipe(z.number().int().min(1)) }),
    response: z.array(invitationHistoryRow),
  }),
  invitationDel: endpoint({
    method: 'DELETE',
    path: '/blogger/invitation.del',
    auth: true,
    request: invitationDelRequest,
    response: z.object({ deleted: z.number() }),
  }),
};

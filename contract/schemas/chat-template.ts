/** Chat message templates. The list answers a plain array, not a page. */
import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { TEXTAREA_MAX } from '../constants.ts';
import { basedOn, country } from './common.ts';
import { catalogFilters, rowId, titled } from './tag.ts';
import { TEMPLATE_TITLE_MAX } from '../limits.ts';

export const ChatTemplateRow = z.object({
  id: z.number().int(),
  country: z.string(),
  title: z.string(),
  content: z.string(),
  add_time: z.number().int(),
  update_time: z.number().int(),
});
export type ChatTemplateRow = z.infer<typeof ChatTemplateRow>;

const fields = {
  country: country(),
  title: titled('chat_template_title_required', TEMPLATE_TITLE_MAX),
  content: titled('chat_template_content_required', TEXTAREA_MAX, 'chat_template_content_max'),
};

export const ChatTemplateListRequest = z.object(catalogFilters);
export const ChatTemplateAddRequest = z.object(fields);
export const ChatTemplateEditRequest = z.object({ id: rowId(), ...fields, ...basedOn });
export const ChatTemplateDelRequest = z.object({ id: rowId(), country: country(), ...basedOn });

export const chatTemplateEndpoints = {
  chatTmpList: endpoint({
    method: 'POST',
    path: '/chattmp/lists',
    auth: true,
    extension: true,
    request: ChatTemplateListRequest,
    response: z.array(ChatTemplateRow),
  }),
  chatTmpAdd: endpoint({
    method: 'POST',
    path: '/chattmp/add',
    auth: true,
    request: ChatTemplateAddRequest,
    response: ChatTemplateRow,
  }),
  chatTmpEdit: endpoint({
    method: 'PUT',
    path: '/chattmp/edit',
    auth: true,
    request: ChatTemplateEditRequest,
    response: ChatTemplateRow,
  }),
  chatTmpDel: endpoint({
    method: 'DELETE',
    path: '/chattmp/del',
    auth: true,
    request: ChatTemplateDelRequest,
    response: z.object({ id: z.number().int() }),
  }),
};

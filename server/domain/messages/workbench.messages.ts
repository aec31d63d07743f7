/** Messages of the creator workbench calls. */
import { defineMessages } from '../messages.ts';

defineMessages({
  creator_not_found: { 'zh-cn': '达人不存在', 'en-us': 'Creator not found' },
  avatar_not_found: { 'zh-cn': '没有该达人的头像', 'en-us': 'No picture for this creator' },
  note_not_found: { 'zh-cn': '备注不存在或已删除', 'en-us': 'This note does not exist or was deleted' },
  note_required: { 'zh-cn': '请输入备注内容', 'en-us': 'Please enter the note' },
  note_too_long: { 'zh-cn': '备注不能超过2000个字符', 'en-us': 'A note must be at most 2000 characters' },
  followup_not_found: {
    'zh-cn': '跟进提醒不存在或已删除',
    'en-us': 'This follow-up does not exist or was deleted',
  },
  followup_text_required: { 'zh-cn': '请输入跟进内容', 'en-us': 'Please enter what to follow up' },
  followup_text_too_long: {
    'zh-cn': '跟进内容不能超过200个字符',
    'en-us': 'A follow-up must be at most 200 characters',
  },
  contact_email_invalid: {
    'zh-cn': '请输入有效的邮箱（最多200个字符）',
    'en-us': 'Please enter a valid email address (at most 200 characters)',
  },
  contact_phone_too_long: {
    'zh-cn': 'WhatsApp/电话不能超过50个字符',
    'en-us': 'WhatsApp or phone must be at most 50 characters',
  },
  contact_reach_too_long: {
    'zh-cn': '联系方式说明不能超过500个字符',
    'en-us': 'How to reach them must be at most 500 characters',
  },
  followup_date_invalid: {
    'zh-cn': '请选择有效的提醒日期',
    'en-us': 'Please choose a valid reminder date (YYYY-MM-DD)',
  },
});

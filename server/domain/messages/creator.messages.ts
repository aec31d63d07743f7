/** Messages of the creator, invitation and blacklist calls, and the localised *_str labels. */
import { defineMessages } from '../messages.ts';

defineMessages({
  bloggers_required: { 'zh-cn': '请输入达人列表', 'en-us': 'Enter at least one creator' },
  status_required: { 'zh-cn': '请选择状态', 'en-us': 'Choose a status' },
  tag_ids_required: { 'zh-cn': '请选择标签', 'en-us': 'Choose at least one tag' },
  ids_required: { 'zh-cn': '请至少选择一条记录', 'en-us': 'Select at least one record' },
  email_invalid: { 'zh-cn': '邮箱格式错误', 'en-us': 'The email address is not valid' },
  creator_handle_invalid: {
    'zh-cn': '以下不是 TikTok 用户名（字母、数字、下划线和点，最多 24 个字符）：{names}',
    'en-us': 'Not TikTok handles (letters, digits, _ and ., at most 24 characters): {names}',
  },
  sub_status_required: {
    'zh-cn': '状态为合作中时请选择子状态',
    'en-us': 'Choose a sub status for the status cooperating',
  },
  sub_status_without_cooperating: {
    'zh-cn': '只有合作中的邀约才有子状态',
    'en-us': 'Only invitations in status cooperating have a sub status',
  },
  creators_not_found: {
    'zh-cn': '所选达人在当前国家均不存在',
    'en-us': 'None of the selected creators exist in this country',
  },
  tags_not_found: {
    'zh-cn': '标签不存在或不属于当前国家',
    'en-us': 'A selected tag does not exist in this country',
  },
  blacklist_not_found: {
    'zh-cn': '所选达人不在黑名单中',
    'en-us': 'None of the selected creators are on the blacklist',
  },
  invitation_not_found: { 'zh-cn': '邀约记录不存在', 'en-us': 'Invitation not found' },
  updated_partly: {
    'zh-cn': '已修改 {updated} 位达人，{missing} 位不存在',
    'en-us':
      'Updated {updated, plural, one {# creator} other {# creators}}; {missing, plural, one {# was} other {# were}} not found',
  },
  invitation_added: {
    'zh-cn': '新增 {added} 条邀约，更新 {updated} 条',
    'en-us': 'Added {added, plural, one {# invitation} other {# invitations}}, updated {updated}',
  },
  invitation_added_some_black: {
    'zh-cn': '新增 {added} 条邀约，更新 {updated} 条；以下达人在黑名单中，未添加：{names}',
    'en-us':
      'Added {added, plural, one {# invitation} other {# invitations}}, updated {updated}; blacklisted creators were skipped: {names}',
  },
  invitation_all_black: {
    'zh-cn': '以下达人在黑名单中，不能邀约：{names}',
    'en-us': 'These creators are blacklisted and cannot be invited: {names}',
  },
  // Labels of the creator row.
  chat_yes: { 'zh-cn': '已建联', 'en-us': 'Chatted' },
  chat_no: { 'zh-cn': '未建联', 'en-us': 'Not chatted' },
  invited_yes: { 'zh-cn': '已邀约', 'en-us': 'Invited' },
  invited_no: { 'zh-cn': '未邀约', 'en-us': 'Not invited' },
  black_yes: { 'zh-cn': '已拉黑', 'en-us': 'Blacklisted' },
  black_no: { 'zh-cn': '正常', 'en-us': 'Normal' },
  // Invitation status names; status 0 = no invitation (creator rows).
  invitation_status_0: { 'zh-cn': '无', 'en-us': 'None' },
  invitation_status_1: { 'zh-cn': '建联中', 'en-us': 'Connecting' },
  invitation_status_2: { 'zh-cn': '邀约中', 'en-us': 'Inviting' },
  invitation_status_3: { 'zh-cn': '合作中', 'en-us': 'Cooperating' },
  invitation_status_4: { 'zh-cn': '已完成', 'en-us': 'Complete' },
  invitation_sub_status_1: { 'zh-cn': '未寄样', 'en-us': 'No sample sent' },
  invitation_sub_status_2: { 'zh-cn': '已寄样', 'en-us': 'Sample sent' },
  invitation_sub_status_3: { 'zh-cn': '视频制作中', 'en-us': 'Video creation' },
  invitation_sub_status_4: { 'zh-cn': '视频已发布', 'en-us': 'Video published' },
  invitation_sub_status_5: { 'zh-cn': '推广中', 'en-us': 'Promoting' },
});

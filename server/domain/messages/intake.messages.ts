import { defineMessages } from '../messages.ts';

defineMessages({
  intake_done: {
    'zh-cn': '已处理：新增 {created} 位达人，更新 {updated} 位，跳过 {rejected} 位',
    'en-us':
      'Done: {created, plural, one {# new creator} other {# new creators}}, {updated} updated, {rejected} skipped',
  },
  intake_checked: {
    'zh-cn': '预检：将新增 {created} 位达人，更新 {updated} 位，跳过 {rejected} 位',
    'en-us':
      'Dry run: {created, plural, one {# new creator} other {# new creators}}, {updated} to update, {rejected} to skip',
  },
  intake_empty: { 'zh-cn': '没有可导入的达人', 'en-us': 'There are no creators to import' },
  intake_too_many: {
    'zh-cn': '单次最多 5000 条，请分批提交',
    'en-us': 'At most 5,000 items per call; send them in batches',
  },
  intake_unique_id_required: { 'zh-cn': '缺少达人ID', 'en-us': 'The creator id is missing' },
  intake_unique_id_invalid: {
    'zh-cn': '达人ID须为 TikTok 用户名：字母、数字、下划线和点，最多 24 个字符',
    'en-us': 'A creator id is a TikTok handle: letters, digits, _ and ., at most 24 characters',
  },
  intake_email_invalid: { 'zh-cn': '邮箱格式不正确', 'en-us': 'The email address is not valid' },
  intake_country_required: { 'zh-cn': '缺少国家', 'en-us': 'The country is missing' },
  intake_duplicate: {
    'zh-cn': '与第 {index} 条重复，以后者为准',
    'en-us': 'Repeated by item {index}, which was kept',
  },
  intake_invalid_field: { 'zh-cn': '{field} 格式不正确', 'en-us': '{field} is not valid' },
});

/** Messages of the ad-spend import (/plan/cost.import): why a row of the file was refused. */
import { defineMessages } from '../messages.ts';

defineMessages({
  ad_spend_imported: {
    'zh-cn': '广告费已导入：新增{added}条，更新{updated}条，未变{unchanged}条',
    'en-us':
      'Ad spend imported: {added, plural, one {# line} other {# lines}} added, {updated} changed, {unchanged} unchanged',
  },
  ad_import_empty: { 'zh-cn': '文件中没有可导入的行', 'en-us': 'The file has no rows to import' },
  ad_import_cell_too_long: { 'zh-cn': '单元格内容过长', 'en-us': 'A cell is too long' },
  ad_import_video_required: { 'zh-cn': '缺少视频ID或链接', 'en-us': 'The video id or link is empty' },
  ad_import_video_invalid: {
    'zh-cn': '视频须为数字ID或完整的TikTok视频链接',
    'en-us': 'The video must be a numeric id or a full TikTok video link',
  },
  ad_import_video_unknown: {
    'zh-cn': '工作区在{country}没有这条视频的内容记录，请先添加该视频',
    'en-us': 'The workspace has no content record of this video in {country}; add the video first',
  },
  ad_import_video_other_plan: {
    'zh-cn': '这条视频属于另一个计划',
    'en-us': 'This video belongs to another plan',
  },
  ad_import_video_not_in_plan: {
    'zh-cn': '视频的达人 @{handle} 不在此计划中',
    'en-us': 'The video’s creator @{handle} is not in this plan',
  },
  ad_import_amount_negative: {
    'zh-cn': '花费不能为负数',
    'en-us': 'The spend cannot be negative',
  },
  ad_import_date_invalid: {
    'zh-cn':
      '日期须为2016年到2099年之间的有效日期（YYYY-MM-DD）；如果文件中的日期是日在前或月在前，请在“文件中的日期”里选择后再检查',
    'en-us':
      'The date must be a real day between 2016 and 2099 (YYYY-MM-DD); if the file writes the day or the month first, choose that under "Dates in the file" and check again',
  },

  ad_import_currency: {
    'zh-cn': '货币为{currency}，此计划使用{expected}',
    'en-us': 'The currency is {currency}; this plan is in {expected}',
  },
  ad_import_campaign_too_long: {
    'zh-cn': '广告系列名称最多{max}个字符',
    'en-us': 'The campaign name can have at most {max, plural, one {# character} other {# characters}}',
  },
});

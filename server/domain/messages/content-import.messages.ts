/** Messages of the content import (/content/import): why a row of the file was refused. */
import { defineMessages } from '../messages.ts';

defineMessages({
  content_imported: {
    'zh-cn': '内容已导入：新增{added}条，计数更新{updated}条，未变{unchanged}条',
    'en-us':
      'Content imported: {added, plural, one {# video} other {# videos}} added, {updated} with new counts, {unchanged} unchanged',
  },
  content_import_empty: { 'zh-cn': '文件中没有可导入的行', 'en-us': 'The file has no rows to import' },
  content_import_cell_too_long: { 'zh-cn': '单元格内容过长', 'en-us': 'A cell is too long' },
  content_import_creator_required: { 'zh-cn': '缺少达人用户名', 'en-us': 'The creator’s handle is empty' },
  content_import_creator_invalid: {
    'zh-cn': '达人用户名须为2到24个字母、数字、下划线或点',
    'en-us': 'A creator handle is 2 to 24 letters, digits, underscores or dots',
  },
  content_import_creator_unknown: {
    'zh-cn': '工作区在{country}没有达人 @{handle}，请先添加该达人',
    'en-us': 'The workspace has no creator @{handle} in {country}; add the creator first',
  },
  content_import_video_required: { 'zh-cn': '缺少视频ID或链接', 'en-us': 'The video id or link is empty' },
  content_import_video_invalid: {
    'zh-cn': '视频须为数字ID或完整的TikTok视频链接',
    'en-us': 'The video must be a numeric id or a full TikTok video link',
  },
  content_import_video_other_creator: {
    'zh-cn': '链接属于达人 @{handle}，与此行的达人不同',
    'en-us': 'The link is @{handle}’s video, not this row’s creator’s',
  },
  content_import_video_taken: {
    'zh-cn': '工作区已把这条视频记在达人 @{handle} 名下',
    'en-us': 'The workspace already has this video as @{handle}’s',
  },
  content_import_repeat: {
    'zh-cn': '与第{row}行是同一条视频',
    'en-us': 'The same video as row {row}',
  },
  content_import_time_required: { 'zh-cn': '缺少发布时间', 'en-us': 'The post time is empty' },
  content_import_time_invalid: {
    'zh-cn':
      '发布时间须为2016年到2100年之间的有效时间，年份在前（YYYY-MM-DD HH:MM）；如果文件中的日期是日在前或月在前，请在“文件中的日期”里选择后再检查',
    'en-us':
      'The post time must be a real time between 2016 and 2100, year first (YYYY-MM-DD HH:MM); if the file writes the day or the month first, choose that under "Dates in the file" and check again',
  },

  content_import_product_invalid: {
    'zh-cn': '商品ID须为数字，多个用逗号分隔',
    'en-us': 'Product ids must be digits, separated by commas',
  },
  content_import_products_many: {
    'zh-cn': '一条视频最多{max}个商品',
    'en-us': 'A video can name at most {max, plural, one {# product} other {# products}}',
  },
  content_import_count_invalid: {
    'zh-cn': '须为不带分隔符的整数（如 12000）',
    'en-us': 'Must be a whole number written in digits only (like 12000)',
  },
  content_import_gmv_invalid: {
    'zh-cn': 'GMV须为不带货币符号的数字，最多两位小数',
    'en-us': 'GMV must be a plain number with at most two decimals, without a currency sign',
  },
});

/** Messages of the content calls. */
import { defineMessages } from '../messages.ts';

defineMessages({
  content_link_required: { 'zh-cn': '请粘贴TikTok视频链接', 'en-us': 'Paste a TikTok video link' },
  content_link_too_long: {
    'zh-cn': '链接过长（最多500个字符）',
    'en-us': 'The link is too long (at most 500 characters)',
  },
  content_link_short: {
    'zh-cn': '无法读取短链接（vm.tiktok.com），请在浏览器中打开后复制完整地址',
    'en-us': 'Short links (vm.tiktok.com) cannot be read; open it in the browser and copy the full address',
  },
  content_link_invalid: {
    'zh-cn': '不是TikTok视频链接，应为 https://www.tiktok.com/@达人/video/数字',
    'en-us': 'Not a TikTok video link; it should look like https://www.tiktok.com/@creator/video/123…',
  },
  content_product_invalid: { 'zh-cn': '商品ID须为数字', 'en-us': 'A product id must be digits' },
  content_plan_invalid: { 'zh-cn': '计划无效', 'en-us': 'Choose a valid plan' },
  content_plan_country: {
    'zh-cn': '该计划属于{country}，请选择同一国家的计划',
    'en-us': 'That plan is for {country}; choose a plan of the same country',
  },
  content_time_invalid: {
    'zh-cn': '发布时间须在2016年到2100年之间',
    'en-us': 'The post time must be between 2016 and 2100',
  },
  content_kind_invalid: { 'zh-cn': '类型须为视频或直播', 'en-us': 'The kind must be video or LIVE' },
  content_source_invalid: { 'zh-cn': '来源无效', 'en-us': 'Unknown source' },
  content_list_scope: { 'zh-cn': '请选择达人或计划', 'en-us': 'Choose a creator or a plan' },
  content_not_found: {
    'zh-cn': '该内容记录不存在或已删除',
    'en-us': 'This content record does not exist or was deleted',
  },
  content_limit: {
    'zh-cn': '每个工作区最多{max}条内容记录',
    'en-us': 'A workspace can keep at most {max, plural, one {# content record} other {# content records}}',
  },
  content_days_invalid: { 'zh-cn': '天数须为7或30', 'en-us': 'The days must be 7 or 30' },
  content_count_invalid: {
    'zh-cn': '播放、点赞、评论和订单数须为0到1万亿之间的整数',
    'en-us': 'Views, likes, comments and orders must be whole numbers from 0 to a trillion',
  },
  content_added: { 'zh-cn': '内容已记录', 'en-us': 'Content recorded' },
});

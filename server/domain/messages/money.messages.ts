/** Messages of the plan cost and net profit calls. */
import { defineMessages } from '../messages.ts';

defineMessages({
  cost_kind_invalid: {
    'zh-cn': '费用类型须为固定费用、月度服务费或广告费',
    'en-us': 'The cost must be a fixed fee, a monthly retainer or ad spend',
  },
  cost_amount_invalid: {
    'zh-cn': '金额须为数字，例如 1200 或 1200.50',
    'en-us': 'The amount must be a number such as 1200 or 1200.50',
  },
  cost_amount_cents: {
    'zh-cn': '金额最多两位小数',
    'en-us': 'The amount can have at most two decimals',
  },
  cost_amount_range: {
    'zh-cn': '金额须大于0且不超过100亿',
    'en-us': 'The amount must be above 0 and at most 10,000,000,000',
  },
  cost_date_invalid: {
    'zh-cn': '日期须为2016年到2099年之间的有效日期（YYYY-MM-DD）',
    'en-us': 'The date must be a real day between 2016 and 2099 (YYYY-MM-DD)',
  },
  cost_end_required: { 'zh-cn': '月度服务费需要结束日期', 'en-us': 'A retainer needs an end date' },
  cost_end_only_retainer: {
    'zh-cn': '只有月度服务费有结束日期',
    'en-us': 'Only a retainer has an end date',
  },
  cost_end_before_start: {
    'zh-cn': '结束日期不能早于开始日期',
    'en-us': 'The end date cannot be before the start date',
  },
  cost_retainer_too_long: {
    'zh-cn': '月度服务费最长{max}个月',
    'en-us': 'A retainer can cover at most {max} months',
  },
  cost_content_required: { 'zh-cn': '广告费需要选择一条视频', 'en-us': 'Ad spend needs a video' },
  cost_content_only_ad: {
    'zh-cn': '只有广告费关联视频和投放渠道',
    'en-us': 'Only ad spend names a video and a channel',
  },
  cost_content_other_creator: {
    'zh-cn': '该视频不属于这位达人',
    'en-us': 'That video is not this creator’s',
  },
  cost_channel_invalid: {
    'zh-cn': '投放渠道须为Spark Ads或商品广告',
    'en-us': 'The channel must be Spark Ads or Shop Ads',
  },
  cost_creator_not_in_plan: {
    'zh-cn': '该达人不在此计划中',
    'en-us': 'This creator is not in the plan',
  },
  cost_not_found: {
    'zh-cn': '该费用记录不存在或已删除',
    'en-us': 'This cost line does not exist or was deleted',
  },
  cost_limit: {
    'zh-cn': '每个工作区最多{max}条费用记录',
    'en-us': 'A workspace can keep at most {max, plural, one {# cost line} other {# cost lines}}',
  },
});

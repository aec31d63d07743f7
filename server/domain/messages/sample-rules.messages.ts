/** Messages of the sample approval rules: a value that does not fit its rule, and a rule that refused an approval. */
import { defineMessages } from '../messages.ts';

defineMessages({
  sample_rules_min_fit_invalid: {
    'zh-cn': '最低匹配分须为0到100之间的数字',
    'en-us': 'The minimum fit score must be a number from 0 to 100',
  },
  sample_rules_min_gmv30_invalid: {
    'zh-cn': '最低30天GMV须为0到10亿之间的数字',
    'en-us': 'The minimum 30-day GMV must be a number from 0 to 1,000,000,000',
  },
  sample_rules_min_post_rate_invalid: {
    'zh-cn': '最低发布率须为0%到100%之间的数字',
    'en-us': 'The minimum post rate must be a number from 0% to 100%',
  },
  sample_rules_cap_day_invalid: {
    'zh-cn': '每日上限须为1到10,000之间的整数',
    'en-us': 'The daily cap must be a whole number from 1 to 10,000',
  },
  sample_rules_cap_product_invalid: {
    'zh-cn': '每个商品每月上限须为1到10,000之间的整数',
    'en-us': 'The cap per product per month must be a whole number from 1 to 10,000',
  },
  sample_rules_cap_month_invalid: {
    'zh-cn': '每月上限须为1到100,000之间的整数',
    'en-us': 'The monthly cap must be a whole number from 1 to 100,000',
  },
  sample_rules_price_cap_invalid: {
    'zh-cn': '样品成本上限须为0到10亿之间的数字',
    'en-us': 'The sample cost cap must be a number from 0 to 1,000,000,000',
  },
  shop_review_rule_min_fit: {
    'zh-cn': '未通过：达人对该计划的匹配度为{value}，低于规则的最低值{limit}',
    'en-us': 'Refused by a rule: the creator’s fit for the plan is {value}, below the minimum of {limit}',
  },
  shop_review_rule_min_gmv30: {
    'zh-cn': '未通过：达人30天GMV为{value}，低于规则的最低值{limit}',
    'en-us': 'Refused by a rule: the creator’s 30-day GMV is {value}, below the minimum of {limit}',
  },
  shop_review_rule_min_post_rate: {
    'zh-cn': '未通过：达人发布率为{value}%，低于规则的最低值{limit}%',
    'en-us': 'Refused by a rule: the creator’s post rate is {value}%, below the minimum of {limit}%',
  },
  shop_review_rule_price_cap: {
    'zh-cn': '未通过：样品成本为{value}，高于规则的上限{limit}',
    'en-us': 'Refused by a rule: the sample costs {value}, above the cap of {limit}',
  },
  shop_review_rule_cap_day: {
    'zh-cn': '未通过：今天已通过{value}个样品申请，已达每日上限{limit}',
    'en-us': 'Refused by a rule: the daily cap is {limit} and it is reached (approved today: {value})',
  },
  shop_review_rule_cap_product: {
    'zh-cn': '未通过：该商品本月已通过{value}个样品申请，已达每个商品每月上限{limit}',
    'en-us':
      'Refused by a rule: the cap per product a month is {limit} and it is reached (approved this month for this product: {value})',
  },
  shop_review_rule_cap_month: {
    'zh-cn': '未通过：本月已通过{value}个样品申请，已达每月上限{limit}',
    'en-us': 'Refused by a rule: the monthly cap is {limit} and it is reached (approved this month: {value})',
  },
});

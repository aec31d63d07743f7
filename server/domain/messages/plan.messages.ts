/** Messages of the plan calls. */
import { defineMessages } from '../messages.ts';

defineMessages({
  plan_not_found: { 'zh-cn': '计划不存在或已删除', 'en-us': 'This plan does not exist or was deleted' },
  plan_name_required: { 'zh-cn': '请输入计划名称', 'en-us': 'Please enter a name for the plan' },
  plan_name_too_long: {
    'zh-cn': '计划名称不能超过50个字符',
    'en-us': 'A plan name must be at most 50 characters',
  },
  plan_commission_invalid: {
    'zh-cn': '佣金率须在1%到80%之间，最多两位小数',
    'en-us': 'The commission rate must be between 1% and 80%, with at most two decimals',
  },
  plan_budget_invalid: {
    'zh-cn': '预算须为0到10亿之间的数字，最多两位小数',
    'en-us': 'The budget must be a number from 0 to 1,000,000,000, with at most two decimals',
  },
  plan_cost_invalid: {
    'zh-cn': '样品成本和运费须为0到10亿之间的数字，最多两位小数',
    'en-us': 'Sample and shipping costs must be numbers from 0 to 1,000,000,000, with at most two decimals',
  },
  plan_dates_order: {
    'zh-cn': '结束日期不能早于开始日期',
    'en-us': 'The end date cannot be before the start date',
  },
  plan_product_not_found: {
    'zh-cn': '所选商品不存在或已删除，请重新选择',
    'en-us': 'A chosen product does not exist or was deleted; choose the products again',
  },
  plan_template_not_found: {
    'zh-cn': '所选话术模板不存在或已删除，请重新选择',
    'en-us': 'The chosen chat template does not exist or was deleted; choose another',
  },
  plan_limit: {
    'zh-cn': '每个工作区最多{max}个计划，请先删除不用的计划',
    'en-us':
      'A workspace can keep at most {max, plural, one {# plan} other {# plans}}; delete one you no longer use first',
  },
  plan_full: {
    'zh-cn': '一个计划最多{max}位达人，还能加入{room}位',
    'en-us':
      'A plan holds at most {max, plural, one {# creator} other {# creators}}; {room, plural, one {# more fits} other {# more fit}}',
  },
  plan_creators_required: { 'zh-cn': '请先选择达人', 'en-us': 'Select creators first' },
  quota_invalid: {
    'zh-cn': '每周额度须为0到100000之间的整数，留空表示未设置',
    'en-us': 'The weekly quota must be a whole number from 0 to 100,000; leave it empty if not set',
  },
  plan_stage_invalid: { 'zh-cn': '未知的阶段', 'en-us': 'Unknown stage' },
  plan_invite_products: {
    'zh-cn': '定向邀约须带{max, plural, =1 {1个} other {1到#个}}商品，请先在计划中选择商品',
    'en-us':
      'A target invitation carries {max, plural, =1 {1 product} other {1 to # products}}; choose the plan’s products first',
  },
  plan_invite_commission: {
    'zh-cn': '定向邀约须设置{min}%到{max}%的佣金率，请先编辑计划的佣金率',
    'en-us':
      'A target invitation needs a commission rate from {min}% to {max}%; set it in the plan’s terms first',
  },
  followup_sample_approve: {
    'zh-cn': '计划“{plan}”：7天内批准或拒绝样品申请（TikTok规定）',
    'en-us': 'Plan “{plan}”: approve or reject the sample request within 7 days (TikTok’s rule)',
  },
  followup_sample_remind: {
    'zh-cn': '计划“{plan}”：样品已寄出5天，可提醒达人一次',
    'en-us': 'Plan “{plan}”: 5 days since shipping; one reminder to the creator is allowed',
  },
  followup_content_due: {
    'zh-cn': '计划“{plan}”：内容截止（寄出样品后{days}天），检查视频是否发布',
    'en-us':
      'Plan “{plan}”: content due ({days, plural, one {# day} other {# days}} after shipping); check that the video is up',
  },
  plan_post_within_invalid: {
    'zh-cn': '发布期限须为1到365之间的整数天',
    'en-us': 'Days to post must be a whole number from 1 to 365',
  },
  sale_added: { 'zh-cn': '销售已记录', 'en-us': 'Sale recorded' },
  sale_product_required: { 'zh-cn': '请选择商品', 'en-us': 'Choose the product sold' },
  sale_amount_invalid: {
    'zh-cn': '金额须为0到10亿之间的数字，最多两位小数',
    'en-us': 'Amounts must be numbers from 0 to 1,000,000,000, with at most two decimals',
  },
  sale_units_invalid: {
    'zh-cn': '件数须为1到1000000之间的整数',
    'en-us': 'Units must be a whole number from 1 to 1,000,000',
  },
  orders_imported: { 'zh-cn': '订单已导入', 'en-us': 'Orders imported' },
  orders_empty: { 'zh-cn': '文件中没有订单行', 'en-us': 'The file has no order lines' },
  orders_amount_cents: {
    'zh-cn': '金额最多两位小数',
    'en-us': 'Amounts have at most two decimals',
  },
  orders_bad_ref: {
    'zh-cn': '导入编号只能是8到64个字母、数字或连字符',
    'en-us': 'An import reference is 8 to 64 letters, digits or hyphens',
  },
  orders_import_closed: {
    'zh-cn': '该导入已撤销，或属于其他国家或文件类型；请重新导入文件',
    'en-us': 'This import was undone, or is of another country or layout: import the file again',
  },
  orders_import_not_found: { 'zh-cn': '找不到该导入', 'en-us': 'No such import' },
  orders_undone: { 'zh-cn': '导入已撤销', 'en-us': 'Import undone' },
  order_line_not_found: { 'zh-cn': '找不到该订单行', 'en-us': 'No such order line' },
  order_line_deleted: { 'zh-cn': '订单行已删除', 'en-us': 'Order line deleted' },
  orders_bad_id: {
    'zh-cn': '订单号、SKU、内容和商品ID只能是数字',
    'en-us': 'Order, SKU, content and product ids must be digits',
  },
  plan_message_limit: {
    'zh-cn':
      'TikTok规定达人回复前最多发送{max}条消息，已向{name}发送{max}条；请等待回复，或在达人回复后将其移到“已回复”',
    'en-us':
      'TikTok allows at most {max, plural, one {# message} other {# messages}} to a creator before they reply, and {name} has had {max}; wait for a reply, or move them to “Replied” once they answer',
  },
});

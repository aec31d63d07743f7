/** Messages of target collaborations made from a plan (server/services/shop-target.service.ts). */
import { defineMessages } from '../messages.ts';

defineMessages({
  shop_target_key_invalid: {
    'zh-cn': '请求标识无效，请关闭对话框后重试',
    'en-us': 'The request key is not valid; close the dialog and try again',
  },
  shop_target_key_reused: {
    'zh-cn': '该请求标识已用于另一个计划，请关闭对话框后重试',
    'en-us': 'This request key was used for another plan; close the dialog and try again',
  },
  shop_target_running: {
    'zh-cn': '该计划的 TikTok Shop 邀约正在发送中，请稍候查看结果',
    'en-us': 'A TikTok Shop invitation for this plan is being sent; wait for its outcome',
  },
  shop_target_name_required: { 'zh-cn': '请输入邀约名称', 'en-us': 'Please enter a name for the invitation' },
  shop_target_end_invalid: { 'zh-cn': '请选择结束日期', 'en-us': 'Please choose an end date' },
  shop_target_end_too_soon: {
    'zh-cn': '结束日期须至少在 {days} 天之后（TikTok 要求留出余量）',
    'en-us':
      'The end date must be at least {days, plural, one {# day} other {# days}} from now (TikTok asks for a margin)',
  },
  shop_target_end_too_far: {
    'zh-cn': '结束日期最多在 {days} 天之后',
    'en-us': 'The end date can be at most {days, plural, one {# day} other {# days}} from now',
  },
  shop_target_rate_invalid: {
    'zh-cn': '佣金率须为 1% 到 80% 之间的数字，最多两位小数',
    'en-us': 'The commission rate must be from 1% to 80%, with at most two decimals',
  },
  shop_target_products_required: { 'zh-cn': '请至少选择一个商品', 'en-us': 'Choose at least one product' },
  shop_target_product_twice: { 'zh-cn': '同一商品只能选择一次', 'en-us': 'Each product can be chosen once' },
  shop_target_product_not_in_plan: {
    'zh-cn': '所选商品须属于该计划且带有 TikTok 商品 ID',
    'en-us': "The products must be the plan's own, each with its TikTok product id",
  },
  shop_target_email_invalid: {
    'zh-cn': '请输入有效的联系邮箱',
    'en-us': 'Please enter a valid contact email',
  },
  shop_target_creators_not_in_plan: {
    'zh-cn': '有 {count} 位达人不在该计划中（或不属于计划的国家），请刷新后重新选择',
    'en-us':
      '{count, plural, one {# creator is} other {# creators are}} not in this plan (or not of its country); reload and select again',
  },
  shop_target_blacklisted: {
    'zh-cn': '以下达人在黑名单中，请从所选中移除：{names}',
    'en-us': 'These creators are on the blacklist; remove them from the selection: {names}',
  },
  shop_target_no_user_id: {
    'zh-cn':
      'TikTok 需要达人的用户 ID，以下达人尚无（店铺同步从其样品申请中获得）：{names}。请从所选中移除，或等其样品申请同步后再试',
    'en-us':
      "TikTok needs each creator's user id, which the shop sync learns from their sample applications; these have none yet: {names}. Remove them from the selection, or try again once a sample application of theirs has synced",
  },
  shop_target_no_shop: {
    'zh-cn': '本工作区没有已连接的 {country} TikTok Shop 店铺，请先在设置中连接',
    'en-us': 'This workspace has no connected TikTok Shop for {country}; connect one in Settings first',
  },
  shop_target_shop_other_country: {
    'zh-cn': '所选店铺“{shop}”不属于该计划的国家（{country}），请选择 {country} 的店铺',
    'en-us':
      "The chosen shop “{shop}” does not sell in this plan's country ({country}); choose a {country} shop",
  },
  shop_target_shop_stopped: {
    'zh-cn': '店铺“{shop}”已停止（{code}），未做任何更改；请管理员在设置中处理后再试',
    'en-us':
      'The shop “{shop}” is stopped ({code}); nothing was changed. Ask the team admin to fix it in Settings, then try again',
  },
});

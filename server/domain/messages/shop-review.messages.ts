/** Messages of reviewing the shop's sample applications: refusals of the call and of one application. */
import { defineMessages } from '../messages.ts';

defineMessages({
  shop_review_ids_required: {
    'zh-cn': '请选择要审核的样品申请',
    'en-us': 'Select the sample requests to review',
  },
  shop_review_id_invalid: {
    'zh-cn': '样品申请编号无效',
    'en-us': 'A sample request id is not valid',
  },
  shop_review_result_invalid: {
    'zh-cn': '审核结果只能是通过或拒绝',
    'en-us': 'The review is either approve or reject',
  },
  shop_review_reason_required: {
    'zh-cn': '拒绝时请选择原因',
    'en-us': 'Choose a reason to reject',
  },
  shop_review_reason_invalid: {
    'zh-cn': '拒绝原因只能是：不匹配、已下架、缺货或其他；通过时不填原因',
    'en-us': 'The reason is one of: not a match, offline, out of stock, other; an approval takes none',
  },
  shop_review_shop_not_active: {
    'zh-cn': '店铺已停止同步或已断开，未做任何更改。请管理员在“设置 → TikTok Shop”处理后再审核。',
    'en-us':
      'The shop is stopped or disconnected, so nothing was changed. An admin: fix it in Settings → TikTok Shop, then review again.',
  },
  shop_review_not_found: {
    'zh-cn': '在本工作区找不到该样品申请',
    'en-us': 'This sample request is not in this workspace',
  },
  shop_review_not_pending: {
    'zh-cn': '该申请已审核过（在这里或在卖家中心）',
    'en-us': 'This request was already reviewed (here or in Seller Center)',
  },
  shop_review_in_review: {
    'zh-cn': '另一个审核正在处理该申请，请稍后刷新',
    'en-us': 'Another review of this request is under way; refresh in a moment',
  },
  shop_review_tiktok_unavailable: {
    'zh-cn': '暂时无法连接 TikTok，申请未更改，请稍后再试',
    'en-us': 'TikTok could not be reached; the request is unchanged, try again later',
  },
});

/** Messages of the sample requests recorded in plans (/plan/samples.*). */
import { defineMessages } from '../messages.ts';

defineMessages({
  plan_samples_id_invalid: {
    'zh-cn': '样品申请编号无效（应为“计划编号:达人编号”）',
    'en-us': 'A sample request id is not valid (it is “plan id:creator id”)',
  },
  plan_samples_ids_required: {
    'zh-cn': '请选择至少一个样品申请',
    'en-us': 'Select at least one sample request',
  },
  plan_samples_reason_required: {
    'zh-cn': '拒绝时请填写原因',
    'en-us': 'A rejection needs a reason',
  },
  plan_samples_reason_approve: {
    'zh-cn': '通过申请时不需要原因',
    'en-us': 'An approval takes no reason',
  },
  plan_samples_not_found: {
    'zh-cn': '在本工作区的计划中找不到该达人',
    'en-us': 'This creator is not in that plan in this workspace',
  },
  plan_samples_not_pending: {
    'zh-cn': '该达人在计划中已不处于“申请样品”阶段',
    'en-us': 'This creator is no longer at “sample requested” in the plan',
  },
  plan_samples_in_shop: {
    'zh-cn': '店铺中有该达人对此商品的待审核申请，请在店铺申请列表中审核',
    'en-us':
      'The shop has a pending application of this creator for this product: review it in the shop’s list',
  },
});

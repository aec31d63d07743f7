/** Messages of the ledger call. */
import { defineMessages } from '../messages.ts';

defineMessages({
  ledger_scope_required: {
    'zh-cn': '请指定计划或达人',
    'en-us': 'Name a plan or a creator',
  },
  ledger_not_member: {
    'zh-cn': '该达人不在此计划中',
    'en-us': 'This creator is not in this plan',
  },
});

/** Messages the file imports share: how a file writes its dates (contract/date-order.ts). */
import { defineMessages } from '../messages.ts';

defineMessages({
  import_date_order_invalid: {
    'zh-cn': '日期顺序须为年在前、日在前或月在前',
    'en-us': 'The date order must be year first, day first or month first',
  },
});

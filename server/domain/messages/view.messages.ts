/** Messages of the saved-view calls. */
import { defineMessages } from '../messages.ts';

defineMessages({
  view_not_found: { 'zh-cn': '视图不存在或已删除', 'en-us': 'This view does not exist or was deleted' },
  view_title_required: { 'zh-cn': '请输入视图名称', 'en-us': 'Please enter a name for the view' },
  view_title_too_long: {
    'zh-cn': '视图名称不能超过50个字符',
    'en-us': 'A view name must be at most 50 characters',
  },
  view_title_taken: {
    'zh-cn': '已有同名视图，请换一个名称',
    'en-us': 'A view with this name already exists; choose another name',
  },
  view_query_invalid: { 'zh-cn': '视图的筛选条件无效', 'en-us': "The view's filters are not valid" },
  view_not_yours: {
    'zh-cn': '只有视图的创建者或团队管理员可以修改或删除它',
    'en-us': 'Only the person who saved this view or the team admin can change or delete it',
  },
  view_limit: {
    'zh-cn': '每个工作区最多保存{max}个视图，请先删除不用的视图',
    'en-us':
      'A workspace can keep at most {max, plural, one {# saved view} other {# saved views}}; delete one you no longer use first',
  },
});

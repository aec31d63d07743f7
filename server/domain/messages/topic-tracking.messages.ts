/** Messages of topic tracking: topic videos, influencers, amateurs and the amateur threshold. */
import { defineMessages } from '../messages.ts';
// status_str of authors reuses the invitation status names defined there.
import './creator.messages.ts';

defineMessages({
  topic_authors_not_found: {
    'zh-cn': '未找到这些达人',
    'en-us': 'None of these creators were found in your topics',
  },
  topic_authors_added: {
    'zh-cn': '已加入达人库：新增 {created} 位，更新 {updated} 位',
    'en-us':
      'Added to the creator database: {created, plural, one {# new creator} other {# new creators}}, {updated} updated',
  },
  amateur_threshold_invalid: {
    'zh-cn': '素人粉丝阈值必须是正整数',
    'en-us': 'The amateur follower threshold must be a positive whole number',
  },
  amateur_threshold_forbidden: {
    'zh-cn': '只有团队管理员可以修改素人阈值',
    'en-us': 'Only the team admin can change the amateur threshold',
  },
});

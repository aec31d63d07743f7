/** Messages of the conflict rule for text records: who changed or deleted what first. */
import { defineMessages } from '../messages.ts';

const NOUNS = {
  tag: { 'zh-cn': '标签', 'en-us': 'tag' },
  template: { 'zh-cn': '话术模板', 'en-us': 'template' },
  product: { 'zh-cn': '商品', 'en-us': 'product' },
  note: { 'zh-cn': '备注', 'en-us': 'note' },
} as const;

const dict: Parameters<typeof defineMessages>[0] = {};
for (const [key, noun] of Object.entries(NOUNS)) {
  const zh = noun['zh-cn'];
  const en = noun['en-us'];
  dict[`edit_conflict_changed_${key}`] = {
    'zh-cn': `{name} 在你编辑期间修改了这个${zh}，你的修改尚未保存。可以用你的版本覆盖，或保留对方的版本。`,
    'en-us': `{name} changed this ${en} after you started editing; yours is not saved yet. Save yours over it, or keep theirs.`,
  };
  dict[`edit_conflict_changed_${key}_someone`] = {
    'zh-cn': `团队成员在你编辑期间修改了这个${zh}，你的修改尚未保存。可以用你的版本覆盖，或保留对方的版本。`,
    'en-us': `A teammate changed this ${en} after you started editing; yours is not saved yet. Save yours over it, or keep theirs.`,
  };
  dict[`edit_conflict_deleted_${key}`] = {
    'zh-cn': `{name} 在你编辑期间删除了这个${zh}，你的修改尚未保存。可以用你的版本恢复它，或放弃修改。`,
    'en-us': `{name} deleted this ${en} after you started editing; yours is not saved yet. Save yours to bring it back, or let it go.`,
  };
  dict[`edit_conflict_deleted_${key}_someone`] = {
    'zh-cn': `团队成员在你编辑期间删除了这个${zh}，你的修改尚未保存。可以用你的版本恢复它，或放弃修改。`,
    'en-us': `A teammate deleted this ${en} after you started editing; yours is not saved yet. Save yours to bring it back, or let it go.`,
  };
}
defineMessages(dict);

/**
 * The seller's own words in a demo workspace, in the demo account's language (the zh-cn
 * demo used to show English tags, templates, notes and blacklist reasons). The generators keep writing
 * the English originals, so their random streams and the creators they make stay the same; the
 * writer passes every seller-written text through `text()` on its way into the database. Market
 * data (product listings, creator profiles, local-language templates) stays as the market has it.
 */
import type { Language } from '../../contract/constants.ts';
import type { TagTitle } from './catalog.ts';

const ZH_TAGS: Record<TagTitle, string> = {
  'Top seller': '带货达人',
  Replied: '已回复',
  'Needs sample': '待寄样',
  'Sample sent': '已寄样',
  'High engagement': '高互动',
  'Long-term partner': '长期合作',
  'Live seller': '直播带货',
  'Micro creator': '小达人',
  'Follow up': '待跟进',
  'Price sensitive': '价格敏感',
  'No reply': '未回复',
  'Agency managed': '机构签约',
};

/** The six shared templates, by their English titles. */
const ZH_TEMPLATES: Record<string, [string, string]> = {
  'First outreach': [
    '首次联系',
    '你好 {creator_name}！我是 TikTok Shop 店铺的 {seller_name}。很喜欢你的视频，觉得我们的商品 {product_id} 很适合你的粉丝。愿意接受免费样品并获得 15% 佣金吗？',
  ],
  'Free sample offer': [
    '免费寄样',
    '{creator_name} 你好，我们想免费寄给你一份 {product_id} 样品，没有任何附加条件。如果喜欢，拍一条短视频就太好了。方便告诉我们收货地址吗？—— {seller_name}',
  ],
  'Follow-up (no reply)': [
    '跟进（未回复）',
    '{creator_name} 你好，跟进一下上次关于 {product_id} 的消息。本周合作邀请依然有效，有任何问题随时告诉我！—— {seller_name}',
  ],
  'Sample shipped': [
    '样品已寄出',
    '好消息 {creator_name}：你的 {product_id} 样品已经寄出！物流信息已发到你的收件箱，期待你的视频。—— {seller_name}',
  ],
  'Posting reminder': [
    '发布提醒',
    '{creator_name} 你好，希望你喜欢 {product_id}！友情提醒一下我们约好的视频，记得标记店铺并挂上商品链接，这样佣金才能计入。谢谢！—— {seller_name}',
  ],
  'Thank you & next campaign': [
    '感谢与下次合作',
    '谢谢 {creator_name}，你为 {product_id} 拍的视频效果非常好！我们正在筹备下一次活动，很希望再次合作。—— {seller_name}',
  ],
};

const ZH_PHRASES: Record<string, string> = {
  // invitation terms
  '15% commission, 1 video': '15% 佣金，1 条视频',
  '20% commission + free sample, 2 videos': '20% 佣金 + 免费样品，2 条视频',
  'Flat fee 50 USD + 10% commission': '固定费用 50 美元 + 10% 佣金',
  '12% commission, 1 live session': '12% 佣金，1 场直播',
  'Free sample, 1 video within 14 days': '免费样品，14 天内 1 条视频',
  '18% commission, 3 videos over a month': '18% 佣金，一个月内 3 条视频',
  // invitation history notes
  'Invitation created': '已创建邀约',
  'Invitation sent to the creator': '已向达人发出邀约',
  'Collaboration complete': '合作已完成',
  'Creator accepted; sample not sent yet': '达人已接受，尚未寄样',
  'Creator is filming the video': '达人正在拍摄视频',
  'Video published': '视频已发布',
  'Video boosted with ads': '视频已投放广告加热',
  // blacklist reasons
  'Did not post after receiving the sample': '收到样品后未发布视频',
  'Suspected fake followers': '疑似虚假粉丝',
  'Asked for upfront payment before any work': '未合作先要求预付款',
  'No reply after three follow-ups': '跟进三次仍未回复',
  'Posted content that breaks our brand guidelines': '发布的内容违反品牌规范',
  'Resold the free samples': '转卖免费样品',
  'Missed the agreed posting date twice': '两次错过约定的发布日期',
};

export interface SeedTexts {
  /** A tag title as the workspace stores it. */
  tag(title: TagTitle | string): string;
  /** A shared template (title and content) as the workspace stores it. */
  template(title: string, content: string): [string, string];
  /** Any other seller-written text (terms, notes, reasons). */
  text(s: string): string;
}

const english: SeedTexts = { tag: (t) => t, template: (t, c) => [t, c], text: (s) => s };

const chinese: SeedTexts = {
  tag: (t) => ZH_TAGS[t as TagTitle] ?? t,
  template: (t, c) => ZH_TEMPLATES[t] ?? [t, c],
  text: (s) => {
    const shipped = /^Sample shipped via (.+)$/.exec(s);
    if (shipped) return `样品已通过 ${shipped[1]} 寄出`;
    return ZH_PHRASES[s] ?? s;
  },
};

export const seedTexts = (language: Language = 'en-us'): SeedTexts =>
  language === 'zh-cn' ? chinese : english;

/** The columns of each export type, with headers in both languages: shared by the server's export job and the PWA's offline "export this view". */
import type { DownloadType, Language } from './constants.ts';

/**
 * Text a spreadsheet would run as a formula (OWASP CSV injection): = + - @ tab or CR first. CSV gets
 * a leading apostrophe; XLSX writes it as a plain string cell (server and offline exports alike).
 */
export const FORMULA_START = /^[=+\-@\t\r]/;

export interface Column {
  key: string;
  'en-us': string;
  'zh-cn': string;
  width?: number;
}

const c = (key: string, en: string, zh: string, width = 14): Column => ({
  key,
  'en-us': en,
  'zh-cn': zh,
  width,
});

export const CREATOR_COLUMNS: Column[] = [
  c('unique_id', 'Creator ID', '达人ID', 22),
  c('daren_name', 'Name', '达人名称', 20),
  c('country', 'Country', '国家', 8),
  c('follower_count', 'Followers', '粉丝数'),
  c('email', 'Email', '邮箱', 24),
  c('bio_link', 'Bio link', '简介链接', 28),
  c('categorys', 'Categories', '类目', 22),
  c('gmv_t30', 'GMV (30 days)', '近30天GMV'),
  c('units_sold_t30', 'Units sold (30 days)', '近30天销量'),
  c('video_count', 'Videos', '视频数'),
  c('video_engagement_t30', 'Engagement % (30 days)', '近30天互动率%'),
  c('is_chat_str', 'Chat', '建联状态'),
  c('is_invitation_str', 'Invitation', '邀约状态'),
  c('is_black_str', 'Blacklist', '黑名单'),
  c('tags', 'Tags', '标签', 24),
  c('add_time', 'Added', '添加时间', 20),
];

export const BLACKLIST_COLUMNS: Column[] = [
  c('unique_id', 'Creator ID', '达人ID', 22),
  c('country', 'Country', '国家', 8),
  c('email', 'Email', '邮箱', 24),
  c('bio_link', 'Bio link', '简介链接', 28),
  c('follower_count', 'Followers', '粉丝数'),
  c('reason', 'Reason', '拉黑原因', 30),
  c('add_time', 'Added', '添加时间', 20),
];

export const AMATEUR_COLUMNS: Column[] = [
  c('unique_id', 'Creator ID', '达人ID', 22),
  c('nick_name', 'Nickname', '昵称', 20),
  c('country', 'Country', '国家', 8),
  c('follower_count', 'Followers', '粉丝数'),
  c('email', 'Email', '邮箱', 24),
  c('bio_link', 'Bio link', '简介链接', 28),
  c('categorys', 'Categories', '类目', 22),
  c('video_count', 'Videos', '视频数'),
  c('heart_count', 'Likes', '获赞数'),
  c('video_engagement_t30', 'Engagement % (30 days)', '近30天互动率%'),
  c('add_time', 'Added', '添加时间', 20),
];

/** The invitation export: the invitation's own fields first, then its creator's. */
export const INVITATION_COLUMNS: Column[] = [
  c('unique_id', 'Creator ID', '达人ID', 22),
  c('daren_name', 'Name', '达人名称', 20),
  c('country', 'Country', '国家', 8),
  c('status_str', 'Status', '邀约状态', 14),
  c('sub_status_str', 'Sample status', '样品状态', 16),
  c('product_id', 'Product IDs', '商品ID', 24),
  c('logistics', 'Logistics', '物流信息', 20),
  c('cooperate', 'Cooperation', '合作数据', 20),
  c('daren_email', 'Email', '邮箱', 24),
  c('daren_phone', 'Phone', '电话', 16),
  c('follower_count', 'Followers', '粉丝数'),
  c('tags', 'Tags', '标签', 24),
  c('add_time', 'Invited', '邀约时间', 20),
  c('update_time', 'Updated', '更新时间', 20),
];

const COLUMNS: Partial<Record<DownloadType, Column[]>> = {
  black: BLACKLIST_COLUMNS,
  layman: AMATEUR_COLUMNS,
  invitation: INVITATION_COLUMNS,
};

export const columnsFor = (type: DownloadType): Column[] => COLUMNS[type] ?? CREATOR_COLUMNS;

export const FLAG_TEXT: Record<'chat' | 'invitation' | 'black', Record<Language, [string, string]>> = {
  chat: { 'en-us': ['Not chatted', 'Chatted'], 'zh-cn': ['未建联', '已建联'] },
  invitation: { 'en-us': ['Not invited', 'Invited'], 'zh-cn': ['未邀约', '已邀约'] },
  black: { 'en-us': ['Normal', 'Blacklisted'], 'zh-cn': ['正常', '已拉黑'] },
};

export const TYPE_FILE_NAME: Record<DownloadType, string> = {
  blogger: 'creators',
  chat: 'chatted',
  unchat: 'not-chatted',
  invitation: 'invited',
  uninvitation: 'not-invited',
  black: 'blacklist',
  layman: 'amateurs',
};

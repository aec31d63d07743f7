import { defineMessages } from '../http/messages.ts';

defineMessages({
  download_type_required: {
    'zh-cn': '请选择要下载的达人类型',
    'en-us': 'Select the influencer type to download',
  },
  download_started: { 'zh-cn': '正在生成文件，请稍候', 'en-us': 'Preparing your file…' },
  download_expired: {
    'zh-cn': '下载链接不存在或已过期',
    'en-us': 'This download link is unknown or has expired',
  },
  download_not_allowed: {
    'zh-cn': '您已不在该文件所属的团队或工作区，无法下载',
    'en-us': 'You no longer work in the workspace this file belongs to',
  },
});

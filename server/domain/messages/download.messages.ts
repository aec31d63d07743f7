import { defineMessages } from '../messages.ts';

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
  download_running_limit: {
    'zh-cn': '您已有 {max} 个导出正在进行。请等其中一个完成后再开始这次导出。',
    'en-us':
      'You already have {max} exports in progress. Wait for one of them to finish, then start this one.',
  },
  download_hourly_limit: {
    'zh-cn': '过去一小时内您已开始 {max} 个导出。请 {minutes} 分钟后再开始下一个。',
    'en-us': 'You have started {max} exports in the last hour. Start the next one in {minutes} min.',
  },
});

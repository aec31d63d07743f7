/** Messages of the browser extension's calls. */
import { defineMessages } from '../messages.ts';

defineMessages({
  ext_code_invalid: {
    'zh-cn': '配对码应为 10 位字母和数字（例如 ABCDE-12345）',
    'en-us': 'A pairing code is 10 letters and digits (like ABCDE-12345)',
  },
  ext_code_wrong: {
    'zh-cn': '配对码错误、已使用或已过期（有效期 {minutes} 分钟）。请在应用的账户菜单中重新生成',
    'en-us':
      "This pairing code is wrong, used or expired (codes last {minutes, plural, one {# minute} other {# minutes}}). Make a new one in the app's account menu",
  },
  ext_code_limit: {
    'zh-cn': '生成配对码过于频繁，请稍后再试',
    'en-us': 'Too many pairing codes were made; try again later',
  },
  ext_pair_limit: {
    'zh-cn': '错误的配对码过多，请稍后再试',
    'en-us': 'Too many wrong pairing codes from this address; try again later',
  },
  ext_sessions_limit: {
    'zh-cn': '最多可连接 {max} 个浏览器扩展，请先在应用中断开一个',
    'en-us':
      'At most {max, plural, one {# browser extension} other {# browser extensions}} can be connected; disconnect one in the app first',
  },
  ext_paired: { 'zh-cn': '浏览器扩展已连接', 'en-us': 'The browser extension is connected' },
  ext_disconnected: { 'zh-cn': '浏览器扩展已断开', 'en-us': 'The browser extension is disconnected' },
  ext_session_not_found: {
    'zh-cn': '该扩展不存在或已断开',
    'en-us': 'This extension does not exist or is already disconnected',
  },
  ext_not_allowed: {
    'zh-cn': '浏览器扩展无权执行此操作，请在应用中完成',
    'en-us': 'The browser extension may not do this; do it in the app',
  },
});
